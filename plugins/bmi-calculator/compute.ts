import { err, numeric, ok, type Result, refusal, round } from '@toolbox/sdk';
import * as v from 'valibot';
import { type BmiCategory, type BmiColor, bandOf, HEALTHY_BMI } from './bands';

const INVALID_WEIGHT = 'Please enter a valid weight.';
const INVALID_HEIGHT = 'Please enter a valid height.';
const INVALID_FEET_INCHES = 'Please enter a valid height in feet and inches.';
const INVALID_SYSTEM = 'Please choose metric or imperial units.';

/**
 * The tallest person measured was 2.72 m: a height above these is a slip (175 typed as metres
 * means centimetres), and its BMI of 0.0 would read as a real answer.
 */
const MAX_HEIGHT_M = 3;
const MAX_HEIGHT_INCHES = 120;
/**
 * The heaviest person recorded weighed about 635 kg: a weight above these is a slip (a figure
 * typed twice, grams as kilograms), and its BMI, in the millions, would read as an answer.
 */
const MAX_WEIGHT_KG = 1000;
const MAX_WEIGHT_LBS = 2200;

/** A numeric field; a missing key reads as empty. */
const field = (message: string) => v.optional(numeric(message), '');

const weight = (max: number) =>
  v.pipe(field(INVALID_WEIGHT), v.gtValue(0, INVALID_WEIGHT), v.maxValue(max, INVALID_WEIGHT));

export const inputSchema = v.variant(
  'system',
  [
    v.object({
      system: v.literal('metric'),
      /** Kilograms. */
      weight: weight(MAX_WEIGHT_KG),
      /** Metres. */
      height: v.pipe(
        field(INVALID_HEIGHT),
        v.gtValue(0, INVALID_HEIGHT),
        v.maxValue(MAX_HEIGHT_M, INVALID_HEIGHT),
      ),
    }),
    v.pipe(
      v.object({
        system: v.literal('imperial'),
        /** Pounds. */
        weight: weight(MAX_WEIGHT_LBS),
        feet: v.pipe(field(INVALID_FEET_INCHES), v.minValue(0, INVALID_FEET_INCHES)),
        /** Optional: empty means 0 inches. */
        inches: v.pipe(
          v.optional(v.unknown(), ''),
          v.transform((x) => (typeof x === 'string' && x.trim() === '' ? 0 : x)),
          numeric(INVALID_FEET_INCHES),
          v.minValue(0, INVALID_FEET_INCHES),
        ),
      }),
      v.check((x) => {
        const inches = x.feet * 12 + x.inches;
        return inches > 0 && inches <= MAX_HEIGHT_INCHES;
      }, INVALID_FEET_INCHES),
    ),
  ],
  INVALID_SYSTEM,
);

export type BmiInput = v.InferInput<typeof inputSchema>;

export interface BmiOutput {
  /** 1 decimal. */
  bmi: number;
  category: BmiCategory;
  color: BmiColor;
  tip: string;
  /** The weight for BMI 18.5–24.9 at this height, in the input's unit (kg or lbs), 1 decimal. */
  healthyWeight: { min: number; max: number };
  /** The sentence the screen shows: `Your BMI is 22.9 (Normal Weight)`, the BMI with one decimal. */
  text: string;
}

export function compute(input: BmiInput): Result<BmiOutput> {
  const parsed = v.safeParse(inputSchema, input);
  if (!parsed.success) return refusal(parsed.issues, INVALID_SYSTEM);
  const data = parsed.output;
  // BMI = kg ÷ m², or 703 × lbs ÷ in²; weight = BMI × height² (÷ 703 in pounds).
  const [factor, squaredHeight] =
    data.system === 'metric' ? [1, data.height ** 2] : [703, (data.feet * 12 + data.inches) ** 2];
  const bmi = round((factor * data.weight) / squaredHeight, 1);
  // Only an absurdly small height (or huge weight) overflows; it is no valid height.
  if (!Number.isFinite(bmi)) return err(data.system === 'metric' ? INVALID_HEIGHT : INVALID_FEET_INCHES);
  const { category, color, tip } = bandOf(bmi);
  return ok({
    bmi,
    category,
    color,
    tip,
    healthyWeight: {
      min: round((HEALTHY_BMI.min * squaredHeight) / factor, 1),
      max: round((HEALTHY_BMI.max * squaredHeight) / factor, 1),
    },
    text: `Your BMI is ${bmi.toFixed(1)} (${category})`,
  });
}
