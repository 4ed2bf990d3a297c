/**
 * The side-by-side table of 2–4 saved calculations of one tool: a row per input field and per output
 * field, each with one value per calculation and whether they differ. Pure: the compare view feeds it
 * the stored inputs and the outputs computed again from them.
 */

export interface CompareColumn {
  name: string;
  input: Record<string, unknown>;
  /** The tool's output computed from `input` now; absent while computing or when it failed. */
  output?: unknown;
  /** The tool's message when the stored input no longer computes. */
  error?: string | undefined;
  /** The result's text as it read when saved. */
  savedText: string;
}

export interface CompareRow {
  section: 'input' | 'output';
  /** The field's path in the input or output (`principal`, `breakdown.fat`). */
  key: string;
  label: string;
  /** One cell per column, as shown. */
  values: string[];
  /** Whether the values are not all the same. */
  differs: boolean;
}

const MISSING = '—';

/** `monthlyPayment` → "Monthly payment", `bmi` → "BMI", `from_unit` → "From unit". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .split(/\s+/);
  const text = words
    .map((word, index) => {
      if (
        word.length <= 3 &&
        /^[a-z]+$/i.test(word) &&
        ['bmi', 'url', 'id', 'kb', 'mb', 'gb', 'cpi', 'pdf'].includes(word.toLowerCase())
      )
        return word.toUpperCase();
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
  return text || key;
}

const numberFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 6 });

/** A cell's text: numbers in English notation, text as it is, anything else as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null || value === '') return MISSING;
  if (typeof value === 'number') return Number.isFinite(value) ? numberFormat.format(value) : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
}

/** The scalar leaves of an output, by path (arrays are left out: the schedule, the growth points). */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return prefix ? [[prefix, value]] : [];
  if (Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    leaves(inner, prefix ? `${prefix}.${key}` : key),
  );
}

interface LoanRowLike {
  payment: number;
  interest: number;
}

const isSchedule = (value: unknown): value is LoanRowLike[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((row) => row && typeof row.payment === 'number' && typeof row.interest === 'number');

/** A loan's monthly payment, total interest and total paid, from its schedule. */
export function loanTotals(schedule: readonly LoanRowLike[]) {
  const cents = (x: number) => Math.round(x * 100) / 100;
  return {
    monthlyPayment: cents(schedule[0]?.payment ?? 0),
    totalInterest: cents(schedule.reduce((sum, row) => sum + row.interest, 0)),
    totalPaid: cents(schedule.reduce((sum, row) => sum + row.payment, 0)),
  };
}

/**
 * The output's fields as compared: its scalar fields, except the result sentence (`text`, shown as
 * its own row) and, for a loan (an output with a payment schedule), the monthly payment, total
 * interest and total paid in place of the bare `value`.
 */
function outputFields(output: unknown): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  const record = output && typeof output === 'object' ? (output as Record<string, unknown>) : {};
  const loan = isSchedule(record.schedule) ? loanTotals(record.schedule) : undefined;
  if (loan) for (const [key, value] of Object.entries(loan)) fields.set(key, value);
  for (const [key, value] of leaves(output)) {
    if (key === 'text' || (loan && key === 'value')) continue;
    fields.set(key, value);
  }
  return fields;
}

/** The keys of several maps, in order of first appearance. */
function unionKeys(maps: readonly Map<string, unknown>[]): string[] {
  const keys = new Set<string>();
  for (const map of maps) for (const key of map.keys()) keys.add(key);
  return [...keys];
}

function rowsOf(section: CompareRow['section'], maps: readonly Map<string, unknown>[]): CompareRow[] {
  return unionKeys(maps).map((key) => {
    const values = maps.map((map) => cellText(map.get(key)));
    return {
      section,
      key,
      label: fieldLabel(key.split('.').at(-1) ?? key),
      values,
      differs: values.some((value) => value !== values[0]),
    };
  });
}

/** Builds the table: every input field, then the result now, the result as saved and every output field. */
export function compareTable(columns: readonly CompareColumn[]): CompareRow[] {
  const inputs = columns.map((column) => new Map(Object.entries(column.input)));
  const outputs = columns.map((column) =>
    column.error !== undefined ? new Map<string, unknown>() : outputFields(column.output),
  );
  const resultNow = columns.map((column) => {
    if (column.error !== undefined) return column.error;
    const text = (column.output as { text?: unknown } | undefined)?.text;
    return typeof text === 'string' ? text : MISSING;
  });
  const savedTexts = columns.map((column) => column.savedText || MISSING);
  const textRow = (key: string, label: string, values: string[]): CompareRow => ({
    section: 'output',
    key,
    label,
    values,
    differs: values.some((value) => value !== values[0]),
  });
  return [
    ...rowsOf('input', inputs),
    textRow('result', 'Result', resultNow),
    textRow('saved_result', 'Result when saved', savedTexts),
    ...rowsOf('output', outputs),
  ];
}
