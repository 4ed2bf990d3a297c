/**
 * Builds export files off the main thread, so 10 000 rows never freeze the page. exceljs is
 * imported lazily here and nowhere else: it is only downloaded for an Excel export.
 */
import { buildCsv } from './csv';
import { type ExportMessage, type ExportRequest, MIME_TYPES } from './protocol';

/** The worker's global scope (the DOM lib types `self` as a window; the webworker lib clashes with it). */
const scope = self as unknown as {
  postMessage(message: ExportMessage, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ExportRequest>) => void): void;
};

function send(message: ExportMessage, transfer: Transferable[] = []) {
  scope.postMessage(message, transfer);
}

scope.addEventListener('message', async (event: MessageEvent<ExportRequest>) => {
  const { format, header, rows, sheetName } = event.data;
  const total = rows.length;
  try {
    let bytes: ArrayBuffer;
    if (format === 'xlsx') {
      const { buildXlsx } = await import('./xlsx');
      bytes = await buildXlsx(header, rows, {
        sheetName,
        onProgress: (done) => send({ type: 'progress', done, total }),
      });
    } else {
      const encoded = new TextEncoder().encode(buildCsv(header, rows));
      bytes = encoded.buffer.slice(encoded.byteOffset, encoded.byteOffset + encoded.byteLength);
      send({ type: 'progress', done: total, total });
    }
    send({ type: 'done', bytes, mimeType: MIME_TYPES[format] }, [bytes]);
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
