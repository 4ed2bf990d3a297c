import { closeTo, expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute } from './compute';

const INVALID = 'Please enter valid numbers for both fields.';

describe('percentage-converter compute', () => {
  it.each([
    [200, 15, 30],
    [50, 50, 25],
    [80, 100, 80],
    [80, 0, 0],
    [0, 37, 0],
    [40, 250, 100],
    [-50, 20, -10],
    [50, -20, -10],
    [-50, -20, 10],
  ])('base %d, percentage %d gives %d', (base, percentage, expected) => {
    expect(expectOk(compute({ base, percentage })).value).toBe(expected);
  });

  it('computes base × percentage ÷ 100 without rounding the value', () => {
    expect(expectOk(compute({ base: 10, percentage: 33.33333 })).value).toBe((10 * 33.33333) / 100);
    expect(closeTo(expectOk(compute({ base: 1, percentage: 1 / 3 })).value, 1 / 300, 1e-15)).toBe(true);
    expect(closeTo(expectOk(compute({ base: 7, percentage: 0.001 })).value, 0.00007, 1e-15)).toBe(true);
  });

  it('writes the sentence the screen shows, R to at most 4 decimals', () => {
    expect(expectOk(compute({ base: 200, percentage: 15 })).text).toBe('15% of 200 is 30');
    expect(expectOk(compute({ base: 10, percentage: 33.33333 })).text).toBe('33.33333% of 10 is 3.3333');
    expect(expectOk(compute({ base: 2, percentage: 12.5 })).text).toBe('12.5% of 2 is 0.25');
    expect(expectOk(compute({ base: 7, percentage: 0.001 })).text).toBe('0.001% of 7 is 0.0001');
    expect(expectOk(compute({ base: 3, percentage: 0.001 })).text).toBe('0.001% of 3 is 0');
    expect(expectOk(compute({ base: -50, percentage: 20 })).text).toBe('20% of -50 is -10');
  });

  it('rounds R half away from zero on the decimal number', () => {
    // 1.23455 is stored as 1.2345499999…; toFixed(4) would say 1.2345.
    expect(expectOk(compute({ base: 100, percentage: 1.23455 })).text).toBe('1.23455% of 100 is 1.2346');
    expect(expectOk(compute({ base: -100, percentage: 1.23455 })).text).toBe('1.23455% of -100 is -1.2346');
  });

  it('accepts raw form values', () => {
    const result = expectOk(compute({ base: ' 250 ', percentage: '12.5' }));
    expect(result.value).toBe(31.25);
    expect(result.text).toBe('12.5% of 250 is 31.25');
  });

  it('never answers -0', () => {
    expect(Object.is(expectOk(compute({ base: 0, percentage: -5 })).value, 0)).toBe(true);
    expect(expectOk(compute({ base: 0, percentage: -5 })).text).toBe('-5% of 0 is 0');
  });

  it('shows large results with all their integer digits', () => {
    expect(expectOk(compute({ base: 2 ** 50, percentage: 100 })).text).toBe(
      '100% of 1125899906842624 is 1125899906842624',
    );
  });

  it('answers when base × percentage overflows but the result fits, and refuses when it does not', () => {
    expect(closeTo(expectOk(compute({ base: 1e308, percentage: 50 })).value, 5e307)).toBe(true);
    expect(expectError(compute({ base: 1e308, percentage: 1000 }))).toBe(INVALID);
  });

  it.each([[''], ['  '], ['abc'], ['5%'], [null], [undefined], [Number.NaN], [Number.NEGATIVE_INFINITY]])(
    'refuses %j in either field',
    (bad) => {
      expect(expectError(compute({ base: bad as never, percentage: 10 }))).toBe(INVALID);
      expect(expectError(compute({ base: 10, percentage: bad as never }))).toBe(INVALID);
      expect(expectError(compute({ base: bad as never, percentage: bad as never }))).toBe(INVALID);
    },
  );

  it('is symmetric: P% of B equals B% of P', () => {
    for (const [a, b] of [
      [8, 50],
      [12.5, 64],
      [-3.3, 71],
      [1234.5678, 0.25],
    ] as const) {
      const ab = expectOk(compute({ base: a, percentage: b })).value;
      const ba = expectOk(compute({ base: b, percentage: a })).value;
      expect(closeTo(ab, ba, 1e-15)).toBe(true);
    }
  });

  it('finds the base again from the result (there and back)', () => {
    for (const [base, percentage] of [
      [200, 15],
      [37.5, 8],
      [-1000, 2.5],
      [0.003, 120],
    ] as const) {
      const part = expectOk(compute({ base, percentage })).value;
      const back = expectOk(compute({ base: part, percentage: 10000 / percentage })).value;
      expect(closeTo(back, base, 1e-12)).toBe(true);
    }
  });
});
