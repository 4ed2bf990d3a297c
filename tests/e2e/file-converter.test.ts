import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { toolError, useBrowserApp } from '../support/app';
import { sofficeForTests } from '../support/soffice';

const app = useBrowserApp({ stepTimeout: 60_000 });
const soffice = await sofficeForTests('tests/e2e/file-converter.test.ts');

/** A small Rich Text file (a format only the server's LibreOffice reads), with text beyond Latin-1. */
function rtf(lines: readonly string[]): Buffer {
  const encode = (text: string) =>
    Array.from(text)
      .map((char) => {
        const code = char.charCodeAt(0);
        if (code > 127) return `\\u${code > 32767 ? code - 65536 : code}?`;
        return /[\\{}]/.test(char) ? `\\${char}` : char;
      })
      .join('');
  return Buffer.from(
    `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\n${lines.map((line) => `\\pard ${encode(line)}\\par`).join('\n')}\n}`,
  );
}

const file = (page: Page) => page.getByLabel('File', { exact: true });

/** Converts what is chosen and returns the downloaded file's name and bytes. */
async function convertAndDownload(page: Page, format: string) {
  await page.getByRole('button', { name: 'Convert', exact: true }).click();
  const link = page.getByRole('link', { name: `Download Converted File (${format})` });
  await link.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes);
  return (await extractText(pdf, { mergePages: true })).text;
}

// Converters load on first use in the worker (the PDF writer with its font is ~2 MB): slower than a calculator.
describe('the file converter in Chromium', { timeout: 120_000 }, () => {
  it('asks for a file, then converts a .txt to PDF (the default) and to HTML; axe finds nothing', async () => {
    const page = await app.newPage({ acceptDownloads: true });
    await page.goto('/file-converter');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please select a file to convert.');

    const text = 'Shopping list\n\nŁódź ŋ Ελληνικά 😀 & <tags>\n';
    await file(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('txt');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('pdf');
    const pdf = await convertAndDownload(page, 'pdf');
    expect(pdf.name).toBe('notes.pdf');
    const content = await pdfText(pdf.bytes);
    expect(content).toContain('Shopping list');
    expect(content).toContain('Łódź ŋ Ελληνικά 😀 & <tags>');
    expect(await toolError(page).count()).toBe(0);

    await page.getByLabel('To', { exact: true }).selectOption('html');
    const html = await convertAndDownload(page, 'html');
    expect(html.name).toBe('notes.html');
    const source = new TextDecoder().decode(html.bytes);
    expect(source).toContain('<p>Shopping list</p>');
    expect(source).toContain('<p>Łódź ŋ Ελληνικά 😀 &amp; &lt;tags&gt;</p>');
    // The preview shows the sanitised HTML in the page (a shadow root), where axe checks it too.
    await page.getByRole('region', { name: 'Preview of notes.html' }).getByText('Shopping list').waitFor();

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  });

  it('converts a Word file and a PDF with the converters loaded in the worker', async () => {
    const page = await app.newPage({ acceptDownloads: true });
    await page.goto('/file-converter');
    const docx = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Minutes')] }),
              new Paragraph({ bullet: { level: 0 }, children: [new TextRun('Budget approved')] }),
            ],
          },
        ],
      }),
    );
    await file(page).setInputFiles({
      name: 'minutes.docx',
      mimeType: 'application/octet-stream',
      buffer: docx,
    });
    // A file chosen before the app holds the page is handed to it once it does (early input).
    await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe('docx');
    await page.getByLabel('To', { exact: true }).selectOption('md');
    const md = await convertAndDownload(page, 'md');
    expect(md.name).toBe('minutes.md');
    expect(new TextDecoder().decode(md.bytes)).toMatch(/^# Minutes\n\n-\s+Budget approved\n$/);
    await expect.poll(() => page.getByTestId('converted-preview').innerText()).toContain('# Minutes');

    const made = await PDFDocument.create();
    const font = await made.embedFont(StandardFonts.Helvetica);
    made.addPage().drawText('Receipt 4711', { x: 50, y: 700, size: 14, font });
    await file(page).setInputFiles({
      name: 'receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await made.save()),
    });
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('txt');
    const txt = await convertAndDownload(page, 'txt');
    expect(new TextDecoder().decode(txt.bytes)).toBe('Receipt 4711\n');
  });

  it('re-encodes an image with the canvas, and puts several images into one PDF', async () => {
    const page = await app.newPage({ acceptDownloads: true });
    await page.goto('/file-converter');
    const red = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { width: 6, height: 8, channels: 3, background: '#0000ff' } })
      .jpeg()
      .toBuffer();
    await file(page).setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: red });
    await page.getByLabel('To', { exact: true }).selectOption('jpeg');
    const jpeg = await convertAndDownload(page, 'jpeg');
    expect(jpeg.name).toBe('red.jpg');
    const meta = await sharp(jpeg.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 8, 6]);
    await page.getByRole('img', { name: 'Preview of red.jpg' }).waitFor();

    await file(page).setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: red },
      { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: blue },
    ]);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('pdf');
    const pdf = await convertAndDownload(page, 'pdf');
    expect(pdf.name).toBe('red.pdf');
    expect((await PDFDocument.load(pdf.bytes)).getPageCount()).toBe(2);
  });

  describe.skipIf(!soffice)('with the server engine (LibreOffice)', () => {
    it('converts what the browser cannot on the server, says so, and shows its refusals', async () => {
      const page = await app.newPage({ acceptDownloads: true });
      await page.goto('/file-converter');
      // The office formats appear once the page knows what the server converts.
      await page.getByRole('option', { name: 'Rich Text (.rtf)' }).waitFor({ state: 'attached' });
      await file(page).setInputFiles({
        name: 'Minutes.rtf',
        mimeType: 'application/rtf',
        buffer: rtf(['Board minutes', 'Zażółć gęślą jaźń — budget approved']),
      });
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('rtf');
      expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('pdf');
      await page.getByText('Converted on the server:').waitFor();
      const pdf = await convertAndDownload(page, 'pdf');
      expect(pdf.name).toBe('Minutes.pdf');
      const content = await pdfText(pdf.bytes);
      expect(content).toContain('Board minutes');
      expect(content).toContain('Zażółć gęślą jaźń — budget approved');
      await page.getByText(/^Minutes\.pdf, .* · converted on the server$/).waitFor();

      // A Word file to PDF stays in the browser, even with the server there.
      const docx = await Packer.toBuffer(
        new Document({ sections: [{ children: [new Paragraph('Kept local')] }] }),
      );
      await file(page).setInputFiles({
        name: 'local.docx',
        mimeType: 'application/octet-stream',
        buffer: docx,
      });
      await page.getByText('Converted in your browser:').waitFor();
      await convertAndDownload(page, 'pdf');
      await page.getByText(/^local\.pdf, .* · converted in your browser$/).waitFor();

      // A file that is not what its name says: the server's 415 message is shown.
      await file(page).setInputFiles({
        name: 'fake.odt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not odt'),
      });
      expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('odt');
      await page.getByRole('button', { name: 'Convert', exact: true }).click();
      await expect.poll(() => toolError(page).innerText()).toBe('The file is not a odt file.');

      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  });
});
