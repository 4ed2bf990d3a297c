/**
 * The unit table of the unit converter, shared by compute (conversion) and view (the selects), so the
 * view lists units without asking the worker. Pure data and arithmetic: no React, no DOM.
 *
 * Every factor is an exact fraction (BigInt numerator / denominator) of the measure's SI base unit
 * (metre, kilogram, cubic metre, square metre, metre per second, second), written from the legal
 * definitions: 1 in = 2.54 cm, 1 ft = 0.3048 m, 1 yd = 0.9144 m, 1 mi = 1609.344 m,
 * 1 US survey ft = 1200/3937 m, 1 lb = 0.45359237 kg, 1 US gal = 231 in³ = 3.785411784 L,
 * 1 imperial gal = 4.54609 L. The ratio of two units is therefore exact and a conversion rounds only
 * when it turns that ratio into a float.
 */

export const MEASURES = [
  { id: 'length', label: 'Length', from: 'm', to: 'ft' },
  { id: 'mass', label: 'Mass', from: 'kg', to: 'lb' },
  { id: 'volume', label: 'Volume', from: 'L', to: 'gal' },
  { id: 'area', label: 'Area', from: 'm2', to: 'ft2' },
  { id: 'speed', label: 'Speed', from: 'km/h', to: 'mph' },
  { id: 'time', label: 'Time', from: 'h', to: 'min' },
] as const;

export type Measure = (typeof MEASURES)[number]['id'];

/** One unit as `units()` lists it. */
export interface Unit {
  abbr: string;
  singular: string;
  plural: string;
  measure: Measure;
}

/** An exact non-negative rational number. */
interface Fraction {
  num: bigint;
  den: bigint;
}

