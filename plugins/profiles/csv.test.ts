import { describe, expect, it } from 'vitest';
import { BOM, buildCsv, csvCell, neutralizeFormula } from './csv';
import { EXPORT_COLUMNS, toExportRows } from './export-rows';

describe('csvCell', () => {
  it('quotes every cell and doubles quotes inside', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a,b\nc')).toBe('"a,b\nc"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(null)).toBe('""');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('+cmd|x')).toBe('"\'+cmd|x"');
    expect(csvCell('-2+3+cmd|x')).toBe('"\'-2+3+cmd|x"');
    expect(csvCell('\t=1')).toBe('"\'\t=1"');
  });
});

describe('neutralizeFormula', () => {
  it('leaves phone numbers and plain numbers alone', () => {
    expect(neutralizeFormula('+256 700 123456')).toBe('+256 700 123456');
    expect(neutralizeFormula('+1 (555) 010-9999')).toBe('+1 (555) 010-9999');
    expect(neutralizeFormula('-5')).toBe('-5');
    expect(neutralizeFormula('Ann = admin')).toBe('Ann = admin');
  });
});

describe('buildCsv', () => {
  it('starts with the BOM, quotes everything and ends lines with CRLF', () => {
    const csv = buildCsv(EXPORT_COLUMNS, [
      [1, 'Ann Lee', '+256 700', 'Main St, 1', 'admin', 'ann', 'a@x.io'],
    ]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).toBe(
      `${BOM}"ID","Full Name","Phone Number","Address","Role","Username","Email"\r\n` +
        '"1","Ann Lee","+256 700","Main St, 1","admin","ann","a@x.io"\r\n',
    );
  });

  it('is only the header for no rows', () => {
    expect(buildCsv(['A'], [])).toBe(`${BOM}"A"\r\n`);
  });
});

describe('toExportRows', () => {
  it('maps a profile to the spec columns, with blanks for a missing user or address', () => {
    expect(
      toExportRows([
        {
          id: 3,
          full_name: 'Ann Lee',
          phone_number: '123',
          address: 'Kampala',
          role: 'manager',
          user: { id: 9, username: 'ann', email: 'ann@example.com' },
        },
        { id: 4, full_name: 'No Account', phone_number: '5', address: null, role: 'member', user: null },
      ]),
    ).toEqual([
      [3, 'Ann Lee', '123', 'Kampala', 'manager', 'ann', 'ann@example.com'],
      [4, 'No Account', '5', '', 'member', '', ''],
    ]);
    expect(EXPORT_COLUMNS).toEqual([
      'ID',
      'Full Name',
      'Phone Number',
      'Address',
      'Role',
      'Username',
      'Email',
    ]);
  });
});
