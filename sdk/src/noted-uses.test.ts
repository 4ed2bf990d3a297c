import { describe, expect, it } from 'vitest';
import { NOTED_USES_KEY, noteUse, takeNotedUses } from './noted-uses';
import { memoryStorage } from './testing';

describe('uses noted before the lists load', () => {
  it('keeps them in order until taken, once', () => {
    const storage = memoryStorage();
    expect(takeNotedUses(storage)).toEqual([]);
    noteUse(storage, 'bmi-calculator');
    noteUse(storage, 'unit-converter');
    expect(takeNotedUses(storage)).toEqual(['bmi-calculator', 'unit-converter']);
    expect(takeNotedUses(storage)).toEqual([]);
  });

  it('reads a damaged note as none, and starts a new one over it', () => {
    const storage = memoryStorage();
    storage.setItem(NOTED_USES_KEY, '{not json');
    expect(takeNotedUses(storage)).toEqual([]);
    storage.setItem(NOTED_USES_KEY, JSON.stringify(['age-calculator', 7, null]));
    noteUse(storage, 'bmi-calculator');
    expect(takeNotedUses(storage)).toEqual(['age-calculator', 'bmi-calculator']);
  });

  it('loses only the note when the storage refuses it', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(() => noteUse(storage, 'bmi-calculator')).not.toThrow();
    expect(takeNotedUses(storage)).toEqual([]);
  });
});
