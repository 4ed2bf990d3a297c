import type { Cell } from './types';

/** UTF-8 byte-order mark: Excel reads the file as UTF-8 only with it. */
export const BOM = '\uFEFF';

/**
 * Cells that a spreadsheet would run as a formula start with one of these (OWASP "CSV injection").
 * Tab and carriage return are included because some spreadsheets strip them before parsing.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number or phone number (digits, spaces, + - ( ) . only) can carry no formula payload. */
const NUMBER_LIKE = /^[+-]?[\d\s().-]+$/;

/**
 * Defuses formula injection: a text cell that starts with = + - @ (or tab, CR) gets a leading `'`,
 * so a spreadsheet shows it as text instead of running it. Number-like text such as
 * "+256 700 123456" or "-5" is left alone: it cannot call a function or reach another cell.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !NUMBER_LIKE.test(text) ? `'${text}` : text;
}

/** One cell, always quoted; quotes inside are doubled (RFC 4180). */
export function csvCell(value: Cell | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = typeof value === 'number' ? text : neutralizeFormula(text);
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The whole file: BOM, the header row, then the rows; every cell quoted; CRLF line ends (RFC 4180). */
export function buildCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
