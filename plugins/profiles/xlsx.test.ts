import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from './export-rows';
import { buildXlsx, columnWidths, SHEET_NAME } from './xlsx';

describe('buildXlsx', () => {
  it('writes sheet Profiles with a bold header and the rows, readable by exceljs', async () => {
    const progress: number[] = [];
    const bytes = await buildXlsx(
      EXPORT_COLUMNS,
      [
        [1, 'Ann Lee', '+256 700', 'Kampala', 'admin', 'ann', 'ann@example.com'],
        [2, '=1+1', '5', '', 'member', '', ''],
      ],
      (done) => progress.push(done),
    );
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes);
    const sheet = workbook.getWorksheet(SHEET_NAME);
    expect(sheet).toBeDefined();
    expect(sheet?.getRow(1).values).toEqual([undefined, ...EXPORT_COLUMNS]);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      1,
      'Ann Lee',
      '+256 700',
      'Kampala',
      'admin',
      'ann',
      'ann@example.com',
    ]);
    // Text that looks like a formula stays text.
    expect(sheet?.getCell('B3').value).toBe('=1+1');
    expect(sheet?.getCell('B3').type).toBe(ExcelJS.ValueType.String);
    expect(sheet?.rowCount).toBe(3);
    expect(progress.at(-1)).toBe(2);
  });
});

describe('columnWidths', () => {
  it('fits the longest cell plus 2, capped at 50', () => {
    expect(columnWidths(['ID', 'Name'], [[1, 'x'.repeat(80)]])).toEqual([4, 50]);
  });
});
