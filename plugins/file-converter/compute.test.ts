import { expectError, expectOk } from '@toolbox/sdk/testing';
import {
  Document,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { compute, type FileConvertInput, formats, setImageCodec } from './compute';
import type { ImageCodec } from './convert/image';
import { FORMATS, formatOfName, outputName, TARGETS } from './formats';

// Converting to PDF embeds and subsets a font: slower than a calculator, more so on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const NO_FILE = 'Please select a file to convert.';
const FAILED = 'Conversion failed';

/** Node has no OffscreenCanvas: the same codec contract, on sharp. */
const sharpCodec: ImageCodec = {
  async convert(bytes, _from, to) {
    let image = sharp(bytes);
    if (to === 'jpeg') image = image.flatten({ background: '#ffffff' });
    return new Uint8Array(await image.toFormat(to).toBuffer());
  },
};

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const utf8 = (value: string) => new TextEncoder().encode(value);

async function run(input: FileConvertInput) {
  return expectOk(await compute(input));
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes.slice());
  const { text: pages } = await extractText(pdf, { mergePages: true });
  return pages;
}

async function docxHtml(bytes: Uint8Array): Promise<string> {
  return (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
}

let png: Uint8Array;
let wide: Uint8Array;
let docx: Uint8Array;
let pdf: Uint8Array;
let xlsx: Uint8Array;

beforeAll(async () => {
  setImageCodec(sharpCodec);
  // A 4 × 3 image: left half red, right half blue, so a conversion that keeps the pixels is visible.
  const pixels = Buffer.alloc(4 * 3 * 4);
  for (let i = 0; i < 12; i++) pixels.set(i % 4 < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
  png = new Uint8Array(
    await sharp(pixels, { raw: { width: 4, height: 3, channels: 4 } })
      .png()
      .toBuffer(),
  );
  wide = new Uint8Array(
    await sharp({ create: { width: 30, height: 10, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer(),
  );

  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Quarterly report')] }),
          new Paragraph({
            children: [
              new TextRun('Sales grew in '),
              new TextRun({ text: 'every', bold: true }),
              new TextRun(' region.'),
            ],
          }),
          new Paragraph({ bullet: { level: 0 }, children: [new TextRun('First point')] }),
          new Paragraph({ bullet: { level: 0 }, children: [new TextRun('Second point')] }),
          new Table({
            rows: [
              new TableRow({
                children: ['Region', 'Units'].map((v) => new TableCell({ children: [new Paragraph(v)] })),
              }),
              new TableRow({
                children: ['North', '42'].map((v) => new TableCell({ children: [new Paragraph(v)] })),
              }),
            ],
          }),
          new Paragraph({
            children: [new ImageRun({ type: 'png', data: png, transformation: { width: 40, height: 30 } })],
          }),
          new Paragraph('Zażółć gęślą jaźń — Ελληνικά'),
        ],
      },
    ],
  });
  docx = new Uint8Array(await Packer.toBuffer(document));

  const made = await PDFDocument.create();
  const helvetica = await made.embedFont(StandardFonts.Helvetica);
  made.addPage().drawText('Invoice number 1234', { x: 50, y: 700, font: helvetica, size: 14 });
  made.addPage().drawText('Second page total 99', { x: 50, y: 700, font: helvetica, size: 14 });
  pdf = await made.save();

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  sheet.addRow(['name', 'age', 'city']);
  sheet.addRow(['Ada', 36, 'London, UK']);
  sheet.addRow(['Łukasz', 41, 'Kraków']);
  xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
});

const MARKDOWN = [
  '# Shopping',
  '',
  'Buy **fresh** food at [the market](https://example.com).',
  '',
  '- apples',
  '- pears',
  '',
  '1. wash',
  '2. cut',
  '',
  '| fruit | price |',
  '| --- | --- |',
  '| apple | 2 |',
  '',
].join('\n');

