import { useCallback, useRef, useState } from 'react';
import { buildExportFile, downloadBlob, openPrintWindow, writePrintWindow } from './client';
import { notifyExport } from './notify';
import { buildPrintHtml } from './print-html';
import type { ExportProgress } from './progress';
import { type ExportColumn, type ExportKind, fileNameOf, headerOf, rowsOf } from './types';

export type { ExportProgress } from './progress';

export interface ExportOptions<T> {
  /** The files' base name: `posts` gives posts.csv and posts.xlsx, and the print window's title
   * `posts`, which the browser offers as posts.pdf. */
  filename: string;
  /** The Excel worksheet's name. */
  sheetName: string;
  /** The heading of the printed table (default: the sheet name). */
  title?: string;
  /** The exported columns, in order. */
  columns: readonly ExportColumn<T>[];
  /** Reads every record to export (not only the page on screen), reporting (done, total) as it goes. */
  loadRows(onProgress: (done: number, total: number) => void): Promise<readonly T[]>;
}

/**
 * CSV, Excel and PDF exports of a list: `run(kind)` reads the records with `loadRows` here (the
 * session token stays on the main thread), then a module Web Worker builds the file, off the main
 * thread; PDF writes an escaped table into a print window. Reports the spec's messages itself.
 * The latest options are used at each run, so they need not be memoised.
 */
export function useExport<T>(options: ExportOptions<T>) {
  const latest = useRef(options);
  latest.current = options;
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef(false);

  const run = useCallback(async (kind: ExportKind) => {
    if (running.current) return;
    running.current = true;
    const { filename, sheetName, title = sheetName, columns, loadRows } = latest.current;
    // The print window must open inside the click, before any await, or it is blocked.
    const printWindow = kind === 'pdf' ? openPrintWindow() : null;
    if (kind === 'pdf' && !printWindow) {
      running.current = false;
      notifyExport('printBlocked');
      return;
    }
    try {
      setProgress({ kind, phase: 'fetch', done: 0, total: 0 });
      const records = await loadRows((done, total) => setProgress({ kind, phase: 'fetch', done, total }));
      if (records.length === 0) {
        printWindow?.close();
        notifyExport('noData');
        return;
      }
      const header = headerOf(columns);
      const rows = rowsOf(columns, records);
      if (kind === 'pdf') {
        if (printWindow)
          writePrintWindow(printWindow, buildPrintHtml({ title: filename, heading: title, header, rows }));
        return;
      }
      setProgress({ kind, phase: 'build', done: 0, total: rows.length });
      const blob = await buildExportFile({ format: kind, header, rows, sheetName }, (done, total) =>
        setProgress({ kind, phase: 'build', done, total }),
      );
      downloadBlob(blob, fileNameOf(filename, kind));
      notifyExport(kind === 'xlsx' ? 'excelDone' : 'csvDone');
    } catch (error) {
      printWindow?.close();
      notifyExport('failed', error instanceof Error ? error.message : undefined);
    } finally {
      running.current = false;
      setProgress(null);
    }
  }, []);

  return { run, progress };
}
