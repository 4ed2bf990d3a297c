/** One cell of an exported row: text or a number (numbers stay numbers in Excel). */
export type Cell = string | number;

/** One exported column: its header and how a record gives its cell. */
export interface ExportColumn<T> {
  header: string;
  value(record: T): Cell | null | undefined;
}

/** The files built in the export worker. */
export type ExportFormat = 'xlsx' | 'csv';

/** Every kind of export: the two files, and `pdf` through the browser's print window. */
export type ExportKind = ExportFormat | 'pdf';

/** The header row of `columns`. */
export function headerOf<T>(columns: readonly ExportColumn<T>[]): string[] {
  return columns.map((column) => column.header);
}

/** The records as rows of cells, in the columns' order; a missing value is an empty cell. */
export function rowsOf<T>(columns: readonly ExportColumn<T>[], records: readonly T[]): Cell[][] {
  return records.map((record) => columns.map((column) => column.value(record) ?? ''));
}

/** `posts` → `posts.csv`, `posts.xlsx`, `posts.pdf`. */
export function fileNameOf(base: string, kind: ExportKind): string {
  return `${base}.${kind}`;
}