const HTML =
  '<!doctype html><html><head><title>T</title><style>p{color:red}</style></head><body>' +
  '<h1>Trip plan</h1><p>Pack <em>light</em> &amp; early.</p><ul><li>tent</li><li>stove</li></ul>' +
  '<table><thead><tr><th>day</th><th>km</th></tr></thead><tbody><tr><td>Mon</td><td>12</td></tr></tbody></table>' +
  '<script>alert(1)</script></body></html>';

describe('file-converter formats', () => {
  it('lists every pair it converts, and only those', () => {
    const pairs = formats();
    expect(pairs).toContainEqual({ from: 'txt', to: 'pdf' });
    expect(pairs).toContainEqual({ from: 'docx', to: 'md' });
    expect(pairs).toContainEqual({ from: 'webp', to: 'jpeg' });
    expect(pairs).toHaveLength(FORMATS.reduce((n, f) => n + TARGETS[f].length, 0));
    expect(pairs).not.toContainEqual({ from: 'pdf', to: 'docx' });
  });

  it('reads the format from a file name and names the output', () => {
    expect(formatOfName('Notes.MD')).toBe('md');
    expect(formatOfName('photo.JPG')).toBe('jpeg');
    expect(formatOfName('page.htm')).toBe('html');
    expect(formatOfName('archive.zip')).toBeUndefined();
    expect(formatOfName('README')).toBeUndefined();
    expect(outputName('report.final.docx', 'pdf')).toBe('report.final.pdf');
    expect(outputName('photo.png', 'jpeg')).toBe('photo.jpg');
    expect(outputName('.docx', 'pdf')).toBe('converted.pdf');
  });
});

