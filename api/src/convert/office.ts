/**
 * The optional server engine of the File Converter: LibreOffice (`soffice`) run headless, for the
 * office conversions a browser cannot do well (Word, Excel, PowerPoint and OpenDocument to PDF,
 * old binary formats to their current ones). Nothing here is needed to run the app: without
 * `soffice` on PATH the engine reports no formats and the routes answer 503.
 *
 * How it runs: one conversion at a time per process (the others wait in a bounded queue); each in
 * a fresh temporary folder holding its own LibreOffice profile, the input and the output, removed
 * afterwards whatever happens; a time-out kills the whole process group.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const OFFICE_INPUTS = [
  'docx',
  'doc',
  'odt',
  'rtf',
  'xlsx',
  'xls',
  'ods',
  'pptx',
  'ppt',
  'odp',
] as const;
export type OfficeInput = (typeof OFFICE_INPUTS)[number];
export type OfficeOutput = 'pdf' | 'docx' | 'odt' | 'xlsx' | 'ods' | 'pptx' | 'odp';

/** What each input converts to. Writer, Calc and Impress have their own export filters. */
export const OFFICE_TARGETS: Readonly<Record<OfficeInput, readonly OfficeOutput[]>> = {
  docx: ['pdf', 'odt'],
  doc: ['pdf', 'docx', 'odt'],
  odt: ['pdf', 'docx'],
  rtf: ['pdf', 'docx', 'odt'],
  xlsx: ['pdf', 'ods'],
  xls: ['pdf', 'xlsx', 'ods'],
  ods: ['pdf', 'xlsx'],
  pptx: ['pdf', 'odp'],
  ppt: ['pdf', 'pptx', 'odp'],
  odp: ['pdf', 'pptx'],
};

/** The export filter for each output, by the kind of document (`--convert-to ext:Filter`). */
const FILTERS: Record<'writer' | 'calc' | 'impress', Partial<Record<OfficeOutput, string>>> = {
  writer: { pdf: 'writer_pdf_Export', docx: 'MS Word 2007 XML', odt: 'writer8' },
  calc: { pdf: 'calc_pdf_Export', xlsx: 'Calc MS Excel 2007 XML', ods: 'calc8' },
  impress: { pdf: 'impress_pdf_Export', pptx: 'Impress MS PowerPoint 2007 XML', odp: 'impress8' },
};

const KIND: Record<OfficeInput, keyof typeof FILTERS> = {
  docx: 'writer',
  doc: 'writer',
  odt: 'writer',
  rtf: 'writer',
  xlsx: 'calc',
  xls: 'calc',
  ods: 'calc',
  pptx: 'impress',
  ppt: 'impress',
  odp: 'impress',
};

export const OFFICE_MIME: Record<OfficeOutput, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

export function isOfficePair(from: string, to: string): from is OfficeInput {
  return (
    (OFFICE_INPUTS as readonly string[]).includes(from) &&
    OFFICE_TARGETS[from as OfficeInput].includes(to as OfficeOutput)
  );
}

function includes(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text, 0, 'latin1');
}

/**
 * Whether the bytes are a file of that format, from what it starts with: an OOXML or OpenDocument
 * ZIP with its own parts, an OLE2 compound file (doc, xls, ppt), or RTF. A renamed file is refused
 * before LibreOffice sees it.
 */
export function looksLikeOffice(bytes: Uint8Array, format: OfficeInput): boolean {
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1].every((byte, index) => bytes[index] === byte);
  switch (format) {
    case 'docx':
      return zip && includes(bytes, 'word/');
    case 'xlsx':
      return zip && includes(bytes, 'xl/');
    case 'pptx':
      return zip && includes(bytes, 'ppt/');
    case 'odt':
      return zip && includes(bytes.subarray(0, 200), 'application/vnd.oasis.opendocument.text');
    case 'ods':
      return zip && includes(bytes.subarray(0, 200), 'application/vnd.oasis.opendocument.spreadsheet');
    case 'odp':
      return zip && includes(bytes.subarray(0, 200), 'application/vnd.oasis.opendocument.presentation');
    case 'rtf':
      return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '{\\rtf';
    default:
      return ole;
  }
}

