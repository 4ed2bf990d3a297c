/**
 * The shoe size scales: countries, their size systems and the conversions between sizes, shared by
 * the compute and the view (kept apart from compute.ts so the view does not load valibot).
 */
import { round } from '@toolbox/sdk';

export const COUNTRIES = ['United States', 'United Kingdom', 'France', 'Germany', 'Italy', 'Spain'] as const;
export type Country = (typeof COUNTRIES)[number];
export const SYSTEMS = ['EU', 'UK', 'US'] as const;
export type SizeSystem = (typeof SYSTEMS)[number];
export const GENDERS = ['men', 'women'] as const;
export type Gender = (typeof GENDERS)[number];

/** France, Germany, Italy and Spain use EU (Paris point) sizes. */
export const SYSTEM_OF: Record<Country, SizeSystem> = {
  'United States': 'US',
  'United Kingdom': 'UK',
  France: 'EU',
  Germany: 'EU',
  Italy: 'EU',
  Spain: 'EU',
};

/** The countries as choices: a search for a size system (`us`, `eu`) finds its countries. */
export const COUNTRY_CHOICES = COUNTRIES.map((country) => ({
  value: country,
  label: country,
  keywords: `${country} ${SYSTEM_OF[country]}`.toLowerCase(),
}));

/**
 * The country a link names by its name or its size system, in any case (`us`, `Eu`: France, the
 * EU countries sharing their sizes); any other text as it is.
 */
export function countryOf(text: string): string {
  const key = text.trim().toLowerCase();
  return (
    COUNTRIES.find((country) => country.toLowerCase() === key || SYSTEM_OF[country].toLowerCase() === key) ??
    text
  );
}

/** The twelve base EU sizes of the spec. */
const EU_BASE = [35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46];

const CM_PER_INCH = 2.54;

/**
 * Last length in inches of a size. EU (Paris points): size = 1.5 × cm. UK (adult barleycorn scale):
 * size = 3 × inches − 25. US men = UK + 1, US women = UK + 2.
 */
export function lastInches(size: number, system: SizeSystem, gender: Gender): number {
  if (system === 'EU') return size / 1.5 / CM_PER_INCH;
  const uk = system === 'UK' ? size : size - (gender === 'women' ? 2 : 1);
  return (uk + 25) / 3;
}

/** The size of a last length, unrounded. */
export function sizeOf(inches: number, system: SizeSystem, gender: Gender): number {
  if (system === 'EU') return inches * CM_PER_INCH * 1.5;
  const uk = 3 * inches - 25;
  return system === 'UK' ? uk : uk + (gender === 'women' ? 2 : 1);
}

/** EU to whole sizes, UK and US to the nearest half size (halves round up). */
export function roundSize(size: number, system: SizeSystem): number {
  return system === 'EU' ? round(size, 0) : round(size * 2, 0) / 2;
}

/** The selectable sizes of a system: EU 35–46 and their equivalents, smallest first. */
export function sizes(system: SizeSystem, gender: Gender = 'men'): number[] {
  return EU_BASE.map((eu) => roundSize(sizeOf(lastInches(eu, 'EU', gender), system, gender), system));
}
