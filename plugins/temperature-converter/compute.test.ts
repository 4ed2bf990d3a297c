import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute } from './compute';

describe('temperature-converter compute', () => {
  it.each([
    [100, 'Celsius', 'Fahrenheit', 212],
    [32, 'Fahrenheit', 'Celsius', 0],
    [0, 'Celsius', 'Kelvin', 273.15],
    [0, 'Kelvin', 'Celsius', -273.15],
    [-40, 'Celsius', 'Fahrenheit', -40],
    [98.6, 'Fahrenheit', 'Celsius', 37],
    [300, 'Kelvin', 'Fahrenheit', 80.33],
  ] as const)('%d %s is %d %s', (value, from, to, expected) => {
    expect(expectOk(compute({ value, from, to })).value).toBe(expected);
  });

  it('rounds to 2 decimals, also when from equals to', () => {
    expect(expectOk(compute({ value: '21.456', from: 'Celsius', to: 'Celsius' })).value).toBe(21.46);
    expect(expectOk(compute({ value: 1, from: 'Celsius', to: 'Fahrenheit' })).value).toBe(33.8);
  });

  it('accepts raw form values', () => {
    expect(expectOk(compute({ value: ' 37 ', from: 'Celsius', to: 'Fahrenheit' })).value).toBe(98.6);
  });

  it('writes the sentence the screen shows', () => {
    expect(expectOk(compute({ value: 100, from: 'Celsius', to: 'Fahrenheit' })).text).toBe(
      '100 °C = 212.00 °F',
    );
  });

  it('allows absolute zero itself on every scale', () => {
    expect(expectOk(compute({ value: -273.15, from: 'Celsius', to: 'Kelvin' })).value).toBe(0);
    expect(expectOk(compute({ value: -459.67, from: 'Fahrenheit', to: 'Kelvin' })).value).toBe(0);
    expect(expectOk(compute({ value: 0, from: 'Kelvin', to: 'Fahrenheit' })).value).toBe(-459.67);
  });

  it.each([
    [-273.16, 'Celsius'],
    [-459.68, 'Fahrenheit'],
    [-0.01, 'Kelvin'],
  ] as const)('refuses %d %s, below absolute zero', (value, from) => {
    expect(expectError(compute({ value, from, to: 'Celsius' }))).toBe(
      'Temperature cannot be below absolute zero',
    );
    // The refusal names the field it is about, which the form marks.
    expect(compute({ value, from, to: 'Celsius' })).toMatchObject({ ok: false, field: 'value' });
  });

  it.each([[''], ['abc'], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses %j',
    (value) => {
      expect(expectError(compute({ value: value as never, from: 'Celsius', to: 'Kelvin' }))).toBe(
        'Please enter a valid number',
      );
    },
  );

  it('converts there and back to the input', () => {
    for (const value of [-100, -12.5, 0, 36.6, 1000]) {
      const there = expectOk(compute({ value, from: 'Celsius', to: 'Fahrenheit' })).value;
      expect(expectOk(compute({ value: there, from: 'Fahrenheit', to: 'Celsius' })).value).toBeCloseTo(
        value,
        1,
      );
    }
  });
});