describe('file-converter messages', () => {
  it('asks for a file when there is none', async () => {
    expect(expectError(await compute({ name: '', from: 'txt', to: 'pdf' }))).toBe(NO_FILE);
    expect(expectError(await compute({ bytes: undefined, from: 'txt', to: 'pdf' }))).toBe(NO_FILE);
    expect(expectError(await compute(undefined as never))).toBe(NO_FILE);
  });

  it('names a pair it cannot convert', async () => {
    expect(expectError(await compute({ bytes: pdf, name: 'a.pdf', from: 'pdf', to: 'docx' }))).toBe(
      'Conversion from pdf to docx is not supported',
    );
    expect(expectError(await compute({ bytes: utf8('x'), name: 'a', from: 'exe', to: 'pdf' }))).toBe(
      'Conversion from exe to pdf is not supported',
    );
    expect(expectError(await compute({ bytes: utf8('x'), name: 'a.txt', from: 'txt', to: 'txt' }))).toBe(
      'Conversion from txt to txt is not supported',
    );
  });

  it.each([
    ['docx', 'pdf', utf8('this is plain text, not a Word file')],
    ['pdf', 'txt', utf8('%PDF-1.7 but nothing after it')],
    ['xlsx', 'csv', utf8('a,b\n1,2')],
    ['png', 'jpeg', utf8('not a picture')],
    ['jpeg', 'pdf', new Uint8Array([0x89, 0x50, 0x4e, 0x47])],
    ['json', 'csv', utf8('{"broken": ')],
    ['json', 'xlsx', utf8('42')],
    ['txt', 'pdf', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
  ])('a %s file that is not one fails to become %s', async (from, to, bytes) => {
    expect(expectError(await compute({ bytes, name: `fake.${from}`, from, to }))).toBe(FAILED);
  });

  it('a zip that is not a Word document fails', async () => {
    expect(expectError(await compute({ bytes: xlsx, name: 'x.docx', from: 'docx', to: 'html' }))).toBe(
      FAILED,
    );
  });
});

describe('file-converter text', () => {
  const TEXT = 'Dear Ada,\nthe <meeting> is at 10 & lasts *an hour*.\n\nŁódź ŋ Ελληνικά 😀\n';

  it('txt → html keeps paragraphs and line breaks, escaped', async () => {
    const out = await run({ bytes: utf8(TEXT), name: 'letter.txt', from: 'txt', to: 'html' });
    expect(out.filename).toBe('letter.html');
    expect(out.mime).toBe('text/html');
    const html = text(out.bytes);
    expect(html).toContain('<title>letter</title>');
    expect(html).toContain('<p>Dear Ada,<br>\nthe &lt;meeting&gt; is at 10 &amp; lasts *an hour*.</p>');
    expect(html).toContain('<p>Łódź ŋ Ελληνικά 😀</p>');
  });

  it('txt → pdf keeps every character, also those outside Latin-1', async () => {
    const out = await run({ bytes: utf8(TEXT), name: 'letter.txt', from: 'txt', to: 'pdf' });
    expect(out.filename).toBe('letter.pdf');
    expect(text(out.bytes.subarray(0, 5))).toBe('%PDF-');
    const content = await pdfText(out.bytes);
    expect(content).toContain('Dear Ada,');
    expect(content).toContain('the <meeting> is at 10 & lasts *an hour*.');
    expect(content).toContain('Łódź ŋ Ελληνικά 😀');
  });

  it('txt → pdf wraps long lines and breaks pages', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `Line ${i} ${'word '.repeat(30)}`).join('\n');
    const out = await run({ bytes: utf8(long), name: 'long.txt', from: 'txt', to: 'pdf' });
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBeGreaterThan(10);
    expect(await pdfText(out.bytes)).toContain('Line 299');
  });

  it('an empty text file becomes an empty page', async () => {
    const out = await run({ bytes: new Uint8Array(), name: 'empty.txt', from: 'txt', to: 'pdf' });
    expect((await PDFDocument.load(out.bytes)).getPageCount()).toBe(1);
  });

  it('txt → docx has one paragraph per paragraph', async () => {
    const out = await run({ bytes: utf8(TEXT), name: 'letter.txt', from: 'txt', to: 'docx' });
    expect(out.filename).toBe('letter.docx');
    const html = await docxHtml(out.bytes);
    expect(html).toContain('<p>Dear Ada,<br />the &lt;meeting&gt; is at 10 &amp; lasts *an hour*.</p>');
    expect(html).toContain('<p>Łódź ŋ Ελληνικά 😀</p>');
  });

  it('txt → md escapes what Markdown would read as markup', async () => {
    const out = await run({ bytes: utf8(TEXT), name: 'letter.txt', from: 'txt', to: 'md' });
    const md = text(out.bytes);
    expect(md).toContain('lasts \\*an hour\\*.');
    expect(md).toContain('Łódź ŋ Ελληνικά 😀');
  });
});

describe('file-converter markdown', () => {
  it('md → html renders headings, emphasis, links, lists and tables', async () => {
    const html = text((await run({ bytes: utf8(MARKDOWN), name: 'list.md', from: 'md', to: 'html' })).bytes);
    expect(html).toContain('<h1>Shopping</h1>');
    expect(html).toContain('<strong>fresh</strong>');
    expect(html).toContain('<a href="https://example.com">the market</a>');
    expect(html).toMatch(/<ul>\s*<li>apples<\/li>\s*<li>pears<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>wash<\/li>/);
    expect(html).toMatch(/<td>apple<\/td>\s*<td>2<\/td>/);
  });

  it('md → docx keeps the heading, the lists and the table', async () => {
    const html = await docxHtml(
      (await run({ bytes: utf8(MARKDOWN), name: 'list.md', from: 'md', to: 'docx' })).bytes,
    );
    expect(html).toContain('<h1>Shopping</h1>');
    expect(html).toContain('<strong>fresh</strong>');
    expect(html).toContain('<ul><li>apples</li><li>pears</li></ul>');
    expect(html).toContain('<ol><li>wash</li><li>cut</li></ol>');
    expect(html).toMatch(
      /<table>.*<p><strong>fruit<\/strong><\/p>.*<p>apple<\/p><\/td><td><p>2<\/p>.*<\/table>/,
    );
  });

  it('md → pdf draws the text of every block', async () => {
    const content = await pdfText(
      (await run({ bytes: utf8(MARKDOWN), name: 'list.md', from: 'md', to: 'pdf' })).bytes,
    );
    for (const part of [
      'Shopping',
      'Buy fresh food at the market.',
      'apples',
      'pears',
      '1.',
      'wash',
      'fruit',
      'price',
      'apple',
    ]) {
      expect(content).toContain(part);
    }
  });

  it('md → txt drops the markup', async () => {
    const out = text((await run({ bytes: utf8(MARKDOWN), name: 'list.md', from: 'md', to: 'txt' })).bytes);
    expect(out).toBe(
      'Shopping\n\nBuy fresh food at the market.\n\n- apples\n- pears\n\n1. wash\n2. cut\n\nfruit\tprice\napple\t2\n',
    );
  });
});

