import * as v from 'valibot';
import { parseNumber } from './numbers';
import { err, ok, type Result } from './result';

/**
 * A numeric form field: accepts a number or a decimal string and outputs a finite number.
 * Empty, null, undefined, NaN, Infinity and non-numeric text fail with `message`.
 * Further checks (`v.minValue`, `v.check`) can be piped after it.
 */
export function numeric(message: string) {
  return v.pipe(v.unknown(), v.transform(parseNumber), v.number(message));
}

/** A text field that must not be blank after trimming; outputs the trimmed text. */
export function requiredText(message: string) {
  return v.pipe(
    v.unknown(),
    v.check((x) => typeof x === 'string' && x.trim() !== '', message),
    v.transform((x) => (x as string).trim()),
  );
}

/**
 * An object schema's missing keys count as present and undefined, so a missing field fails with its
 * own message (valibot would otherwise report a generic "Invalid key").
 */
function withAllKeys(schema: v.GenericSchema, input: unknown): unknown {
  const entries = (schema as { entries?: Record<string, unknown> }).entries;
  if (!entries || input === null || typeof input !== 'object' || Array.isArray(input)) return input;
  const filled: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const key of Object.keys(entries)) if (!(key in filled)) filled[key] = undefined;
  return filled;
}

/**
 * A refusal from a schema's issues: the first one's message and the input key it is about (its
 * path's first step, `weight`), which the form marks; an issue about the whole input (a `v.check` on
 * the object) names none (decision 152).
 */
export function refusal<T = never>(
  issues: readonly v.BaseIssue<unknown>[],
  fallback = 'Invalid input',
): Result<T> {
  const [issue] = issues;
  if (!issue) return err(fallback);
  // An input's first step is always one of its object's keys: a string.
  return err(issue.message, issue.path?.[0]?.key as string | undefined);
}

/** Runs a schema and turns its first issue into the tool's error message (`refusal`). */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): Result<v.InferOutput<TSchema>> {
  const parsed = v.safeParse(schema, withAllKeys(schema, input));
  if (parsed.success) return ok(parsed.output);
  return refusal(parsed.issues);
}
