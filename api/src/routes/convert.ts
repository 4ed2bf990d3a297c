/**
 * The File Converter's optional server engine (LibreOffice):
 *   GET  /api/convert/formats/  → { engine, formats: [{ from, to }] } (empty without soffice)
 *   POST /api/convert/          multipart: file, inputFormat, outputFormat → the converted file
 * Anyone may convert (the tools need no account), throttled per address; see docs/api.md.
 */
import type { ConvertFormats } from '@toolbox/sdk/wire';
import { Hono } from 'hono';
import * as v from 'valibot';
import { describeWait, takeRateLimit, tooManyRequests } from '../auth/rate-limit';
import {
  isOfficePair,
  looksLikeOffice,
  OFFICE_MIME,
  type OfficeEngine,
  OfficeError,
  type OfficeOutput,
} from '../convert/office';
import type { AppEnv } from '../env';
import { clientAddress } from '../http/client-address';
import { readFormBody } from '../http/text-input';

/** The largest file the server converts (the browser converts larger ones itself). */
export const CONVERT_MAX_BYTES = 20 * 1024 * 1024;
/** Conversions per address and window. */
export const CONVERT_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

export const CONVERT_MESSAGES = {
  noFile: 'Please select a file to convert.',
  unsupported: (from: string, to: string) => `Conversion from ${from} to ${to} is not supported`,
  formatsRequired: 'inputFormat and outputFormat are each required: a file extension such as docx or pdf.',
  failed: 'Conversion failed',
  wrongType: (from: string) => `The file is not a ${from} file.`,
  tooLarge: `The file is too large to convert on the server (at most ${CONVERT_MAX_BYTES / 1024 / 1024} MiB).`,
  unavailable: 'Converting office files on the server is not available here.',
  busy: 'The server is busy converting other files: please try again in a minute.',
  timeout: 'The conversion took too long and was stopped.',
} as const;

/** The text parts of POST /api/convert/ (beside the `file`). */
/** A file's extension as the form names its format (`docx`, `pdf`): what the answers may repeat. */
const format = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.regex(/^[a-z0-9]{1,10}$/));

export const ConvertFields = v.object({ inputFormat: format, outputFormat: format });

/** `report.docx` → `report.pdf`, kept to safe characters for the header. */
function outputName(name: string, to: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/\.[^.]*$/, '').trim() || 'converted';
  return `${base}.${to}`;
}

function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function convertRoutes(engine: OfficeEngine) {
  const router = new Hono<AppEnv>();

  router.get('/formats', (c) => c.json(engine.formats() satisfies ConvertFormats));

  router.post('/', async (c) => {
    if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
      return c.json(
        { error: 'Expected a multipart/form-data body with file, inputFormat and outputFormat.' },
        415,
      );
    }
    let body: Record<string, unknown>;
    try {
      // The API's one text rule (http/text-input.ts): text fields are UTF-8 without NUL.
      const read = await readFormBody(c);
      if (!read.ok) return read.response;
      body = read.value;
    } catch {
      return c.json({ error: 'The form could not be read.' }, 400);
    }
    if (!engine.soffice) return c.json({ error: CONVERT_MESSAGES.unavailable }, 503);
    const file = body.file;
    if (!(file instanceof File) || file.size === 0) return c.json({ error: CONVERT_MESSAGES.noFile }, 400);
    const fields = v.safeParse(ConvertFields, body);
    if (!fields.success) {
      return c.json({ error: CONVERT_MESSAGES.formatsRequired }, 400);
    }
    const { inputFormat: from, outputFormat: to } = fields.output;
    if (!isOfficePair(from, to)) return c.json({ error: CONVERT_MESSAGES.unsupported(from, to) }, 422);
    if (file.size > CONVERT_MAX_BYTES) return c.json({ error: CONVERT_MESSAGES.tooLarge }, 413);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!looksLikeOffice(bytes, from)) return c.json({ error: CONVERT_MESSAGES.wrongType(from) }, 415);

    const address = clientAddress(c);
    const slot = await takeRateLimit(c.get('db'), {
      key: `convert:${address ?? 'unknown'}`,
      ...CONVERT_LIMIT,
    });
    if (!slot.allowed) {
      return tooManyRequests(
        c,
        slot.retryAfter,
        `Too many conversions from your address: try again in ${describeWait(slot.retryAfter)}.`,
      );
    }
    try {
      const output = await engine.convert(bytes, from, to as OfficeOutput);
      return new Response(output as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: {
          'Content-Type': OFFICE_MIME[to as OfficeOutput],
          'Content-Disposition': disposition(outputName(file.name, to)),
          'Content-Length': String(output.byteLength),
          'Cache-Control': 'no-store',
        },
      });
    } catch (error) {
      if (error instanceof OfficeError && error.reason === 'busy') {
        c.header('Retry-After', '30');
        return c.json({ error: CONVERT_MESSAGES.busy }, 503);
      }
      if (error instanceof OfficeError && error.reason === 'timeout') {
        c.get('logger').warn(`convert ${from} → ${to}: ${error.message}`);
        return c.json({ error: CONVERT_MESSAGES.timeout }, 503);
      }
      // The file passed the type check but LibreOffice could not read it: the file's fault.
      c.get('logger').warn(
        `convert ${from} → ${to} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return c.json({ error: CONVERT_MESSAGES.failed }, 422);
    }
  });

  return router;
}
