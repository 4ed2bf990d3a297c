import { describe, expect, it } from 'vitest';
import { byText, withThousands } from './text-order';

describe('byText', () => {
  it('orders labels as localeCompare does for English labels', () => {
    const labels = [
      'Unit Converter',
      'age calculator',
      'BMI Calculator',
      'Age Calculator',
      'Åge',
      'Zeta',
      'beta',
    ];
    const ours = [...labels].sort(byText);
    expect(ours).toEqual([
      'Age Calculator',
      'age calculator',
      'beta',
      'BMI Calculator',
      'Unit Converter',
      'Zeta',
      'Åge',
    ]);
    const ascii = labels.filter((label) => /^[\x20-\x7e]+$/.test(label));
    const folded = (list: string[]) => list.map((label) => label.toLowerCase());
    expect(folded([...ascii].sort(byText))).toEqual(
      folded([...ascii].sort((a, b) => a.localeCompare(b, 'en'))),
    );
  });

  it('orders ISO timestamps in time order and gives 0 only for equal texts', () => {
    expect(byText('2026-01-02T00:00:00Z', '2026-01-10T00:00:00Z')).toBeLessThan(0);
    expect(byText('2026-01-10T00:00:00Z', '2026-01-02T00:00:00Z')).toBeGreaterThan(0);
    expect(byText('same', 'same')).toBe(0);
    expect(byText('Same', 'same')).not.toBe(0);
  });
});

describe('withThousands', () => {
  it('groups thousands as en-US toLocaleString does', () => {
    for (const n of [0, 7, 999, 1000, 10000, 123456, 1234567, -1234567, 9007199254740991]) {
      expect(withThousands(n)).toBe(n.toLocaleString('en'));
    }
  });

  it('leaves numbers that are not safe whole numbers as their plain text', () => {
    expect(withThousands(1.5)).toBe('1.5');
    expect(withThousands(Number.NaN)).toBe('NaN');
  });
});
