import { describe, expect, it } from 'vitest';
import { loanPayment, loanSchedule } from '../_shared/interest/interest';
import { cellText, compareTable, fieldLabel, loanTotals } from './compare-table';

const row = (rows: ReturnType<typeof compareTable>, key: string) => {
  const found = rows.find((r) => r.key === key);
  if (!found) throw new Error(`no row ${key}`);
  return found;
};

describe('compare table', () => {
  it('puts each input field in a row and marks the ones that differ', () => {
    const rows = compareTable([
      {
        name: 'A',
        input: { weight: 70, height: 180, unit: 'metric' },
        output: { bmi: 21.6, text: 'BMI 21.6' },
        savedText: 'BMI 21.6',
      },
      {
        name: 'B',
        input: { weight: 80, height: 180 },
        output: { bmi: 24.7, text: 'BMI 24.7' },
        savedText: 'BMI 24.7',
      },
    ]);
    expect(rows.filter((r) => r.section === 'input').map((r) => [r.label, r.values, r.differs])).toEqual([
      ['Weight', ['70', '80'], true],
      ['Height', ['180', '180'], false],
      ['Unit', ['metric', '—'], true],
    ]);
    expect(row(rows, 'result').values).toEqual(['BMI 21.6', 'BMI 24.7']);
    expect(row(rows, 'bmi')).toMatchObject({ label: 'BMI', values: ['21.6', '24.7'], differs: true });
  });

  it('flattens nested outputs, leaves arrays out, and shows a refused input as its message', () => {
    const rows = compareTable([
      {
        name: 'A',
        input: { x: 1 },
        output: { text: 't', parts: { fat: 1.5 }, list: [1, 2] },
        savedText: 'old',
      },
      { name: 'B', input: { x: 'abc' }, error: 'Please enter a number.', savedText: 'old' },
    ]);
    expect(row(rows, 'parts.fat')).toMatchObject({ label: 'Fat', values: ['1.5', '—'], differs: true });
    expect(rows.some((r) => r.key === 'list')).toBe(false);
    expect(row(rows, 'result').values).toEqual(['t', 'Please enter a number.']);
    expect(row(rows, 'saved_result')).toMatchObject({ values: ['old', 'old'], differs: false });
  });

  it('compares two loans by monthly payment, total interest and total paid', () => {
    // A loan's output as the interest views give it: the payment, its sentence and the schedule.
    const loan = (principal: number) => {
      const value = loanPayment(principal, 6, 1);
      return { value, text: `Monthly payment: ${value}`, schedule: loanSchedule(principal, 6, 1) };
    };
    const small = loan(10000);
    const large = loan(20000);
    const rows = compareTable([
      { name: 'Small', input: { principal: 10000 }, output: small, savedText: small.text },
      { name: 'Large', input: { principal: 20000 }, output: large, savedText: large.text },
    ]);
    const totals = loanTotals(small.schedule ?? []);
    expect(row(rows, 'monthlyPayment').values[0]).toBe(cellText(totals.monthlyPayment));
    expect(totals.monthlyPayment).toBeCloseTo(small.value, 2);
    expect(totals.totalPaid).toBeCloseTo(totals.monthlyPayment * 12, 0);
    expect(totals.totalInterest).toBeCloseTo(totals.totalPaid - 10000, 1);
    expect(row(rows, 'totalInterest')).toMatchObject({ label: 'Total interest', differs: true });
    expect(row(rows, 'totalPaid').label).toBe('Total paid');
    expect(rows.some((r) => r.key === 'value')).toBe(false);
  });

  it('labels fields for people', () => {
    expect(fieldLabel('monthlyPayment')).toBe('Monthly payment');
    expect(fieldLabel('from_unit')).toBe('From unit');
    expect(cellText(1234.5)).toBe('1,234.5');
    expect(cellText(true)).toBe('Yes');
  });
});
