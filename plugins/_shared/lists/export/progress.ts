import type { ExportKind } from './types';

/** What the progress bar shows while an export runs. */
export interface ExportProgress {
  kind: ExportKind;
  /** Reading the records from the API, then building the file in the worker. */
  phase: 'fetch' | 'build';
  done: number;
  total: number;
}

const EXPORT_NAMES = { xlsx: 'Excel file', csv: 'CSV file', pdf: 'printable table' } as const;

/** The label of a running export: reading the records (`noun`: 'posts', 'profiles'), then building the file. */
export function progressLabel({ kind, phase, done, total }: ExportProgress, noun: string): string {
  const number = (n: number) => n.toLocaleString('en-US');
  if (phase === 'fetch') return `Reading ${noun}: ${number(done)} of ${total > 0 ? number(total) : '…'}`;
  if (total > 0 && done >= total) return `Writing the ${EXPORT_NAMES[kind]}…`;
  return `Building the ${EXPORT_NAMES[kind]}: ${number(done)} of ${number(total)} rows`;
}
