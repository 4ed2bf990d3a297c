import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOfficeEngine } from '@toolbox/api/convert/office';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server';
import { sofficeForTests } from '../support/soffice';

/**
 * The File Converter's LibreOffice engine over HTTP. The conversions need `soffice` (CI installs
 * LibreOffice, and fails without it); elsewhere, where it is missing, they are skipped with the
 * reason printed. The engine's queue
 * and time-out are also checked with a stand-in soffice in api/src/convert/office.test.ts.
 */
const soffice = await sofficeForTests('tests/api/convert.test.ts');

const leftovers = async () => (await readdir(tmpdir())).filter((name) => name.startsWith('toolbox-convert-'));

async function reportDocx(): Promise<Uint8Array> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun('Annual figures')] }),
          new Paragraph('Revenue rose to 4711 crowns — Zażółć gęślą jaźń.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

function form(bytes: Uint8Array | string, name: string, inputFormat: string, outputFormat: string): FormData {
  const body = new FormData();
  body.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  body.set('inputFormat', inputFormat);
  body.set('outputFormat', outputFormat);
  return body;
}

describe('convert without LibreOffice', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ office: createOfficeEngine(undefined) });
  });
  afterAll(() => server.close());

  it('lists no formats and refuses conversions with 503', async () => {
    expect(await server.json('/api/convert/formats/')).toMatchObject({
      status: 200,
      body: [],
    });
    const res = await server.request('/api/convert/', {
      method: 'POST',
      body: form('x', 'a.docx', 'docx', 'pdf'),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: 'Converting office files on the server is not available here.',
    });
  });
});

describe.skipIf(!soffice)('convert with LibreOffice', () => {
  describeEachDatabase('convert', (api) => {
    const post = (body: FormData) => api.request('/api/convert/', { method: 'POST', body });

    it('lists its formats', async () => {
      const { status, body } = await api.json<{ from: string; to: string[] }[]>('/api/convert/formats/');
      expect(status).toBe(200);
      expect(body).toContainEqual({ from: 'docx', to: ['pdf', 'odt'] });
      expect(body).toContainEqual({ from: 'doc', to: ['pdf', 'docx', 'odt'] });
      expect(body).toContainEqual({ from: 'pptx', to: ['pdf', 'odp'] });
    });

    it('converts a docx to a pdf holding its text, named after it, leaving nothing on disk', async () => {
      const before = await leftovers();
      const res = await post(form(await reportDocx(), 'Jahresbericht 2026.docx', 'docx', 'pdf'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Jahresbericht 2026.pdf"; filename*=UTF-8''Jahresbericht%202026.pdf`,
      );
      const pdf = new Uint8Array(await res.arrayBuffer());
      const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
      expect(text).toContain('Annual figures');
      expect(text).toContain('Revenue rose to 4711 crowns — Zażółć gęślą jaźń.');
      expect(await leftovers()).toEqual(before);
    }, 120_000);

    it('refuses a text file calling itself docx with 415', async () => {
      const res = await post(form('just some text', 'fake.docx', 'docx', 'pdf'));
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: 'The file is not a docx file.' });
    });

    it('refuses a file over 20 MiB with 413, in the same words however far over', async () => {
      // Just over (read by the route) and well over (refused from its size before it is read).
      for (const size of [20 * 1024 * 1024 + 1024, 21 * 1024 * 1024]) {
        const big = new Uint8Array(size);
        big.set([0x50, 0x4b, 0x03, 0x04]);
        const res = await post(form(big, 'big.docx', 'docx', 'pdf'));
        expect(res.status, String(size)).toBe(413);
        expect(await res.json(), String(size)).toEqual({
          error: 'The file is too large to convert on the server (at most 20 MiB).',
        });
      }
    });

    it('answers 422 for a pair it does not do, 400 for no file or no formats', async () => {
      let res = await post(form(await reportDocx(), 'a.docx', 'docx', 'mp3'));
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: 'Conversion from docx to mp3 is not supported' });
      const empty = new FormData();
      empty.set('inputFormat', 'docx');
      empty.set('outputFormat', 'pdf');
      res = await post(empty);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Please select a file to convert.' });
      const noFormats = new FormData();
      noFormats.set('file', new Blob(['x']), 'a.docx');
      const refusal = {
        error: 'inputFormat and outputFormat are each required: a file extension such as docx or pdf.',
      };
      res = await post(noFormats);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(refusal);
      // What is no extension is not repeated back, however long.
      res = await post(form(await reportDocx(), 'a.docx', 'a'.repeat(5000), 'pdf'));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(refusal);
      const json = await api.json('/api/convert/', { method: 'POST', body: { file: 'x' } });
      expect(json.status).toBe(415);
    });
  });

  describe('time-out and queue', () => {
    let server: TestServer;
    let engine: ReturnType<typeof createOfficeEngine>;
    let bin: string;
    // A real LibreOffice can finish a small document within any short time-out on a quiet machine:
    // here the program is one that never finishes, so every conversion is killed at its time.
    beforeAll(async () => {
      bin = await mkdtemp(join(tmpdir(), 'never-finishes-'));
      await writeFile(join(bin, 'soffice'), '#!/bin/sh\nexec sleep 60\n');
      await chmod(join(bin, 'soffice'), 0o755);
      engine = createOfficeEngine(join(bin, 'soffice'), { timeoutMs: 4000, maxQueue: 1 });
      server = await startTestServer({ office: engine });
    });
    afterAll(async () => {
      await server.close();
      await rm(bin, { recursive: true, force: true });
    });

    it('kills a conversion over its time, queues one, refuses what the queue cannot hold, leaves nothing', async () => {
      const before = await leftovers();
      const docx = await reportDocx();
      const send = (name: string) =>
        server.request('/api/convert/', { method: 'POST', body: form(docx, `${name}.docx`, 'docx', 'pdf') });
      // One running, then one waiting (the queue holds one), then one too many.
      const running = send('a');
      await expect.poll(() => engine.pending, { interval: 10, timeout: 20_000 }).toBe(1);
      const waiting = send('b');
      await expect.poll(() => engine.pending, { interval: 10, timeout: 20_000 }).toBe(2);
      const refused = await send('c');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('30');
      expect(await refused.json()).toEqual({
        error: 'The server is busy converting other files: please try again in a minute.',
      });
      for (const answer of [await running, await waiting]) {
        expect(answer.status).toBe(503);
        expect(await answer.json()).toEqual({ error: 'The conversion took too long and was stopped.' });
      }
      expect(engine.pending).toBe(0);
      expect(await leftovers()).toEqual(before);
    });
  });
});
