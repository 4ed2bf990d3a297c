/**
 * "Previous Calculations": the latest five BMI results, newest appended, kept in localStorage.
 * Stored data is read defensively: anything unreadable counts as an empty history.
 */
import * as v from 'valibot';
import { CATEGORIES, SYSTEMS } from './compute';

export const HISTORY_KEY = 'toolbox:bmi-history';
export const HISTORY_SIZE = 5;

const entrySchema = v.object({
  bmi: v.pipe(v.number(), v.finite()),
  category: v.picklist(CATEGORIES),
  color: v.picklist(['blue', 'green', 'orange', 'red']),
  system: v.picklist(SYSTEMS),
  /** What was entered, e.g. "70 kg, 1.75 m" or "150 lbs, 5 ft 9 in". */
  input: v.pipe(v.string(), v.maxLength(100)),
  /** When it was calculated (ISO timestamp). */
  at: v.pipe(v.string(), v.maxLength(40)),
});

export type HistoryEntry = v.InferOutput<typeof entrySchema>;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Keeps the entries that are well formed, at most the latest five. */
export function parseHistory(raw: string | null): HistoryEntry[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.filter((item): item is HistoryEntry => v.is(entrySchema, item)).slice(-HISTORY_SIZE);
}

/** The history with `entry` appended as the newest, keeping the latest five. */
export function appendEntry(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [...history, entry].slice(-HISTORY_SIZE);
}

/** Reads the stored history; storage that throws (blocked, private mode) reads as empty. */
export function readHistory(storage: StorageLike | undefined): HistoryEntry[] {
  try {
    return parseHistory(storage?.getItem(HISTORY_KEY) ?? null);
  } catch {
    return [];
  }
}

/** Stores the history; a full or blocked storage is ignored (the list still shows this session). */
export function writeHistory(storage: StorageLike | undefined, history: readonly HistoryEntry[]): void {
  try {
    if (history.length === 0) storage?.removeItem(HISTORY_KEY);
    else storage?.setItem(HISTORY_KEY, JSON.stringify(history));
  } catch {
    // Nothing to do: the history is a convenience.
  }
}
