/**
 * One rule for every text the API receives (issue 16, item 3): it must be valid UTF-8 and hold no
 * NUL character (PostgreSQL cannot store one; a search containing one used to fail in the
 * database). Checked before any handler sees the text, in two places only:
 *
 * - `textInputGuard`, mounted on /api/*: the URL path and the query string;
 * - `readJsonBody` and `readFormBody`, the only readers of request bodies (validation.ts and
 *   blog/post-input.ts): JSON, URL-encoded forms and the text fields of multipart forms.
 *
 * A NUL answers the usual 400 field map under the parameter's name (`{ "search": ["Null
 * characters are not allowed."] }`); bytes that are not UTF-8 answer 400 `{ error }` naming where.
 */
import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import type { Context, MiddlewareHandler } from 'hono';

/** The API's field map (validation.ts re-exports both). */
export type FieldErrors = Record<string, string[]>;
/** The key of problems that belong to no one field. */
export const NON_FIELD_ERRORS = 'non_field_errors';

export const NULL_CHARACTER = FIELD_MESSAGES.nullCharacter;
export const INVALID_UTF8 = {
  path: 'The address (URL path) is not valid UTF-8 text.',
  query: 'The query string is not valid UTF-8 text.',
  body: 'The request body is not valid UTF-8 text.',
  field: (name: string) => `The form field ${JSON.stringify(name)} is not valid UTF-8 text.`,
} as const;
export const NULL_IN_PATH = 'The address (URL path) must not contain NUL characters.';
export const MALFORMED_JSON = 'Malformed JSON body.';
/** A JSON body that is valid but not the object an endpoint expects. */
export const NOT_AN_OBJECT = 'Expected a JSON object.';

/** Whether a JSON value is an object (not an array, not null): what NOT_AN_OBJECT refuses otherwise. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of `bytes`, or null when they are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Percent-decodes `encoded` (`+` as a space when `plusIsSpace`) to text; null when the bytes are not UTF-8. */
export function percentDecode(encoded: string, plusIsSpace: boolean): string | null {
  const text = plusIsSpace ? encoded.replace(/\+/g, ' ') : encoded;
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    const hex = char === '%' ? text.slice(index + 1, index + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...new TextEncoder().encode(char));
      // A lone surrogate cannot come from a URL: URLs are ASCII on the wire.
    }
  }
  return decodeUtf8(Uint8Array.from(bytes));
}

type Problem = { invalid: true } | { invalid: false; errors: FieldErrors } | null;

/** Checks an `a=1&b=2` string: null when fine. */
function checkPairs(encoded: string): Problem {
  const errors: FieldErrors = {};
  for (const pair of encoded.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = percentDecode(equals === -1 ? pair : pair.slice(0, equals), true);
    const value = equals === -1 ? '' : percentDecode(pair.slice(equals + 1), true);
    if (key === null || value === null) return { invalid: true };
    if (key.includes('\0')) errors[NON_FIELD_ERRORS] = [NULL_CHARACTER];
    else if (value.includes('\0')) errors[key] = [NULL_CHARACTER];
  }
  return Object.keys(errors).length > 0 ? { invalid: false, errors } : null;
}

/** The path and the query string of every /api request. */
export const textInputGuard: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const afterOrigin = url.indexOf('/', url.indexOf('//') + 2);
  const pathAndQuery = afterOrigin === -1 ? '/' : url.slice(afterOrigin);
  const questionMark = pathAndQuery.indexOf('?');
  const path = questionMark === -1 ? pathAndQuery : pathAndQuery.slice(0, questionMark);
  const query = questionMark === -1 ? '' : (pathAndQuery.slice(questionMark + 1).split('#')[0] ?? '');
  const decodedPath = percentDecode(path, false);
  if (decodedPath === null) return c.json({ error: INVALID_UTF8.path }, 400);
  if (decodedPath.includes('\0')) return c.json({ error: NULL_IN_PATH }, 400);
  const problem = checkPairs(query);
  if (problem?.invalid) return c.json({ error: INVALID_UTF8.query }, 400);
  if (problem) return c.json(problem.errors, 400);
  await next();
};

/**
 * Where NUL characters are in a parsed JSON value: its field map, or null. Walked with a stack of
 * its own, not by recursion: a body nested a hundred thousand deep must not overflow the call stack.
 */
export function nulCharactersIn(value: unknown): FieldErrors | null {
  const errors: FieldErrors = {};
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, path] = next;
    if (typeof node === 'string') {
      if (node.includes('\0')) errors[path || NON_FIELD_ERRORS] = [NULL_CHARACTER];
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) {
        pending.push([node[index], path ? `${path}.${index}` : String(index)]);
      }
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node).reverse()) {
        if (key.includes('\0')) errors[NON_FIELD_ERRORS] = [NULL_CHARACTER];
        else pending.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Whether a JSON value nests arrays or objects more than `max` levels deep (looked at without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const item of Object.values(node)) pending.push([item, depth + 1]);
  }
  return false;
}

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response };

