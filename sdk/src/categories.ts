/** The twelve tool categories of the product, in the order the navigator shows them. */
export const CATEGORIES = [
  'Media',
  'Documents',
  'Science',
  'Math',
  'Transport',
  'Health',
  'Finance',
  'Utilities',
  'Lifestyle',
  'Cooking',
  'Time',
  'IT',
] as const;

export type Category = (typeof CATEGORIES)[number];
