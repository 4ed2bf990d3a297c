import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, columnWidths } from './xlsx';

const HEADER = ['ID', 'Title', 'Status'] as const;

describe('buildXlsx', () => {
  it('writes the named sheet with a bold header and the rows, readable by exceljs', async () => {
    const progress: number[] = [];
    const bytes = await buildXlsx(
      HEADER,
      [
        [1, 'Hello', 'Published'],
        [2, '=1+1', 'Draft'],
      ],
      { sheetName: 'Sheet1', onProgress: (done) => progress.push(done) },
    );
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet('Sheet1');
    expect(sheet).toBeDefined();
    expect(workbook.worksheets).toHaveLength(1);
    expect(sheet?.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).values).toEqual([undefined, 1, 'Hello', 'Published']);
    // Text that looks like a formula stays text.
    expect(sheet?.getCell('B3').value).toBe('=1+1');
    expect(sheet?.getCell('B3').type).toBe(ExcelJS.ValueType.String);
    expect(sheet?.rowCount).toBe(3);
    expect(progress.at(-1)).toBe(2);
  });

  it('names the sheet as asked', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildXlsx(['ID'], [[1]], { sheetName: 'Profiles' }));
    expect(workbook.getWorksheet('Profiles')?.getCell('A2').value).toBe(1);
  });
});

describe('columnWidths', () => {
  it('fits the longest cell plus 2, capped at 50', () => {
    expect(columnWidths(['ID', 'Name'], [[1, 'x'.repeat(80)]])).toEqual([4, 50]);
  });
});
