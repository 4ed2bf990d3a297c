/** What the calculator works out, with the names the form and its messages give each. */
export const MODES = ['age', 'birthday'] as const;
export type Mode = (typeof MODES)[number];

export const MODE_LABELS: Record<Mode, string> = { age: 'Calculate Age', birthday: 'Upcoming Birthday' };
