/** The temperature scales, shared by the compute and the view (kept apart from compute.ts so the view does not load valibot). */
export const SCALES = ['Celsius', 'Fahrenheit', 'Kelvin'] as const;
export type Scale = (typeof SCALES)[number];
