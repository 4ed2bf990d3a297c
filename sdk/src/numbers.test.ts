import { describe, expect, it } from 'vitest';
import { namesNoFiniteNumber, parseNumber, round, toFixedText, toShortText } from './numbers';

describe('parseNumber', () => {
  it.each([
    [12.5, 12.5],
    ['12.5', 12.5],
    [' 3 ', 3],
    ['-4', -4],
    ['.5', 0.5],
    ['1e3', 1000],
    [0, 0],
    // A decimal comma, as phones in many languages type it.
    ['1,75', 1.75],
    [' 70,5 ', 70.5],
    [',5', 0.5],
    ['-0,25', -0.25],
    ['0,500', 0.5],
    ['1,2345', 1.2345],
    ['1234,567', 1234.567],
  ])('reads %j as %d', (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });

  it.each([
    [''],
    ['  '],
    [null],
    [undefined],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['abc'],
    ['0x10'],
    // A comma that could group thousands is not guessed at: 1.5 or 1500?
    ['1,500'],
    ['12,000'],
    ['-999,999'],
    ['1,000,000'],
    ['1,5.5'],
    ['1,'],
    ['1,5e3'],
    ['12abc'],
    [{}],
    [[]],
    [true],
  ])('rejects %j', (raw) => {
    expect(parseNumber(raw)).toBeUndefined();
  });
});

describe('round (half away from zero on the decimal number)', () => {
  it('rounds the way a person reads the number, not the float', () => {
    expect(round(24.95, 1)).toBe(25);
    expect(round(18.45, 1)).toBe(18.5);
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(2.675, 2)).toBe(2.68);
  });
  it('rounds negatives away from zero', () => {
    expect(round(-2.5, 0)).toBe(-3);
    expect(round(-18.45, 1)).toBe(-18.5);
  });
  it('settles float noise from arithmetic', () => {
    expect(round(0.1 + 0.2, 2)).toBe(0.3);
    expect(round(18.449999999999996, 1)).toBe(18.5);
  });
  it('handles very small and very large numbers', () => {
    expect(round(1.5e-7, 4)).toBe(0);
    expect(round(1.23456e-3, 4)).toBe(0.0012);
    expect(round(1.2e21, 2)).toBe(1.2e21);
    expect(round(2 ** 50, 4)).toBe(1125899906842624);
    expect(round(2 ** 80, 4)).toBe(2 ** 80);
    expect(round(123456789012.3456, 2)).toBe(123456789012.35);
    expect(round(0, 2)).toBe(0);
    expect(Object.is(round(-0, 2), 0)).toBe(true);
    expect(Object.is(round(-0.001, 2), 0)).toBe(true);
  });
  it('formats with the same rule', () => {
    expect(toFixedText(24.95, 1)).toBe('25.0');
    expect(toFixedText(3, 2)).toBe('3.00');
    expect(toShortText(1 / 3, 4)).toBe('0.3333');
    expect(toShortText(12.5, 4)).toBe('12.5');
  });
});

describe('namesNoFiniteNumber', () => {
  it('is true of NaN, the infinities and decimals too large for a float, as numbers or text', () => {
    for (const raw of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -Infinity,
      'NaN',
      ' infinity ',
      '-Infinity',
      '1e999',
      '-1E400',
    ])
      expect(namesNoFiniteNumber(raw)).toBe(true);
  });

  it('is false of finite numbers, text that is no number, and other values', () => {
    for (const raw of [
      0,
      -1.5,
      1e308,
      '12.5',
      '1e3',
      '',
      'Infinity and beyond',
      'nan bread',
      null,
      undefined,
      true,
    ])
      expect(namesNoFiniteNumber(raw)).toBe(false);
  });
});
