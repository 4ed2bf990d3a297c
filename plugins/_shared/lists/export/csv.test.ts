import { describe, expect, it } from 'vitest';
import { BOM, buildCsv, csvCell, neutralizeFormula } from './csv';
import { type ExportColumn, headerOf, rowsOf } from './types';

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

interface Person {
  id: number;
  name: string;
  phone: string;
  address: string | null;
}

const PEOPLE: readonly ExportColumn<Person>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'Full Name', value: (p) => p.name },
  { header: 'Phone Number', value: (p) => p.phone },
  { header: 'Address', value: (p) => p.address },
];

describe('buildCsv', () => {
  it('starts with the BOM, quotes everything and ends lines with CRLF', () => {
    const people: Person[] = [{ id: 1, name: 'Ann Lee', phone: '+256 700', address: 'Main St, 1' }];
    const csv = buildCsv(headerOf(PEOPLE), rowsOf(PEOPLE, people));
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).toBe(
      `${BOM}"ID","Full Name","Phone Number","Address"\r\n"1","Ann Lee","+256 700","Main St, 1"\r\n`,
    );
  });

  it('writes a missing value as an empty cell', () => {
    const csv = buildCsv(headerOf(PEOPLE), rowsOf(PEOPLE, [{ id: 2, name: 'B', phone: '5', address: null }]));
    expect(csv.split('\r\n')[1]).toBe('"2","B","5",""');
  });

  it('is only the header for no rows', () => {
    expect(buildCsv(['A'], [])).toBe(`${BOM}"A"\r\n`);
  });
});
