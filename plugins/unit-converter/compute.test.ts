import { closeTo, expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute, MEASURES, measureOf, units, unitsOf } from './compute';

const AMOUNT = 'Enter a valid numeric amount';
const MISSING = 'Please specify both from and to units';
const FAILED = 'Conversion failed: incompatible units or unknown unit';

const convert = (amount: unknown, from: unknown, to: unknown) =>
  expectOk(compute({ amount, from, to } as never)).value;
const failure = (amount: unknown, from: unknown, to: unknown) =>
  expectError(compute({ amount, from, to } as never));

/** The definitions, written independently of units.ts, in each measure's SI base unit. */
const SI: Record<string, number> = {
  mm: 0.001,
  cm: 0.01,
  m: 1,
  km: 1000,
  in: 0.0254,
  yd: 0.9144,
  'ft-us': 1200 / 3937,
  ft: 0.3048,
  mi: 1609.344,
  mg: 1e-6,
  g: 0.001,
  kg: 1,
  t: 1000,
  oz: 0.028349523125,
  lb: 0.45359237,
  st: 6.35029318,
  'ton-us': 907.18474,
  'ton-uk': 1016.0469088,
  mL: 1e-6,
  L: 0.001,
  m3: 1,
  in3: 1.6387064e-5,
  ft3: 0.028316846592,
  tsp: 4.92892159375e-6,
  tbsp: 1.478676478125e-5,
  'fl-oz': 2.95735295625e-5,
  cup: 2.365882365e-4,
  pt: 4.73176473e-4,
  qt: 9.46352946e-4,
  gal: 3.785411784e-3,
  'fl-oz-imp': 2.84130625e-5,
  'pt-imp': 5.6826125e-4,
  'gal-imp': 4.54609e-3,
  mm2: 1e-6,
  cm2: 1e-4,
  m2: 1,
  ha: 10000,
  km2: 1e6,
  in2: 6.4516e-4,
  ft2: 0.09290304,
  yd2: 0.83612736,
  ac: 4046.8564224,
  mi2: 2589988.110336,
  'm/s': 1,
  'km/h': 1 / 3.6,
  mph: 0.44704,
  kn: 1852 / 3600,
  'ft/s': 0.3048,
  ms: 0.001,
  s: 1,
  min: 60,
  h: 3600,
  d: 86400,
  wk: 604800,
  yr: 31557600,
};

