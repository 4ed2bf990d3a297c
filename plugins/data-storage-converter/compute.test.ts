import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute } from './compute';
import { STORAGE_UNITS } from './units';

const INVALID_NUMBER = 'Please enter a valid number';
const INVALID_UNITS = 'Invalid units selected';

const convert = (value: unknown, from: unknown, to: unknown) =>
  expectOk(compute({ value, from, to } as never)).value;
const failure = (value: unknown, from: unknown, to: unknown) =>
  expectError(compute({ value, from, to } as never));

describe('data-storage-converter compute', () => {
  it.each([
    [1024, 'B', 'KB', 1],
    [1, 'KB', 'B', 1024],
    [1, 'MB', 'KB', 1024],
    [1, 'GB', 'MB', 1024],
    [1, 'GB', 'B', 1073741824],
    [1, 'TB', 'GB', 1024],
    [1536, 'KB', 'MB', 1.5],
    [500, 'MB', 'GB', 0.4883],
    [1, 'B', 'KB', 0.001],
    [2048, 'PB', 'EB', 2],
    [1, 'YB', 'ZB', 1024],
    [0, 'GB', 'B', 0],
  ] as const)('%d %s is %d %s', (value, from, to, expected) => {
    expect(convert(value, from, to)).toBe(expected);
  });

  it('uses powers of 1024 from B up to YB', () => {
    STORAGE_UNITS.forEach((unit, i) => {
      expect(convert(1, unit, 'B')).toBe(1024 ** i);
      if (i > 0) expect(convert(1, unit, STORAGE_UNITS[i - 1])).toBe(1024);
    });
  });

  it('keeps every integer digit of large results', () => {
    expect(convert(1, 'PB', 'B')).toBe(1125899906842624);
    expect(convert(1, 'EB', 'B')).toBe(2 ** 60);
    expect(convert(1, 'YB', 'B')).toBe(2 ** 80);
    expect(convert(3, 'ZB', 'KB')).toBe(3 * 2 ** 60);
  });

  it('rounds to 4 decimals, half away from zero', () => {
    expect(convert(160, 'B', 'KB')).toBe(0.1563); // 0.15625
    expect(convert(1, 'MB', 'GB')).toBe(0.001); // 0.0009765625
    expect(convert(1, 'KB', 'MB')).toBe(0.001);
    expect(convert(100, 'B', 'MB')).toBe(0.0001); // 0.0000953…
    expect(convert(1, 'B', 'YB')).toBe(0);
    expect(convert(1.23456789, 'KB', 'KB')).toBe(1.2346);
  });

  it('writes the sentence the screen shows, labelled Converted Value', () => {
    expect(expectOk(compute({ value: 1024, from: 'B', to: 'KB' })).text).toBe(
      'Converted Value: 1024 B = 1 KB',
    );
    expect(expectOk(compute({ value: '2.5', from: 'GB', to: 'MB' })).text).toBe(
      'Converted Value: 2.5 GB = 2560 MB',
    );
    expect(expectOk(compute({ value: 500, from: 'MB', to: 'GB' })).text).toBe(
      'Converted Value: 500 MB = 0.4883 GB',
    );
  });

  it('accepts raw form values', () => {
    expect(convert(' 2048 ', 'KB', 'MB')).toBe(2);
    expect(convert('0.5', 'TB', 'GB')).toBe(512);
  });

  it.each([[''], ['  '], ['abc'], ['10 GB'], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses the value %j',
    (value) => {
      expect(failure(value, 'B', 'KB')).toBe(INVALID_NUMBER);
    },
  );

  it('refuses negative sizes, which mean nothing, but accepts zero', () => {
    expect(failure(-1, 'KB', 'B')).toBe(INVALID_NUMBER);
    expect(failure('-0.5', 'GB', 'MB')).toBe(INVALID_NUMBER);
    expect(Object.is(convert(-0, 'KB', 'B'), 0)).toBe(true);
  });

  it('refuses a value too large to convert rather than answering Infinity', () => {
    expect(failure(1e300, 'YB', 'B')).toBe(INVALID_NUMBER);
  });

  it.each([
    ['kb', 'B'],
    ['B', 'KiB'],
    ['', 'KB'],
    ['B', ''],
    [undefined, 'KB'],
    ['B', null],
    ['bit', 'B'],
  ])('refuses the units %j to %j', (from, to) => {
    expect(failure(1, from, to)).toBe(INVALID_UNITS);
  });

  it('checks the number before the units', () => {
    expect(failure('abc', 'xx', 'yy')).toBe(INVALID_NUMBER);
  });

  it('converts there and back to the input when going down to smaller units first', () => {
    for (const [i, big] of STORAGE_UNITS.entries()) {
      for (const small of STORAGE_UNITS.slice(0, i + 1)) {
        for (const value of [0, 1, 3.75, 1000, 123.4567]) {
          const down = convert(value, big, small);
          expect(convert(down, small, big), `${value} ${big} ↔ ${small}`).toBe(value);
        }
      }
    }
  });

  it('returns a value already rounded to 4 decimals for any pair', () => {
    for (const from of STORAGE_UNITS) {
      for (const to of STORAGE_UNITS) {
        const value = convert(987.654321, from, to);
        if (value < 1e15) expect(Math.round(value * 1e4) / 1e4).toBe(value);
      }
    }
  });
});
