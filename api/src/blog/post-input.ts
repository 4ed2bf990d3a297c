/**
 * Reading a post's fields from a request (docs/api.md, Posts): multipart/form-data as the spec sends
 * it (URL-encoded forms and JSON work too, without an image). Text fields are checked with valibot
 * and answer the usual 400 field map; the image comes back as the uploaded File, for
 * storage/images.ts to check and re-encode.
 *
 * Line breaks in the text fields are normalised to `\n` (`\r\n` and a lone `\r`) before they are
 * checked, so the text a browser form sends (with `\r\n`, as HTML form submission requires) is
 * stored as typed, and the length limits count a line break once.
 *
 * The image field: left out (or an empty file part, which is what a browser sends for a file
 * input with nothing chosen) keeps the current image; an empty text value (`image=`, or
 * `"image": null` in JSON) removes it; a file replaces it. Any other text is refused.
 */
import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import type { Context } from 'hono';
import * as v from 'valibot';
import { LIMITS, POST_STATUSES, type PostStatus } from '../db/schema';
import { textField } from '../http/text';
import { NON_FIELD_ERRORS, NOT_AN_OBJECT, readFormBody, readJsonBody } from '../http/text-input';
import { type FieldErrors, toFieldErrors } from '../http/validation';

export type ImageChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; file: File };

export interface PostFields {
  title: string;
  subtitle: string;
  description: string;
  full_content: string;
  status: PostStatus;
}

const STATUS_MESSAGE = `Status must be ${POST_STATUSES.join(' or ')}.`;

const status = v.pipe(
  v.string(FIELD_MESSAGES.required),
  v.trim(),
  v.check(
    (value) => (POST_STATUSES as readonly string[]).includes(value),
    (issue) => (issue.input === '' ? FIELD_MESSAGES.required : STATUS_MESSAGE),
  ),
  v.transform((value) => value as PostStatus),
);

const fields = {
  title: textField(LIMITS.title, { required: true }),
  subtitle: textField(LIMITS.subtitle),
  description: textField(LIMITS.description, { required: true }),
  full_content: textField(LIMITS.fullContent, { trim: false }),
  status,
};

/** The fields whose line breaks are normalised before they are checked. */
const TEXT_FIELDS = ['title', 'subtitle', 'description', 'full_content'] as const;

/** `\r\n` and a lone `\r` become `\n`. */
function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** A copy of the body with the text fields' line breaks normalised; anything else as it was. */
function withNormalizedLineBreaks(body: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...body };
  for (const key of TEXT_FIELDS) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = normalizeLineBreaks(value);
  }
  return copy;
}

/** POST and PUT: every field; subtitle and full_content default to ''. */
export const FullSchema = v.object({
  // A missing required field counts as blank, so it gets the same 'This field is required.'.
  title: v.optional(fields.title, ''),
  subtitle: v.optional(fields.subtitle, ''),
  description: v.optional(fields.description, ''),
  full_content: v.optional(fields.full_content, ''),
  status: v.optional(fields.status, ''),
});

/** PATCH: only what is sent. */
export const PartialSchema = v.partial(v.object(fields));

export const MALFORMED_FORM = 'Malformed form body.';
export const WRONG_MEDIA_TYPE =
  'Send the post as multipart/form-data (or as application/json when it has no image).';
export const IMAGE_AS_TEXT = 'Upload the image as a file, or send an empty value to remove it.';

type PostErrorBody = FieldErrors | { error: string };

export type PostInput =
  | { ok: true; fields: Partial<PostFields>; image: ImageChange }
  | { ok: false; status: 400 | 415; body: PostErrorBody };

/** Reads and checks the body; `partial` for PATCH. */
export async function readPostInput(c: Context, partial: boolean): Promise<PostInput> {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  let body: unknown;
  // Valid UTF-8 and no NUL character in any text (http/text-input.ts).
  if (mediaType === 'multipart/form-data' || mediaType === 'application/x-www-form-urlencoded') {
    try {
      const form = await readFormBody(c);
      if (!form.ok) return { ok: false, status: 400, body: (await form.response.json()) as PostErrorBody };
      body = form.value;
    } catch {
      return { ok: false, status: 400, body: { error: MALFORMED_FORM } };
    }
  } else if (/^application\/([\w.-]+\+)?json$/.test(mediaType)) {
    const json = await readJsonBody(c);
    if (!json.ok) return { ok: false, status: 400, body: (await json.response.json()) as PostErrorBody };
    body = json.value;
  } else {
    return { ok: false, status: 415, body: { error: WRONG_MEDIA_TYPE } };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, status: 400, body: { [NON_FIELD_ERRORS]: [NOT_AN_OBJECT] } };
  }

  const input = withNormalizedLineBreaks(body as Record<string, unknown>);
  const result = v.safeParse(partial ? PartialSchema : FullSchema, input);
  const errors: FieldErrors = result.success ? {} : toFieldErrors(result.issues);
  const image = readImageField(input.image);
  if (!image) errors.image = [IMAGE_AS_TEXT];
  if (!result.success || !image) return { ok: false, status: 400, body: errors };

  const output: Partial<PostFields> = {};
  for (const [key, value] of Object.entries(result.output)) {
    if (value !== undefined) (output as Record<string, unknown>)[key] = value;
  }
  return { ok: true, fields: output, image };
}

function readImageField(value: unknown): ImageChange | null {
  if (value === undefined) return { kind: 'keep' };
  if (value === null || value === '') return { kind: 'remove' };
  if (value instanceof File) {
    if (value.size === 0 && value.name === '') return { kind: 'keep' };
    return { kind: 'replace', file: value };
  }
  return null;
}
