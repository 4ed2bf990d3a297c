import { describe, expect, it } from 'vitest';
import { compute } from './compute';
import { DEFAULT_PRICE_USD_PER_LITRE, fuelFigures, INVALID_FUEL, toKmPerLitre } from './units';

describe("the form's efficiency and price", () => {
  it('read a decimal comma as every tool does', () => {
    expect(fuelFigures('12,5', '5000,50', 'kmpl', 3700)).toEqual({
      kmPerLitre: 12.5,
      priceUsdPerLitre: 5000.5 / 3700,
    });
    expect(fuelFigures(' 30,2 ', 1.5, 'mpg', undefined)).toEqual({
      kmPerLitre: toKmPerLitre(30.2, 'mpg'),
      priceUsdPerLitre: 1.5,
    });
  });

  it('leave a blank efficiency to compute and take the default price for a blank one', () => {
    expect(fuelFigures('', '  ', 'kmpl', 2)).toEqual({
      kmPerLitre: '',
      priceUsdPerLitre: DEFAULT_PRICE_USD_PER_LITRE,
    });
  });

  it('make text that is no number one that compute refuses', () => {
    for (const [efficiency, price] of [
      ['abc', '1'],
      ['12', '1,500'],
    ]) {
      const figures = fuelFigures(efficiency, price, 'kmpl', 1);
      const answer = compute({ distanceMeters: 1000, ...figures });
      // It names the compute's own field (kmPerLitre), which no field of the form is: none is marked.
      expect(answer).toMatchObject({ ok: false, error: INVALID_FUEL });
    }
  });
});
