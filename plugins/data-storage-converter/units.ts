/**
 * The storage units, shared by the compute and the view (kept apart from compute.ts so the view
 * does not load valibot).
 */

/** Each unit is 1024 of the one before it (binary multiples, also written KiB, MiB, …). */
export const STORAGE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;
export type StorageUnit = (typeof STORAGE_UNITS)[number];

export const UNIT_NAMES: Record<StorageUnit, string> = {
  B: 'byte',
  KB: 'kilobyte',
  MB: 'megabyte',
  GB: 'gigabyte',
  TB: 'terabyte',
  PB: 'petabyte',
  EB: 'exabyte',
  ZB: 'zettabyte',
  YB: 'yottabyte',
};