/** Why a conversion did not produce a file. */
export class OfficeError extends Error {
  constructor(
    readonly reason: 'busy' | 'timeout' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

export interface OfficeEngineOptions {
  /** The soffice executable; found on PATH when unset. */
  soffice?: string | undefined;
  /** A conversion still running after this is killed. */
  timeoutMs?: number;
  /** Conversions waiting behind the running one; one more is refused as busy. */
  maxQueue?: number;
}

export interface OfficeEngine {
  /** The soffice in use, or undefined when none was found (the engine then offers nothing). */
  readonly soffice: string | undefined;
  /** Each format it reads with what it converts that to; none without soffice. */
  formats(): { from: OfficeInput; to: OfficeOutput[] }[];
  convert(bytes: Uint8Array, from: OfficeInput, to: OfficeOutput): Promise<Uint8Array>;
  /** Conversions running or waiting. */
  readonly pending: number;
}

export const DEFAULT_OFFICE_TIMEOUT_MS = 60_000;

/** `soffice` on PATH, if any (LibreOffice's Debian packages put it in /usr/bin). */
export async function findSoffice(path = process.env.PATH ?? ''): Promise<string | undefined> {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'soffice');
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function run(soffice: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group, so the time-out also kills soffice.bin that the soffice script starts.
    const child = spawn(soffice, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString();
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new OfficeError('failed', `soffice could not start: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new OfficeError('timeout', `soffice took longer than ${timeoutMs} ms`));
      else if (code !== 0) reject(new OfficeError('failed', `soffice exited with ${code}: ${stderr.trim()}`));
      else resolve();
    });
  });
}

export function createOfficeEngine(
  soffice: string | undefined,
  options: Omit<OfficeEngineOptions, 'soffice'> = {},
): OfficeEngine {
  const timeoutMs = options.timeoutMs ?? DEFAULT_OFFICE_TIMEOUT_MS;
  const maxQueue = options.maxQueue ?? 8;
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;

  async function convertNow(bytes: Uint8Array, from: OfficeInput, to: OfficeOutput): Promise<Uint8Array> {
    if (!soffice) throw new OfficeError('failed', 'no soffice');
    const folder = await mkdtemp(join(tmpdir(), 'toolbox-convert-'));
    try {
      const input = join(folder, `input.${from}`);
      const out = join(folder, 'out');
      await mkdir(out);
      await writeFile(input, bytes);
      const filter = FILTERS[KIND[from]][to];
      await run(
        soffice,
        [
          `-env:UserInstallation=${pathToFileURL(join(folder, 'profile')).href}`,
          '--headless',
          '--invisible',
          '--nologo',
          '--nodefault',
          '--nolockcheck',
          '--norestore',
          '--convert-to',
          filter ? `${to}:${filter}` : to,
          '--outdir',
          out,
          input,
        ],
        timeoutMs,
      );
      const [written] = await readdir(out);
      // soffice exits 0 even when it could not read the file: then it writes nothing.
      if (!written) throw new OfficeError('failed', 'soffice wrote no file');
      return new Uint8Array(await readFile(join(out, written)));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  return {
    soffice,
    get pending() {
      return pending;
    },
    formats() {
      if (!soffice) return [];
      return OFFICE_INPUTS.map((from) => ({ from, to: [...OFFICE_TARGETS[from]] }));
    },
    convert(bytes, from, to) {
      if (pending > maxQueue) {
        return Promise.reject(new OfficeError('busy', 'too many conversions waiting'));
      }
      pending++;
      const job = tail.then(() => convertNow(bytes, from, to));
      tail = job.catch(() => undefined);
      return job.finally(() => {
        pending--;
      });
    },
  };
}
