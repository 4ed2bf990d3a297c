/**
 * The BMI categories and their bands, shared by the compute and the view (kept apart from
 * compute.ts so the view does not load valibot).
 */
export const CATEGORIES = ['Underweight', 'Normal Weight', 'Overweight', 'Obese'] as const;
export type BmiCategory = (typeof CATEGORIES)[number];
export const COLORS = ['blue', 'green', 'orange', 'red'] as const;
export type BmiColor = (typeof COLORS)[number];

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