describe('unit-converter units()', () => {
  it('lists the seed length units in the seed order', () => {
    expect(unitsOf('length').map((u) => u.abbr)).toEqual([
      'mm',
      'cm',
      'm',
      'km',
      'in',
      'yd',
      'ft-us',
      'ft',
      'mi',
    ]);
  });

  it('returns abbr, singular, plural and measure for each unit', () => {
    expect(units().find((u) => u.abbr === 'm')).toEqual({
      abbr: 'm',
      singular: 'metre',
      plural: 'metres',
      measure: 'length',
    });
    expect(units().find((u) => u.abbr === 'ft')).toEqual({
      abbr: 'ft',
      singular: 'foot',
      plural: 'feet',
      measure: 'length',
    });
    for (const u of units()) {
      expect(Object.keys(u).sort()).toEqual(['abbr', 'measure', 'plural', 'singular']);
      expect(u.singular.length).toBeGreaterThan(0);
      expect(u.plural.length).toBeGreaterThan(0);
    }
  });

  it('has abbreviations unique across measures, even ignoring case', () => {
    const names = units().map((u) => u.abbr.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    expect(measureOf('oz')).toBe('mass');
    expect(measureOf('fl-oz')).toBe('volume');
  });

  it('covers length, mass, volume, area, speed and time, each default pair inside its measure', () => {
    expect(MEASURES.map((m) => m.id)).toEqual(['length', 'mass', 'volume', 'area', 'speed', 'time']);
    for (const measure of MEASURES) {
      expect(unitsOf(measure.id).length).toBeGreaterThanOrEqual(5);
      expect(measureOf(measure.from)).toBe(measure.id);
      expect(measureOf(measure.to)).toBe(measure.id);
    }
    expect(
      units()
        .map((u) => u.abbr)
        .sort(),
    ).toEqual(Object.keys(SI).sort());
  });
});

describe('unit-converter compute', () => {
  it.each([
    [1, 'in', 'cm', 2.54],
    [1, 'ft', 'm', 0.3048],
    [1, 'yd', 'm', 0.9144],
    [1, 'mi', 'm', 1609.344],
    [1, 'ft-us', 'm', 1200 / 3937],
    [1, 'km', 'm', 1000],
    [12, 'in', 'ft', 1],
    [3, 'ft', 'yd', 1],
    [1760, 'yd', 'mi', 1],
    [1, 'lb', 'kg', 0.45359237],
    [16, 'oz', 'lb', 1],
    [1, 'st', 'lb', 14],
    [1, 'gal', 'L', 3.785411784],
    [1, 'gal-imp', 'L', 4.54609],
    [128, 'fl-oz', 'gal', 1],
    [1, 'gal', 'in3', 231],
    [20, 'fl-oz-imp', 'pt-imp', 1],
    [3, 'tsp', 'tbsp', 1],
    [1, 'ac', 'm2', 4046.8564224],
    [1, 'mi2', 'ac', 640],
    [1, 'ha', 'm2', 10000],
    [100, 'km/h', 'm/s', 250 / 9],
    [60, 'mph', 'km/h', 96.56064],
    [1, 'kn', 'km/h', 1.852],
    [1, 'wk', 'd', 7],
    [1, 'yr', 'd', 365.25],
    [90, 'min', 'h', 1.5],
  ] as const)('%d %s is %d %s', (amount, from, to, expected) => {
    expect(closeTo(convert(amount, from, to), expected, 1e-12)).toBe(true);
  });

  it('converts every pair of units of a measure within 1e-9 of the definitions', () => {
    for (const measure of MEASURES) {
      for (const a of unitsOf(measure.id)) {
        for (const b of unitsOf(measure.id)) {
          const expected = (2.5 * (SI[a.abbr] as number)) / (SI[b.abbr] as number);
          const value = convert(2.5, a.abbr, b.abbr);
          expect(closeTo(value, expected, 1e-9), `${a.abbr} → ${b.abbr}: ${value} vs ${expected}`).toBe(true);
        }
      }
    }
  });

  it('keeps exact cases exact', () => {
    expect(convert(1, 'in', 'cm')).toBe(2.54);
    expect(convert(12, 'in', 'ft')).toBe(1);
    expect(convert(1, 'mi', 'km')).toBe(1.609344);
    expect(convert(5, 'm', 'm')).toBe(5);
  });

  it('does not round the value', () => {
    expect(convert(1, 'm', 'in')).toBe(5000 / 127);
    expect(convert(1, 'm', 'ft-us')).toBe(3937 / 1200);
    expect(convert(1, 'mm', 'mi')).toBe(1 / 1609344);
  });

  it('writes the sentence the screen shows', () => {
    expect(expectOk(compute({ amount: 1, from: 'in', to: 'cm' })).text).toBe('Result: 1 in = 2.54 cm');
    expect(expectOk(compute({ amount: 10, from: 'km', to: 'mi' })).text).toBe(
      'Result: 10 km = 6.21371192237 mi',
    );
    expect(expectOk(compute({ amount: 1, from: 'ac', to: 'm2' })).text).toBe(
      'Result: 1 ac = 4046.8564224 m2',
    );
    expect(expectOk(compute({ amount: 1, from: 'mi2', to: 'm2' })).text).toBe(
      'Result: 1 mi2 = 2589988.11034 m2',
    );
    expect(expectOk(compute({ amount: '2.5', from: 'kg', to: 'g' })).text).toBe('Result: 2.5 kg = 2500 g');
  });

  it('hides float noise in the text but not in the value', () => {
    const result = expectOk(compute({ amount: 0.30000000000000004, from: 'm', to: 'cm' }));
    expect(result.value).toBe(30.000000000000004);
    expect(result.text).toBe('Result: 0.30000000000000004 m = 30 cm');
    expect(expectOk(compute({ amount: 1, from: 'ft-us', to: 'm' })).text).toBe(
      'Result: 1 ft-us = 0.304800609601 m',
    );
  });

  it('accepts raw form values, negative amounts and zero', () => {
    expect(convert(' 3 ', 'm', 'cm')).toBe(300);
    expect(convert('1e3', 'm', 'km')).toBe(1);
    expect(convert(-5, 'm', 'cm')).toBe(-500);
    expect(Object.is(convert(0, 'ft', 'm'), 0)).toBe(true);
    expect(Object.is(convert(-0, 'ft', 'm'), 0)).toBe(true);
  });

  it('reads unit names with stray spaces or another case, and shows them as listed', () => {
    expect(expectOk(compute({ amount: 2, from: ' KM ', to: 'M' })).text).toBe('Result: 2 km = 2000 m');
    expect(convert(1, 'l', 'ml')).toBe(1000);
  });

  it.each([[''], ['  '], ['abc'], ['12abc'], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses the amount %j',
    (amount) => {
      expect(failure(amount, 'm', 'cm')).toBe(AMOUNT);
    },
  );

  it.each([
    ['', 'cm'],
    ['m', ''],
    ['  ', 'cm'],
    [undefined, 'cm'],
    ['m', null],
    ['', ''],
  ])('asks for both units when from is %j and to is %j', (from, to) => {
    expect(failure(1, from, to)).toBe(MISSING);
  });

  it('checks the amount before the units', () => {
    expect(failure('', '', '')).toBe(AMOUNT);
  });

  it.each([
    ['m', 'kg'],
    ['oz', 'fl-oz'],
    ['km/h', 'km'],
    ['furlong', 'm'],
    ['m', 'parsec'],
    ['°C', '°F'],
  ])('refuses %s to %s', (from, to) => {
    expect(failure(1, from, to)).toBe(FAILED);
  });

  it('refuses an amount too large to convert rather than answering Infinity', () => {
    expect(failure(1e308, 'km', 'mm')).toBe(AMOUNT);
    expect(closeTo(convert(1e308, 'mm', 'km'), 1e302)).toBe(true);
  });

  it('converts there and back to the input', () => {
    for (const measure of MEASURES) {
      for (const a of unitsOf(measure.id)) {
        for (const b of unitsOf(measure.id)) {
          for (const amount of [-12.5, 0.001, 1, 37.3, 123456.789]) {
            const back = convert(convert(amount, a.abbr, b.abbr), b.abbr, a.abbr);
            expect(closeTo(back, amount, 1e-12), `${amount} ${a.abbr} ↔ ${b.abbr}`).toBe(true);
          }
        }
      }
    }
  });

  it('gives the same result directly as through a third unit', () => {
    for (const measure of MEASURES) {
      const list = unitsOf(measure.id);
      for (const a of list) {
        for (const c of list) {
          const direct = convert(7, a.abbr, c.abbr);
          for (const b of list) {
            expect(closeTo(convert(convert(7, a.abbr, b.abbr), b.abbr, c.abbr), direct, 1e-12)).toBe(true);
          }
        }
      }
    }
  });
});
