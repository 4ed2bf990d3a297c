import { describe, expect, it } from 'vitest';
import {
  appendEntry,
  HISTORY_KEY,
  HISTORY_SIZE,
  type HistoryEntry,
  parseHistory,
  readHistory,
  writeHistory,
} from './history';

const entry = (bmi: number): HistoryEntry => ({
  bmi,
  category: 'Normal Weight',
  color: 'green',
  system: 'metric',
  input: `${bmi} kg, 1 m`,
  at: '2024-06-01T10:00:00.000Z',
});

/** An in-memory Storage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

const throwing = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('BMI history', () => {
  it('keeps the latest five, newest appended', () => {
    let history: HistoryEntry[] = [];
    for (let i = 1; i <= 7; i++) history = appendEntry(history, entry(20 + i));
    expect(HISTORY_SIZE).toBe(5);
    expect(history.map((e) => e.bmi)).toEqual([23, 24, 25, 26, 27]);
  });

  it('survives a reload through storage', () => {
    const storage = memoryStorage();
    const history = appendEntry(appendEntry([], entry(21)), entry(22));
    writeHistory(storage, history);
    expect(storage.data.has(HISTORY_KEY)).toBe(true);
    expect(readHistory(storage)).toEqual(history);
  });

  it('clearing removes the key', () => {
    const storage = memoryStorage({ [HISTORY_KEY]: JSON.stringify([entry(21)]) });
    writeHistory(storage, []);
    expect(storage.data.has(HISTORY_KEY)).toBe(false);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['not a list', '{"bmi":22}'],
    ['a number', '42'],
    ['null', 'null'],
  ])('unreadable data counts as empty: %s', (_, raw) => {
    expect(parseHistory(raw)).toEqual([]);
  });

  it('drops malformed entries and keeps good ones', () => {
    const raw = JSON.stringify([
      entry(21),
      { bmi: 'x' },
      null,
      { ...entry(22), category: 'Fine' },
      { ...entry(23), color: 'purple' },
      entry(24),
    ]);
    expect(parseHistory(raw).map((e) => e.bmi)).toEqual([21, 24]);
  });

  it('a stored list longer than five keeps its latest five', () => {
    const raw = JSON.stringify([1, 2, 3, 4, 5, 6, 7].map((i) => entry(20 + i)));
    expect(parseHistory(raw).map((e) => e.bmi)).toEqual([23, 24, 25, 26, 27]);
  });

  it('storage that throws reads as empty and writes nothing, without throwing', () => {
    expect(readHistory(throwing)).toEqual([]);
    expect(() => writeHistory(throwing, [entry(22)])).not.toThrow();
    expect(readHistory(undefined)).toEqual([]);
  });
});
