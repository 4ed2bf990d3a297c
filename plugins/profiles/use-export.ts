import { useApi } from '@toolbox/sdk/react';
import { useCallback, useRef, useState } from 'react';
import { buildExportFile, downloadBlob, openPrintWindow, writePrintWindow } from './export-client';
import { type ExportFormat, FILE_NAMES } from './export-protocol';
import { EXPORT_COLUMNS, toExportRows } from './export-rows';
import { notify } from './notify';
import { buildPrintHtml } from './print-html';
import { fetchAllProfiles } from './profiles-api';

export type ExportKind = ExportFormat | 'pdf';

/** What the progress bar shows while an export runs. */
export interface ExportProgress {
  kind: ExportKind;
  phase: 'fetch' | 'build';
  done: number;
  total: number;
}

/**
 * Exports every profile matching `search` (not only the page on screen): the rows are read page by
 * page here (the token stays on the main thread), then a worker builds the file, off the main thread.
 */
export function useProfileExport(search: string) {
  const api = useApi();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef(false);

  const run = useCallback(
    async (kind: ExportKind) => {
      if (running.current) return;
      running.current = true;
      // The print window must open inside the click, before any await, or it is blocked.
      const printWindow = kind === 'pdf' ? openPrintWindow() : null;
      if (kind === 'pdf' && !printWindow) {
        running.current = false;
        notify('printBlocked');
        return;
      }
      try {
        setProgress({ kind, phase: 'fetch', done: 0, total: 0 });
        const { results } = await fetchAllProfiles(api, search, {
          onProgress: (done, total) => setProgress({ kind, phase: 'fetch', done, total }),
        });
        if (results.length === 0) {
          printWindow?.close();
          notify('noData');
          return;
        }
        const rows = toExportRows(results);
        if (kind === 'pdf' && printWindow) {
          writePrintWindow(printWindow, buildPrintHtml('Profiles', EXPORT_COLUMNS, rows));
          return;
        }
        const format = kind as ExportFormat;
        setProgress({ kind, phase: 'build', done: 0, total: rows.length });
        const blob = await buildExportFile(format, EXPORT_COLUMNS, rows, (done, total) =>
          setProgress({ kind, phase: 'build', done, total }),
        );
        downloadBlob(blob, FILE_NAMES[format]);
        notify(format === 'xlsx' ? 'excelDone' : 'csvDone');
      } catch (error) {
        printWindow?.close();
        notify('exportFailed', error instanceof Error ? error.message : undefined);
      } finally {
        running.current = false;
        setProgress(null);
      }
    },
    [api, search],
  );

  return { run, progress };
}
