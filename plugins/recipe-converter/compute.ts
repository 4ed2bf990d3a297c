import { err, numeric, ok, parseNumber, type Result, round, toShortText, validate } from '@toolbox/sdk';
import * as v from 'valibot';

const INVALID_SERVINGS = 'Please enter valid serving values.';
const INVALID_INGREDIENTS = 'Please enter valid ingredients.';
export const NO_INGREDIENTS = 'Please enter at least one ingredient.';

const servings = v.pipe(numeric(INVALID_SERVINGS), v.gtValue(0, INVALID_SERVINGS));

/** One ingredient row as the form holds it; every field may be left empty. */
const ingredient = v.object(
  {
    name: v.optional(v.string(INVALID_INGREDIENTS), ''),
    quantity: v.optional(v.union([v.number(), v.string()], INVALID_INGREDIENTS), ''),
    unit: v.optional(v.string(INVALID_INGREDIENTS), ''),
  },
  INVALID_INGREDIENTS,
);

export const inputSchema = v.object(
  {
    originalServings: servings,
    desiredServings: servings,
    ingredients: v.optional(v.array(ingredient, INVALID_INGREDIENTS), []),
  },
  // A missing serving field gets the servings message (valibot's own would be "Invalid key: …").
  INVALID_SERVINGS,
);

export type RecipeInput = v.InferInput<typeof inputSchema>;
export type Ingredient = v.InferOutput<typeof ingredient>;

export interface ScaledIngredient {
  name: string;
  /** The scaled quantity, 2 decimals; a quantity that is no number passes through unchanged. */
  quantity: number | string;
  unit: string;
  /** The quantity for reading, with kitchen fractions: 0.5 → '1/2', 1.5 → '1 1/2', 0.3 → '0.3'. */
  display: string;
}

export interface RecipeOutput {
  ingredients: ScaledIngredient[];
  /** `Ingredients for N servings:` and one line per non-empty ingredient (at least one). */
  text: string;
}

const VULGAR: Record<string, number> = {
  '¼': 1 / 4,
  '½': 1 / 2,
  '¾': 3 / 4,
  '⅓': 1 / 3,
  '⅔': 2 / 3,
  '⅛': 1 / 8,
  '⅜': 3 / 8,
  '⅝': 5 / 8,
  '⅞': 7 / 8,
};

const FRACTION = /^(?:(\d+)\s+)?(\d+)\s*\/\s*(\d+)$/;
const WITH_VULGAR = /^(\d+)?\s*([¼½¾⅓⅔⅛⅜⅝⅞])$/;

/**
 * Reads a quantity: a number, a decimal string ('1.5'), a fraction ('1/2'), a mixed number ('1 1/2')
 * or a kitchen fraction character ('½', '1½'). Anything else gives undefined.
 */
export function parseQuantity(raw: unknown): number | undefined {
  const number = parseNumber(raw);
  if (number !== undefined) return number;
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  const fraction = FRACTION.exec(text);
  if (fraction) {
    const [, whole = '0', numerator = '', denominator = ''] = fraction;
    if (Number(denominator) === 0) return undefined;
    return Number(whole) + Number(numerator) / Number(denominator);
  }
  const vulgar = WITH_VULGAR.exec(text);
  if (vulgar) {
    const [, whole = '0', symbol = ''] = vulgar;
    return Number(whole) + (VULGAR[symbol] ?? 0);
  }
  return undefined;
}

/** Fractions a kitchen measures with, and how close a quantity must be to read as one. */
const KITCHEN_FRACTIONS: readonly [number, string][] = [
  [1 / 8, '1/8'],
  [1 / 4, '1/4'],
  [1 / 3, '1/3'],
  [1 / 2, '1/2'],
  [2 / 3, '2/3'],
  [3 / 4, '3/4'],
];
const TOLERANCE = 0.01;

/** A quantity for reading: whole numbers and kitchen fractions when within 0.01, else 2 decimals. */
export function formatQuantity(quantity: number): string {
  const sign = quantity < 0 ? '-' : '';
  const magnitude = Math.abs(quantity);
  let whole = Math.floor(magnitude);
  let part = magnitude - whole;
  if (part > 1 - TOLERANCE) {
    whole += 1;
    part = 0;
  }
  if (part < TOLERANCE) return whole === 0 ? '0' : `${sign}${whole}`;
  const fraction = KITCHEN_FRACTIONS.find(([value]) => Math.abs(part - value) <= TOLERANCE);
  if (!fraction) return toShortText(quantity, 2);
  return `${sign}${whole === 0 ? '' : `${whole} `}${fraction[1]}`;
}

function describe({ name, unit, display }: ScaledIngredient): string {
  return [display, unit, name].filter((part) => part.trim() !== '').join(' ');
}

function heading(servings: number): string {
  return `Ingredients for ${toShortText(servings, 2)} ${servings === 1 ? 'serving' : 'servings'}:`;
}

export function compute(input: RecipeInput): Result<RecipeOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { originalServings, desiredServings, ingredients } = parsed.value;
  const scaled = ingredients.map(({ name, quantity, unit }): ScaledIngredient => {
    const amount = parseQuantity(quantity);
    if (amount === undefined) return { name, quantity, unit, display: String(quantity).trim() };
    const exact = (amount * desiredServings) / originalServings;
    return { name, quantity: round(exact, 2), unit, display: formatQuantity(exact) };
  });
  const lines = scaled.map(describe).filter((line) => line !== '');
  // A heading over nothing would read as an answer.
  if (lines.length === 0) return err(NO_INGREDIENTS);
  return ok({
    ingredients: scaled,
    text: [heading(desiredServings), ...lines.map((line) => `- ${line}`)].join('\n'),
  });
}