interface UnitDefinition extends Unit {
  /** How many of the measure's SI base unit one of this unit is. */
  factor: Fraction;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function fraction(num: bigint, den = 1n): Fraction {
  const divisor = gcd(num, den);
  return { num: num / divisor, den: den / divisor };
}

/** An exact decimal literal: dec('0.0254') = 254/10000. */
function dec(text: string): Fraction {
  const [whole = '0', decimals = ''] = text.split('.');
  return fraction(BigInt(whole + decimals), 10n ** BigInt(decimals.length));
}

function times(a: Fraction, b: Fraction | bigint): Fraction {
  const f = typeof b === 'bigint' ? { num: b, den: 1n } : b;
  return fraction(a.num * f.num, a.den * f.den);
}

function over(a: Fraction, b: Fraction | bigint): Fraction {
  const f = typeof b === 'bigint' ? { num: b, den: 1n } : b;
  return fraction(a.num * f.den, a.den * f.num);
}

const one = fraction(1n);
const inch = dec('0.0254');
const foot = dec('0.3048');
const yard = dec('0.9144');
const mile = dec('1609.344');
const pound = dec('0.45359237');
const usGallon = dec('0.003785411784');
const imperialGallon = dec('0.00454609');
const hour = fraction(3600n);
const square = (f: Fraction) => times(f, f);
const cube = (f: Fraction) => times(square(f), f);

function unit(
  measure: Measure,
  abbr: string,
  singular: string,
  plural: string,
  factor: Fraction,
): UnitDefinition {
  return { abbr, singular, plural, measure, factor };
}

const TABLE: readonly UnitDefinition[] = [
  // Length, in the seed's order: mm cm m km in yd ft-us ft mi.
  unit('length', 'mm', 'millimetre', 'millimetres', dec('0.001')),
  unit('length', 'cm', 'centimetre', 'centimetres', dec('0.01')),
  unit('length', 'm', 'metre', 'metres', one),
  unit('length', 'km', 'kilometre', 'kilometres', fraction(1000n)),
  unit('length', 'in', 'inch', 'inches', inch),
  unit('length', 'yd', 'yard', 'yards', yard),
  unit('length', 'ft-us', 'US survey foot', 'US survey feet', fraction(1200n, 3937n)),
  unit('length', 'ft', 'foot', 'feet', foot),
  unit('length', 'mi', 'mile', 'miles', mile),

  unit('mass', 'mg', 'milligram', 'milligrams', dec('0.000001')),
  unit('mass', 'g', 'gram', 'grams', dec('0.001')),
  unit('mass', 'kg', 'kilogram', 'kilograms', one),
  unit('mass', 't', 'tonne', 'tonnes', fraction(1000n)),
  unit('mass', 'oz', 'ounce', 'ounces', over(pound, 16n)),
  unit('mass', 'lb', 'pound', 'pounds', pound),
  unit('mass', 'st', 'stone', 'stone', times(pound, 14n)),
  unit('mass', 'ton-us', 'US short ton', 'US short tons', times(pound, 2000n)),
  unit('mass', 'ton-uk', 'UK long ton', 'UK long tons', times(pound, 2240n)),

  unit('volume', 'mL', 'millilitre', 'millilitres', dec('0.000001')),
  unit('volume', 'L', 'litre', 'litres', dec('0.001')),
  unit('volume', 'm3', 'cubic metre', 'cubic metres', one),
  unit('volume', 'in3', 'cubic inch', 'cubic inches', cube(inch)),
  unit('volume', 'ft3', 'cubic foot', 'cubic feet', cube(foot)),
  unit('volume', 'tsp', 'US teaspoon', 'US teaspoons', over(usGallon, 768n)),
  unit('volume', 'tbsp', 'US tablespoon', 'US tablespoons', over(usGallon, 256n)),
  unit('volume', 'fl-oz', 'US fluid ounce', 'US fluid ounces', over(usGallon, 128n)),
  unit('volume', 'cup', 'US cup', 'US cups', over(usGallon, 16n)),
  unit('volume', 'pt', 'US pint', 'US pints', over(usGallon, 8n)),
  unit('volume', 'qt', 'US quart', 'US quarts', over(usGallon, 4n)),
  unit('volume', 'gal', 'US gallon', 'US gallons', usGallon),
  unit('volume', 'fl-oz-imp', 'imperial fluid ounce', 'imperial fluid ounces', over(imperialGallon, 160n)),
  unit('volume', 'pt-imp', 'imperial pint', 'imperial pints', over(imperialGallon, 8n)),
  unit('volume', 'gal-imp', 'imperial gallon', 'imperial gallons', imperialGallon),

  unit('area', 'mm2', 'square millimetre', 'square millimetres', dec('0.000001')),
  unit('area', 'cm2', 'square centimetre', 'square centimetres', dec('0.0001')),
  unit('area', 'm2', 'square metre', 'square metres', one),
  unit('area', 'ha', 'hectare', 'hectares', fraction(10000n)),
  unit('area', 'km2', 'square kilometre', 'square kilometres', fraction(1000000n)),
  unit('area', 'in2', 'square inch', 'square inches', square(inch)),
  unit('area', 'ft2', 'square foot', 'square feet', square(foot)),
  unit('area', 'yd2', 'square yard', 'square yards', square(yard)),
  unit('area', 'ac', 'acre', 'acres', times(square(yard), 4840n)),
  unit('area', 'mi2', 'square mile', 'square miles', square(mile)),

  unit('speed', 'm/s', 'metre per second', 'metres per second', one),
  unit('speed', 'km/h', 'kilometre per hour', 'kilometres per hour', over(fraction(1000n), hour)),
  unit('speed', 'mph', 'mile per hour', 'miles per hour', over(mile, hour)),
  unit('speed', 'kn', 'knot', 'knots', over(fraction(1852n), hour)),
  unit('speed', 'ft/s', 'foot per second', 'feet per second', foot),

  unit('time', 'ms', 'millisecond', 'milliseconds', dec('0.001')),
  unit('time', 's', 'second', 'seconds', one),
  unit('time', 'min', 'minute', 'minutes', fraction(60n)),
  unit('time', 'h', 'hour', 'hours', hour),
  unit('time', 'd', 'day', 'days', fraction(86400n)),
  unit('time', 'wk', 'week', 'weeks', fraction(604800n)),
  // The Julian year of astronomy (365.25 days), the only year of fixed length in common use.
  unit('time', 'yr', 'year (365.25 days)', 'years (365.25 days)', fraction(31557600n)),
];

/** Every unit, grouped by measure in the order the view lists them. */
export function units(): Unit[] {
  return TABLE.map(({ abbr, singular, plural, measure }) => ({ abbr, singular, plural, measure }));
}

/** The units of one measure, in listing order. */
export function unitsOf(measure: Measure): Unit[] {
  return units().filter((u) => u.measure === measure);
}

/**
 * The unit named `abbr`: the exact abbreviation, else the one unit it matches ignoring case
 * ("KM" is km). Abbreviations are unique even ignoring case, so the match is never ambiguous.
 */
function definition(abbr: string): UnitDefinition | undefined {
  const name = abbr.trim();
  return TABLE.find((u) => u.abbr === name) ?? TABLE.find((u) => u.abbr.toLowerCase() === name.toLowerCase());
}

export function findUnit(abbr: string): Unit | undefined {
  const found = definition(abbr);
  return (
    found && { abbr: found.abbr, singular: found.singular, plural: found.plural, measure: found.measure }
  );
}

/** The measure of a unit, or undefined for an unknown one. */
export function measureOf(abbr: string): Measure | undefined {
  return definition(abbr)?.measure;
}

/**
 * How many `to` one `from` is, as an exact fraction; undefined when either unit is unknown or the
 * two measure different things.
 */
export function ratio(from: string, to: string): { num: bigint; den: bigint } | undefined {
  const a = definition(from);
  const b = definition(to);
  if (!a || !b || a.measure !== b.measure) return undefined;
  return over(a.factor, b.factor);
}
