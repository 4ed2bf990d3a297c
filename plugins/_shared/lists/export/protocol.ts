import type { Cell, ExportFormat } from './types';

/** The page asks the export worker to build one file. */
export interface ExportRequest {
  format: ExportFormat;
  header: readonly string[];
  rows: Cell[][];
  /** The Excel worksheet's name (unused for CSV). */
  sheetName: string;
}

/** What the worker answers: progress while building, then the file's bytes (transferred) or an error. */
export type ExportMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; bytes: ArrayBuffer; mimeType: string }
  | { type: 'error'; message: string };

export const MIME_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};
