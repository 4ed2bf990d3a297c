import ExcelJS from 'exceljs';
import Papa from 'papaparse';

type Value = string | number | boolean | null;
type Table = Value[][];

const NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;

/** A CSV field as a cell: plain decimal numbers become numbers ("007" and "1e5" stay text). */
function cellOf(text: string): Value {
  return NUMBER.test(text) ? Number(text) : text;
}

function parseCsv(text: string): Table {
  if (text.includes('\u0000')) throw new Error('not text');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return parsed.data.map((row) => row.map(cellOf));
}

function display(value: unknown): Value {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof value === 'object') {
    const cell = value as { result?: unknown; text?: unknown; richText?: { text: string }[]; error?: string };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return display(cell.result);
    if (typeof cell.text === 'string') return cell.text;
    if (cell.error) return cell.error;
  }
  return String(value);
}

async function readXlsx(bytes: Uint8Array): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: Table = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const values: Value[] = [];
    for (let column = 1; column <= width; column++) values.push(display(row.getCell(column).value));
    rows[number - 1] = values;
  });
  const table = Array.from(rows, (row) => row ?? []);
  // Trailing empty cells of each row are dropped (a sheet's used width can exceed a row's).
  return table.map((row) => {
    let end = row.length;
    while (end > 0 && (row[end - 1] === null || row[end - 1] === '')) end--;
    return row.slice(0, end);
  });
}

async function writeXlsx(table: Table): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Toolbox File Converter';
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of table) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function tableToCsv(table: Table): string {
  return table.length === 0
    ? ''
    : `${Papa.unparse(
        table.map((row) => row.map((value) => value ?? '')),
        { newline: '\n' },
      )}\n`;
}

/** The first row names the fields: empty or repeated names get a column number. */
function headerOf(row: readonly Value[]): string[] {
  const seen = new Set<string>();
  return row.map((value, index) => {
    let name = value === null || value === '' ? `column ${index + 1}` : String(value);
    if (seen.has(name)) name = `${name} (${index + 1})`;
    seen.add(name);
    return name;
  });
}

function tableToJson(table: Table): string {
  const [first, ...rest] = table;
  if (!first) return '[]\n';
  const width = Math.max(...table.map((row) => row.length));
  const header = headerOf(Array.from({ length: width }, (_, index) => first[index] ?? null));
  const records = rest.map((row) =>
    Object.fromEntries(header.map((name, index) => [name, row[index] ?? null])),
  );
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** JSON as a table: an array of objects (their keys as the header), an array of arrays, or one object. */
function jsonToTable(text: string): Table {
  const data: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
  const cell = (value: unknown): Value =>
    value === null ||
    value === undefined ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
      ? (value ?? null)
      : JSON.stringify(value);
  const items = Array.isArray(data) ? data : data !== null && typeof data === 'object' ? [data] : undefined;
  if (!items) throw new Error('not a list');
  if (items.every((item) => Array.isArray(item))) return items.map((row: unknown[]) => row.map(cell));
  if (!items.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item)))
    throw new Error('mixed');
  const header: string[] = [];
  for (const item of items as Record<string, unknown>[]) {
    for (const key of Object.keys(item)) if (!header.includes(key)) header.push(key);
  }
  return [
    header,
    ...(items as Record<string, unknown>[]).map((item) => header.map((key) => cell(item[key]))),
  ];
}

export async function convertSheet(
  from: 'csv' | 'xlsx' | 'json',
  to: 'csv' | 'xlsx' | 'json',
  bytes: Uint8Array,
): Promise<Uint8Array> {
  const text = () => new TextDecoder('utf-8').decode(bytes);
  const table =
    from === 'xlsx' ? await readXlsx(bytes) : from === 'csv' ? parseCsv(text()) : jsonToTable(text());
  if (to === 'xlsx') return writeXlsx(table);
  return new TextEncoder().encode(to === 'csv' ? tableToCsv(table) : tableToJson(table));
}
