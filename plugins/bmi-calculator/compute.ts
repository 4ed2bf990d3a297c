import { err, numeric, ok, type Result, round } from '@toolbox/sdk';
import * as v from 'valibot';

export const SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof SYSTEMS)[number];

const INVALID_WEIGHT = 'Please enter a valid weight.';
const INVALID_HEIGHT = 'Please enter a valid height.';
const INVALID_FEET_INCHES = 'Please enter a valid height in feet and inches.';
const INVALID_SYSTEM = 'Please choose metric or imperial units.';

/** A numeric field; a missing key reads as empty. */
const field = (message: string) => v.optional(numeric(message), '');

const weight = v.pipe(field(INVALID_WEIGHT), v.gtValue(0, INVALID_WEIGHT));

export const inputSchema = v.variant(
  'system',
  [
    v.object({
      system: v.literal('metric'),
      /** Kilograms. */
      weight,
      /** Metres. */
      height: v.pipe(field(INVALID_HEIGHT), v.gtValue(0, INVALID_HEIGHT)),
    }),
    v.pipe(
      v.object({
        system: v.literal('imperial'),
        /** Pounds. */
        weight,
        feet: v.pipe(field(INVALID_FEET_INCHES), v.minValue(0, INVALID_FEET_INCHES)),
        /** Optional: empty means 0 inches. */
        inches: v.pipe(
          v.optional(v.unknown(), ''),
          v.transform((x) => (typeof x === 'string' && x.trim() === '' ? 0 : x)),
          numeric(INVALID_FEET_INCHES),
          v.minValue(0, INVALID_FEET_INCHES),
        ),
      }),
      v.check((x) => x.feet * 12 + x.inches > 0, INVALID_FEET_INCHES),
    ),
  ],
  INVALID_SYSTEM,
);

export type BmiInput = v.InferInput<typeof inputSchema>;

export const CATEGORIES = ['Underweight', 'Normal Weight', 'Overweight', 'Obese'] as const;
export type BmiCategory = (typeof CATEGORIES)[number];
export type BmiColor = 'blue' | 'green' | 'orange' | 'red';

export interface BmiOutput {
  /** 1 decimal. */
  bmi: number;
  category: BmiCategory;
  color: BmiColor;
  tip: string;
  /** The weight for BMI 18.5–24.9 at this height, in the input's unit (kg or lbs), 1 decimal. */
  healthyWeight: { min: number; max: number };
}

/** The BMI bands, read from the rounded BMI: each up to (not including) `below`. */
export const BANDS: readonly { category: BmiCategory; color: BmiColor; below: number; tip: string }[] = [
  {
    category: 'Underweight',
    color: 'blue',
    below: 18.5,
    tip: 'Your weight is below the healthy range. Eat regular, nourishing meals and snacks with enough protein, and talk to a doctor or dietitian if you have lost weight without trying.',
  },
  {
    category: 'Normal Weight',
    color: 'green',
    below: 25,
    tip: 'Your weight is in the healthy range. Keep it there with balanced meals, regular physical activity and good sleep.',
  },
  {
    category: 'Overweight',
    color: 'orange',
    below: 30,
    tip: 'Your weight is above the healthy range. Small steady changes help: more vegetables and whole foods, smaller portions, fewer sugary drinks, and about 150 minutes of activity a week.',
  },
  {
    category: 'Obese',
    color: 'red',
    below: Number.POSITIVE_INFINITY,
    tip: 'Your weight carries a higher risk to your health. A doctor can check your blood pressure and blood sugar and help you plan safe, gradual weight loss through diet and activity.',
  },
];

/** The healthy BMI range, as the categories read it from a 1-decimal BMI. */
export const HEALTHY_BMI = { min: 18.5, max: 24.9 } as const;

export function bandOf(bmi: number) {
  return BANDS.find((band) => bmi < band.below) ?? (BANDS[BANDS.length - 1] as (typeof BANDS)[number]);
}

export function compute(input: BmiInput): Result<BmiOutput> {
  const parsed = v.safeParse(inputSchema, input);
  if (!parsed.success) return err(parsed.issues[0]?.message ?? INVALID_SYSTEM);
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
  });
}
