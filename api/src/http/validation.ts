/**
 * The one validation layer: valibot schemas as Hono middleware. A failure answers 400 with the
 * field map `{ "field.path": ["message", …] }` (issues without a path under `non_field_errors`);
 * a body that is not JSON answers 400 `{ error: 'Malformed JSON body.' }`, a body of another media
 * type 415. Text that is not UTF-8 or holds a NUL character never reaches a schema (text-input.ts). Handlers read the parsed output with `c.req.valid('json')` / `c.req.valid('query')`.
 */
import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import type { Context, Env, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { type FieldErrors, isJsonObject, NON_FIELD_ERRORS, NOT_AN_OBJECT, readJsonBody } from './text-input';

export { type FieldErrors, NON_FIELD_ERRORS };

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;

/** What a value of each type valibot expects is called in a refusal. */
const EXPECTED: Record<string, string> = {
  Object: NOT_AN_OBJECT,
  Array: 'Expected a list.',
  string: FIELD_MESSAGES.notText,
  number: 'A valid number is required.',
  boolean: 'Must be a valid boolean.',
};
const CHOICES = new Set(['picklist', 'literal', 'union', 'variant', 'enum']);

/**
 * The message of a refusal a schema gives no words of its own. Valibot's default repeats what was
 * sent (`Invalid type: Expected Array but received "…"`, however long); the API says what it
 * expected, in the words of the rest of its messages, and never echoes the input.
 */
export function defaultMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.expected && Object.hasOwn(EXPECTED, issue.expected)) return EXPECTED[issue.expected] as string;
  return CHOICES.has(issue.type) ? 'Not a valid choice.' : 'Not a valid value.';
}
v.setGlobalMessage(defaultMessage);

/** Valibot's object schemas take an array as an object (with no keys); a body the API reads as one must be one. */
const OBJECT_SCHEMAS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Turns valibot issues into the API's field map, keeping the order in which they were found. */
export function toFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) || NON_FIELD_ERRORS;
    const messages = errors[key] ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    errors[key] = messages;
  }
  return errors;
}

async function check<S extends AnySchema>(c: Context, schema: S, value: unknown) {
  const result = await v.safeParseAsync(schema, value);
  if (result.success) return { output: result.output as v.InferOutput<S> };
  return { response: c.json(toFieldErrors(result.issues), 400) };
}

/** Validates a JSON body against `schema`; the handler gets the parsed output from `c.req.valid('json')`. */
export function validateBody<S extends AnySchema, E extends Env = Env, P extends string = string>(
  schema: S,
): MiddlewareHandler<E, P, { in: { json: v.InferInput<S> }; out: { json: v.InferOutput<S> } }> {
  return async (c, next) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
    if (!JSON_MEDIA_TYPE.test(mediaType)) {
      return c.json({ error: 'Expected a JSON body (Content-Type: application/json).' }, 415);
    }
    // Valid UTF-8 and JSON, no NUL in any string (text-input.ts).
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    if (OBJECT_SCHEMAS.has(schema.type) && !isJsonObject(body.value)) {
      return c.json({ [NON_FIELD_ERRORS]: [NOT_AN_OBJECT] }, 400);
    }
    const { output, response } = await check(c, schema, body.value);
    if (response) return response;
    c.req.addValidatedData('json', output as object);
    await next();
  };
}

/**
 * Validates the query string. Each parameter is a string, or an array of strings when it is
 * repeated, so schemas convert themselves (`v.pipe(v.string(), v.toNumber(), v.integer())`).
 */
export function validateQuery<S extends AnySchema, E extends Env = Env, P extends string = string>(
  schema: S,
): MiddlewareHandler<E, P, { in: { query: v.InferInput<S> }; out: { query: v.InferOutput<S> } }> {
  return async (c, next) => {
    const query = Object.fromEntries(
      Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
    );
    const { output, response } = await check(c, schema, query);
    if (response) return response;
    c.req.addValidatedData('query', output as object);
    await next();
  };
}
