import ExcelJS from 'exceljs';
import type { Cell } from './types';

/** Column widths in characters: wide enough for the header, at most 50. */
export function columnWidths(header: readonly string[], rows: readonly (readonly Cell[])[]): number[] {
  return header.map((name, index) => {
    let widest = name.length;
    for (const row of rows) {
      const length = String(row[index] ?? '').length;
      if (length > widest) widest = length;
    }
    return Math.min(50, widest + 2);
  });
}

export interface XlsxOptions {
  /** The one worksheet's name ('Profiles', 'Sheet1'). */
  sheetName: string;
  /** Called every 1000 rows and once at the end with the rows added so far. */
  onProgress?: (done: number) => void;
}

/**
 * The workbook: one sheet, a bold frozen header row, sized columns. Cells are written as values
 * (text stays text: exceljs never turns a string into a formula). Heavy: import it only from the
 * export worker, so exceljs is downloaded for an Excel export and never with a page.
 */
export async function buildXlsx(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  { sheetName, onProgress }: XlsxOptions,
): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Toolbox';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = columnWidths(header, rows);
  sheet.columns = header.map((name, index) => ({ header: name, width: widths[index] ?? 12 }));
  sheet.getRow(1).font = { bold: true };
  rows.forEach((row, index) => {
    sheet.addRow([...row]);
    if (onProgress && (index + 1) % 1000 === 0) onProgress(index + 1);
  });
  onProgress?.(rows.length);
  const buffer = await workbook.xlsx.writeBuffer();
  // writeBuffer gives a Buffer in Node and an ArrayBuffer-backed view in the browser: copy out exactly its bytes.
  const bytes = new Uint8Array(buffer as ArrayBuffer);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
