/**
 * "Previous Calculations": the latest five BMI results, newest appended, kept in localStorage.
 * Stored data is read defensively: anything unreadable counts as an empty history. Checked by plain
 * code, so the page does not load valibot for it.
 */
import { type BmiCategory, type BmiColor, CATEGORIES, COLORS } from './bands';

export const HISTORY_KEY = 'toolbox:bmi-history';
export const HISTORY_SIZE = 5;

/** The unit systems of the form. */
const SYSTEMS = ['metric', 'imperial'] as const;

export interface HistoryEntry {
  bmi: number;
  category: BmiCategory;
  color: BmiColor;
  system: (typeof SYSTEMS)[number];
  /** What was entered, e.g. "70 kg, 1.75 m" or "150 lbs, 5 ft 9 in". */
  input: string;
  /** When it was calculated (ISO timestamp). */
  at: string;
}

const oneOf = (options: readonly string[], x: unknown) => (options as readonly unknown[]).includes(x);
const textUpTo = (max: number, x: unknown) => typeof x === 'string' && x.length <= max;

/** A well-formed entry: a finite BMI, a known category, colour and system, short texts. */
function isEntry(item: unknown): item is HistoryEntry {
  if (typeof item !== 'object' || item === null) return false;
  const entry = item as Record<string, unknown>;
  return (
    Number.isFinite(entry.bmi) &&
    oneOf(CATEGORIES, entry.category) &&
    oneOf(COLORS, entry.color) &&
    oneOf(SYSTEMS, entry.system) &&
    textUpTo(100, entry.input) &&
    textUpTo(40, entry.at)
  );
}

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
  return data.filter(isEntry).slice(-HISTORY_SIZE);
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
