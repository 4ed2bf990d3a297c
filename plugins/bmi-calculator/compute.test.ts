import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { type BmiInput, compute } from './compute';

const run = (input: Record<string, unknown>) => compute(input as BmiInput);
const metric = (weight: unknown, height: unknown) => run({ system: 'metric', weight, height });
const imperial = (weight: unknown, feet: unknown, inches: unknown) =>
  run({ system: 'imperial', weight, feet, inches });

describe('bmi-calculator compute', () => {
  it('metric: kg ÷ m², 1 decimal, with category, colour, tip and healthy range', () => {
    const out = expectOk(metric(70, 1.75));
    expect(out).toMatchObject({
      bmi: 22.9,
      category: 'Normal Weight',
      color: 'green',
      healthyWeight: { min: 56.7, max: 76.3 },
      text: 'Your BMI is 22.9 (Normal Weight)',
    });
    expect(out.tip.length).toBeGreaterThan(20);
  });

  it('imperial: 703 × lbs ÷ in², healthy range in pounds', () => {
    // 5 ft 9 in = 69 in: 703 × 150 / 4761 = 22.148…; 18.5 × 4761 / 703 = 125.29…; 24.9 × 4761 / 703 = 168.63…
    expect(expectOk(imperial(150, 5, 9))).toMatchObject({
      bmi: 22.1,
      category: 'Normal Weight',
      healthyWeight: { min: 125.3, max: 168.6 },
    });
  });

  it('imperial inches may be empty or missing (0 inches)', () => {
    expect(expectOk(imperial(180, 6, '')).bmi).toBe(24.4);
    expect(expectOk(run({ system: 'imperial', weight: 180, feet: 6 })).bmi).toBe(24.4);
    expect(expectOk(imperial(180, 0, 72)).bmi).toBe(24.4);
  });

  it('says the BMI with one decimal in its text, a whole number too', () => {
    // At 1 m the BMI is the weight itself.
    expect(expectOk(metric(25, 1)).text).toBe('Your BMI is 25.0 (Overweight)');
    expect(expectOk(imperial(100, 6, 0)).text).toBe('Your BMI is 13.6 (Underweight)');
  });

  it('accepts raw form values', () => {
    expect(expectOk(metric(' 70 ', '1.75')).bmi).toBe(22.9);
  });

  it.each([
    [45, 1.7, 15.6, 'Underweight', 'blue'],
    [60, 1.7, 20.8, 'Normal Weight', 'green'],
    [80, 1.7, 27.7, 'Overweight', 'orange'],
    [100, 1.7, 34.6, 'Obese', 'red'],
  ])('%d kg at %d m: %d, %s (%s)', (weight, height, bmi, category, color) => {
    expect(expectOk(metric(weight, height))).toMatchObject({ bmi, category, color });
  });

  it('reads the category from the rounded BMI (half away from zero on the decimal number)', () => {
    // At 1 m the BMI is the weight itself.
    expect(expectOk(metric(18.44, 1))).toMatchObject({ bmi: 18.4, category: 'Underweight' });
    expect(expectOk(metric(18.45, 1))).toMatchObject({ bmi: 18.5, category: 'Normal Weight' });
    expect(expectOk(metric(24.94, 1))).toMatchObject({ bmi: 24.9, category: 'Normal Weight' });
    expect(expectOk(metric(24.95, 1))).toMatchObject({ bmi: 25, category: 'Overweight' });
    expect(expectOk(metric(29.94, 1))).toMatchObject({ bmi: 29.9, category: 'Overweight' });
    expect(expectOk(metric(29.95, 1))).toMatchObject({ bmi: 30, category: 'Obese' });
  });

  it('each category has its own tip', () => {
    const tips = [45, 60, 80, 100].map((w) => expectOk(metric(w, 1.7)).tip);
    expect(new Set(tips).size).toBe(4);
  });

  it('the healthy range gives a BMI of 18.5 and 24.9 at that height', () => {
    for (const height of [1.5, 1.62, 1.8, 2.05]) {
      const { healthyWeight } = expectOk(metric(70, height));
      expect(expectOk(metric(healthyWeight.min, height)).bmi).toBe(18.5);
      expect(expectOk(metric(healthyWeight.max, height)).bmi).toBe(24.9);
    }
  });

  it.each([[0], [-70], [''], ['heavy'], [null], [undefined], [Number.NaN]])(
    'weight %j → Please enter a valid weight.',
    (weight) => {
      expect(expectError(metric(weight, 1.75))).toBe('Please enter a valid weight.');
      expect(expectError(imperial(weight, 5, 9))).toBe('Please enter a valid weight.');
    },
  );

  it.each([[0], [-1.75], [''], ['tall'], [null], [Number.POSITIVE_INFINITY]])(
    'metric height %j → Please enter a valid height.',
    (height) => {
      expect(expectError(metric(70, height))).toBe('Please enter a valid height.');
    },
  );

  it('weight is checked before height', () => {
    expect(expectError(metric('', ''))).toBe('Please enter a valid weight.');
  });

  it('a refusal names the field it is about; the height in feet and inches as a whole names none', () => {
    expect(metric(0, 1.75)).toMatchObject({ ok: false, field: 'weight' });
    expect(metric(70, 175)).toMatchObject({ ok: false, field: 'height' });
    expect(imperial(0, 5, 9)).toMatchObject({ ok: false, field: 'weight' });
    expect(imperial(150, -1, 2)).toMatchObject({ ok: false, field: 'feet' });
    expect(imperial(150, 20, 0)).not.toHaveProperty('field');
  });

  it.each([
    [0, 0],
    ['', ''],
    ['', 5],
    [-1, 20],
    [5, -2],
    ['five', 9],
    [5, 'nine'],
  ])('imperial %j ft %j in → Please enter a valid height in feet and inches.', (feet, inches) => {
    expect(expectError(imperial(150, feet, inches))).toBe('Please enter a valid height in feet and inches.');
  });

  it('a height no person has (175 typed as metres, 20 feet) is refused, not answered BMI 0.0', () => {
    expect(expectError(metric(70, 175))).toBe('Please enter a valid height.');
    expect(expectError(metric(70, 3.01))).toBe('Please enter a valid height.');
    expect(expectError(imperial(154, 20, 0))).toBe('Please enter a valid height in feet and inches.');
    expect(expectError(imperial(154, 0, 121))).toBe('Please enter a valid height in feet and inches.');
    // The edges are heights still taken.
    expect(expectOk(metric(70, 3)).bmi).toBe(7.8);
    expect(expectOk(imperial(154, 10, 0)).bmi).toBe(7.5);
  });

  it('a weight no person has (grams typed as kilograms, 1e308) is refused, not answered', () => {
    expect(expectError(metric(70000, 1.75))).toBe('Please enter a valid weight.');
    expect(expectError(metric(1e308, 1.75))).toBe('Please enter a valid weight.');
    expect(expectError(imperial(2201, 5, 9))).toBe('Please enter a valid weight.');
    // The edges are weights still taken.
    expect(expectOk(metric(1000, 2)).bmi).toBe(250);
    expect(expectOk(imperial(2200, 10, 0)).bmi).toBe(107.4);
  });

  it('an absurdly small height is refused, never Infinity', () => {
    expect(expectError(metric(70, 1e-200))).toBe('Please enter a valid height.');
  });

  it('refuses an unknown unit system', () => {
    expect(expectError(run({ system: 'stones', weight: 10, height: 1.7 }))).toBe(
      'Please choose metric or imperial units.',
    );
  });
});