describe('file-converter html', () => {
  it('html → md with a table (GFM), without script or style', async () => {
    const md = text((await run({ bytes: utf8(HTML), name: 'trip.html', from: 'html', to: 'md' })).bytes);
    expect(md).toContain('# Trip plan');
    expect(md).toContain('Pack _light_ & early.');
    expect(md).toMatch(/-\s+tent\n-\s+stove/);
    expect(md).toContain('| day | km |');
    expect(md).toContain('| Mon | 12 |');
    expect(md).not.toContain('alert');
    expect(md).not.toContain('color:red');
  });

  it('html → txt', async () => {
    const out = text((await run({ bytes: utf8(HTML), name: 'trip.html', from: 'html', to: 'txt' })).bytes);
    expect(out).toBe('Trip plan\n\nPack light & early.\n\n- tent\n- stove\n\nday\tkm\nMon\t12\n');
  });

  it('html → pdf', async () => {
    const content = await pdfText(
      (await run({ bytes: utf8(HTML), name: 'trip.html', from: 'html', to: 'pdf' })).bytes,
    );
    for (const part of ['Trip plan', 'Pack light & early.', 'tent', 'stove', 'day', 'Mon', '12'])
      expect(content).toContain(part);
    expect(content).not.toContain('alert');
  });

  it('html → docx', async () => {
    const html = await docxHtml(
      (await run({ bytes: utf8(HTML), name: 'trip.html', from: 'html', to: 'docx' })).bytes,
    );
    expect(html).toContain('<h1>Trip plan</h1>');
    expect(html).toContain('<p>Pack <em>light</em> &amp; early.</p>');
    expect(html).toContain('<ul><li>tent</li><li>stove</li></ul>');
    expect(html).toContain('<td><p>Mon</p></td><td><p>12</p></td>');
  });
});

