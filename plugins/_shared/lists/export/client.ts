import type { ExportMessage, ExportRequest } from './protocol';

/**
 * Builds an export file in a fresh module Web Worker (started per export, ended afterwards) and
 * resolves with it as a Blob. `onProgress(done, total)` while the worker adds rows.
 */
export function buildExportFile(
  request: ExportRequest,
  onProgress?: (done: number, total: number) => void,
): Promise<Blob> {
  const worker = new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Blob>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<ExportMessage>) => {
      const message = event.data;
      if (message.type === 'progress') {
        onProgress?.(message.done, message.total);
        return;
      }
      worker.terminate();
      if (message.type === 'done') resolve(new Blob([message.bytes], { type: message.mimeType }));
      else reject(new Error(message.message));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The export worker failed'));
    });
    worker.postMessage(request);
  });
}

/** Saves a Blob under `fileName` through a temporary object URL. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the URL by the next tasks; free the memory afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Opens the print window at once (inside the click, or pop-up blockers refuse it); null when it is
 * blocked. The caller fills it with `writePrintWindow` once the rows are there.
 */
export function openPrintWindow(preparing = 'Preparing the table for printing…'): Window | null {
  const win = window.open('', '_blank');
  if (!win) return null;
  win.document.title = 'Preparing…';
  win.document.body.textContent = preparing;
  return win;
}

/** Writes the escaped document into the print window and opens the browser's print dialog. */
export function writePrintWindow(win: Window, html: string) {
  win.document.open();
  win.document.write(html);
  win.document.close();
  win.focus();
  win.print();
}