/** Reads a JSON body: valid UTF-8, valid JSON, no NUL in any string; else the 400 to answer. */
export async function readJsonBody(c: Context): Promise<BodyResult<unknown>> {
  const text = decodeUtf8(new Uint8Array(await c.req.arrayBuffer()));
  if (text === null) return { ok: false, response: c.json({ error: INVALID_UTF8.body }, 400) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, response: c.json({ error: MALFORMED_JSON }, 400) };
  }
  const errors = nulCharactersIn(value);
  if (errors) return { ok: false, response: c.json(errors, 400) };
  return { ok: true, value };
}

const CRLF2 = new Uint8Array([13, 10, 13, 10]);

const isMultipart = (contentType: string) => contentType.toLowerCase().startsWith('multipart/form-data');

/** The bytes that open each part of a multipart body (`--` and its boundary); null without a boundary. */
function multipartDelimiter(contentType: string): Uint8Array | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  return marker ? new TextEncoder().encode(`--${marker}`) : null;
}

/**
 * How many fields a form may hold: the API's forms have a dozen at most. Counted before the form is
 * parsed, since parsing costs the server's one thread time for every part (a form of 300,000 empty
 * files held every other request for 10 s).
 */
export const MAX_FORM_FIELDS = 100;
export const TOO_MANY_FORM_FIELDS = `The form has too many fields (at most ${MAX_FORM_FIELDS}).`;

/** Whether a form body (multipart or URL-encoded, by `contentType`) holds more than `MAX_FORM_FIELDS` fields. */
export function hasTooManyFormFields(body: Uint8Array, contentType: string): boolean {
  if (isMultipart(contentType)) {
    const delimiter = multipartDelimiter(contentType);
    if (!delimiter) return false;
    // Each part follows a delimiter; the closing delimiter follows the last one.
    let delimiters = 0;
    for (let at = indexOfBytes(body, delimiter, 0); at !== -1; at = indexOfBytes(body, delimiter, at + 1)) {
      delimiters += 1;
      if (delimiters > MAX_FORM_FIELDS + 1) return true;
    }
    return false;
  }
  let pairs = 1;
  for (let at = body.indexOf(38); at !== -1; at = body.indexOf(38, at + 1)) {
    pairs += 1;
    if (pairs > MAX_FORM_FIELDS) return true;
  }
  return false;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  outer: for (
    let index = haystack.indexOf(first as number, from);
    index !== -1;
    index = haystack.indexOf(first as number, index + 1)
  ) {
    if (index + needle.length > haystack.length) return -1;
    for (let offset = 1; offset < needle.length; offset += 1) {
      if (haystack[index + offset] !== needle[offset]) continue outer;
    }
    return index;
  }
  return -1;
}

/**
 * The text parts of a multipart body (parts without a filename) as raw bytes, by field name: the
 * form parser would turn bytes that are not UTF-8 into U+FFFD silently, so they are checked here.
 */
function multipartTextParts(body: Uint8Array, contentType: string): { name: string; bytes: Uint8Array }[] {
  const delimiter = multipartDelimiter(contentType);
  if (!delimiter) return [];
  const parts: { name: string; bytes: Uint8Array }[] = [];
  let start = indexOfBytes(body, delimiter, 0);
  while (start !== -1) {
    const headerStart = start + delimiter.length + 2;
    const next = indexOfBytes(body, delimiter, headerStart);
    if (next === -1) break;
    const headerEnd = indexOfBytes(body, CRLF2, headerStart);
    if (headerEnd !== -1 && headerEnd < next) {
      const headers = new TextDecoder('latin1').decode(body.subarray(headerStart, headerEnd));
      const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
      if (!/filename\*?=/i.test(disposition)) {
        const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '';
        // The part's content ends before the CRLF that precedes the next delimiter.
        parts.push({ name, bytes: body.subarray(headerEnd + 4, Math.max(headerEnd + 4, next - 2)) });
      }
    }
    start = next;
  }
  return parts;
}

/**
 * Reads a multipart or URL-encoded form (Hono's `parseBody`), after checking its size in fields
 * (`MAX_FORM_FIELDS`) and its text: UTF-8 and no NUL, in field names and values (uploaded files are
 * not text and are not checked).
 */
export async function readFormBody(c: Context): Promise<BodyResult<Record<string, unknown>>> {
  const contentType = c.req.header('Content-Type') ?? '';
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (hasTooManyFormFields(bytes, contentType)) {
    return { ok: false, response: c.json({ error: TOO_MANY_FORM_FIELDS }, 400) };
  }
  const errors: FieldErrors = {};
  if (isMultipart(contentType)) {
    for (const { name, bytes: valueBytes } of multipartTextParts(bytes, contentType)) {
      const value = decodeUtf8(valueBytes);
      if (value === null) return { ok: false, response: c.json({ error: INVALID_UTF8.field(name) }, 400) };
      if (name.includes('\0')) errors[NON_FIELD_ERRORS] = [NULL_CHARACTER];
      else if (value.includes('\0')) errors[name] = [NULL_CHARACTER];
    }
  } else {
    const text = decodeUtf8(bytes);
    const problem = text === null ? { invalid: true as const } : checkPairs(text);
    if (problem?.invalid) return { ok: false, response: c.json({ error: INVALID_UTF8.body }, 400) };
    if (problem) Object.assign(errors, problem.errors);
  }
  if (Object.keys(errors).length > 0) return { ok: false, response: c.json(errors, 400) };
  return { ok: true, value: (await c.req.parseBody()) as Record<string, unknown> };
}