describe('file-converter docx', () => {
  it('docx → html keeps the heading, list, table and image', async () => {
    const out = await run({ bytes: docx, name: 'report.docx', from: 'docx', to: 'html' });
    expect(out.filename).toBe('report.html');
    const html = text(out.bytes);
    expect(html).toContain('<h1>Quarterly report</h1>');
    expect(html).toContain('<p>Sales grew in <strong>every</strong> region.</p>');
    expect(html).toContain('<ul><li>First point</li><li>Second point</li></ul>');
    expect(html).toContain('<td><p>North</p></td><td><p>42</p></td>');
    expect(html).toContain('<img src="data:image/png;base64,');
    expect(html).toContain('Zażółć gęślą jaźń — Ελληνικά');
  });

  it('docx → txt', async () => {
    const out = text((await run({ bytes: docx, name: 'report.docx', from: 'docx', to: 'txt' })).bytes);
    expect(out).toBe(
      'Quarterly report\n\nSales grew in every region.\n\n- First point\n- Second point\n\nRegion\tUnits\nNorth\t42\n\nZażółć gęślą jaźń — Ελληνικά\n',
    );
  });

  it('docx → md', async () => {
    const md = text((await run({ bytes: docx, name: 'report.docx', from: 'docx', to: 'md' })).bytes);
    expect(md).toContain('# Quarterly report');
    expect(md).toContain('Sales grew in **every** region.');
    expect(md).toMatch(/-\s+First point\n-\s+Second point/);
    expect(md).toContain('| Region | Units |');
    expect(md).toContain('| North | 42 |');
  });

  it('docx → pdf with the text, the table and the image', async () => {
    const out = await run({ bytes: docx, name: 'report.docx', from: 'docx', to: 'pdf' });
    expect(out.filename).toBe('report.pdf');
    const content = await pdfText(out.bytes);
    for (const part of [
      'Quarterly report',
      'Sales grew in every region.',
      'First point',
      'Second point',
      'Region',
      'North',
      '42',
    ]) {
      expect(content).toContain(part);
    }
    expect(content).toContain('Zażółć gęślą jaźń — Ελληνικά');
    // The Word file's picture is drawn as an image object (image streams are never compressed away).
    expect(new TextDecoder('latin1').decode(out.bytes)).toMatch(/\/Subtype\s*\/Image/);
  });
});

describe('file-converter pdf', () => {
  it('pdf → txt reads every page', async () => {
    const out = await run({ bytes: pdf, name: 'invoice.pdf', from: 'pdf', to: 'txt' });
    expect(out.filename).toBe('invoice.txt');
    expect(out.mime).toBe('text/plain');
    expect(text(out.bytes)).toBe('Invoice number 1234\n\nSecond page total 99\n');
  });
});

describe('file-converter spreadsheets', () => {
  const CSV = 'name,age,city\nAda,36,"London, UK"\nŁukasz,41,Kraków\nBond,007,\n';

  it('csv → json: objects named by the header, numbers as numbers, "007" kept as text', async () => {
    const out = await run({ bytes: utf8(CSV), name: 'people.csv', from: 'csv', to: 'json' });
    expect(out.filename).toBe('people.json');
    expect(JSON.parse(text(out.bytes))).toEqual([
      { name: 'Ada', age: 36, city: 'London, UK' },
      { name: 'Łukasz', age: 41, city: 'Kraków' },
      { name: 'Bond', age: '007', city: '' },
    ]);
  });

  it('csv → xlsx', async () => {
    const out = await run({ bytes: utf8(CSV), name: 'people.csv', from: 'csv', to: 'xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(out.bytes.slice().buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'name', 'age', 'city']);
    expect(sheet?.getCell('C2').value).toBe('London, UK');
    expect(sheet?.getCell('B3').value).toBe(41);
    expect(sheet?.getCell('B4').value).toBe('007');
  });

  it('xlsx → csv quotes what needs it', async () => {
    const out = await run({ bytes: xlsx, name: 'people.xlsx', from: 'xlsx', to: 'csv' });
    expect(text(out.bytes)).toBe('name,age,city\nAda,36,"London, UK"\nŁukasz,41,Kraków\n');
  });

  it('xlsx → json', async () => {
    const out = await run({ bytes: xlsx, name: 'people.xlsx', from: 'xlsx', to: 'json' });
    expect(JSON.parse(text(out.bytes))).toEqual([
      { name: 'Ada', age: 36, city: 'London, UK' },
      { name: 'Łukasz', age: 41, city: 'Kraków' },
    ]);
  });

  it('json → csv and xlsx from a list of objects (all their keys)', async () => {
    const json = utf8(
      JSON.stringify([
        { a: 1, b: 'x' },
        { b: 'y', c: true },
        { a: null, d: { nested: 1 } },
      ]),
    );
    const csv = text((await run({ bytes: json, name: 'data.json', from: 'json', to: 'csv' })).bytes);
    expect(csv).toBe('a,b,c,d\n1,x,,\n,y,true,\n,,,"{""nested"":1}"\n');
    const out = await run({ bytes: json, name: 'data.json', from: 'json', to: 'xlsx' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(out.bytes.slice().buffer);
    expect(workbook.worksheets[0]?.getCell('A2').value).toBe(1);
    expect(workbook.worksheets[0]?.getCell('C3').value).toBe(true);
  });

  it('json → csv from a list of lists', async () => {
    const csv = text(
      (await run({ bytes: utf8('[["x","y"],[1,2]]'), name: 'd.json', from: 'json', to: 'csv' })).bytes,
    );
    expect(csv).toBe('x,y\n1,2\n');
  });
});

describe('file-converter images', () => {
  it.each([
    ['png', 'jpeg', 'photo.jpg'],
    ['png', 'webp', 'photo.webp'],
  ] as const)('%s → %s keeps the size and the pixels', async (from, to, filename) => {
    const out = await run({ bytes: png, name: 'photo.png', from, to });
    expect(out.filename).toBe(filename);
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).toBe(to);
    expect([meta.width, meta.height]).toEqual([4, 3]);
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // top-left still red
    expect(data[2]).toBeLessThan(60);
  });

  it('jpeg → png and webp → png', async () => {
    const toPng = await run({ bytes: wide, name: 'wide.jpeg', from: 'jpeg', to: 'png' });
    expect((await sharp(toPng.bytes).metadata()).format).toBe('png');
    const webp = (await run({ bytes: png, name: 'p.png', from: 'png', to: 'webp' })).bytes;
    const back = await run({ bytes: webp, name: 'p.webp', from: 'webp', to: 'png' });
    expect(await sharp(back.bytes).metadata()).toMatchObject({ format: 'png', width: 4, height: 3 });
  });

  it('several images → one pdf, one page each, turned to suit each image', async () => {
    const webp = (await run({ bytes: png, name: 'p.png', from: 'png', to: 'webp' })).bytes;
    const out = await run({
      bytes: png,
      name: 'scan.png',
      from: 'png',
      to: 'pdf',
      more: [
        { bytes: wide, name: 'two.jpg' },
        { bytes: webp, name: 'three.webp' },
      ],
    });
    expect(out.filename).toBe('scan.pdf');
    const doc = await PDFDocument.load(out.bytes);
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages())
      expect(Math.round(Math.max(page.getWidth(), page.getHeight()))).toBe(842);
    const jpegPdf = await PDFDocument.load(
      (await run({ bytes: wide, name: 'w.jpg', from: 'jpeg', to: 'pdf' })).bytes,
    );
    const { width, height } = jpegPdf.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    const webpPdf = await PDFDocument.load(
      (await run({ bytes: webp, name: 'w.webp', from: 'webp', to: 'pdf' })).bytes,
    );
    expect(webpPdf.getPageCount()).toBe(1);
  });

  it('one file among several images that is not an image fails them all', async () => {
    const result = await compute({
      bytes: png,
      name: 'a.png',
      from: 'png',
      to: 'pdf',
      more: [{ bytes: utf8('hi'), name: 'b.png' }],
    });
    expect(expectError(result)).toBe(FAILED);
  });

  it('without a codec (no OffscreenCanvas) image re-encoding says so', async () => {
    setImageCodec(undefined);
    try {
      expect(expectError(await compute({ bytes: png, name: 'a.png', from: 'png', to: 'jpeg' }))).toBe(
        'Image conversion is not available in this browser.',
      );
      // PNG and JPEG go into a PDF as they are, without re-encoding.
      expect(
        (
          await PDFDocument.load((await run({ bytes: png, name: 'a.png', from: 'png', to: 'pdf' })).bytes)
        ).getPageCount(),
      ).toBe(1);
    } finally {
      setImageCodec(sharpCodec);
    }
  });
});
