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

/** What a valibot schema or action may hold: the parts searched for messages. */
interface SchemaPart {
  message?: unknown;
  entries?: Record<string, unknown>;
  pipe?: readonly unknown[];
  options?: readonly unknown[];
  wrapped?: unknown;
  item?: unknown;
}

/** Every message text `part` and the schemas and actions inside it can give. */
function messagesIn(part: unknown, into: Set<string>): Set<string> {
  if (typeof part !== 'object' || part === null) return into;
  const { message, entries = {}, pipe = [], options = [], wrapped, item } = part as SchemaPart;
  if (typeof message === 'string') into.add(message);
  for (const inner of [...pipe, ...options, ...Object.values(entries), wrapped, item])
    messagesIn(inner, into);
  return into;
}

/** The messages of each of an object schema's keys (through its pipes, variants and wrappers). */
function messagesByKey(part: unknown, into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (typeof part !== 'object' || part === null) return into;
  const { entries = {}, pipe = [], options = [], wrapped } = part as SchemaPart;
  for (const [key, entry] of Object.entries(entries))
    into.set(key, messagesIn(entry, into.get(key) ?? new Set()));
  for (const inner of [...pipe, ...options, wrapped]) messagesByKey(inner, into);
  return into;
}

const sharedMessages = new WeakMap<object, Set<string>>();

/** The messages a schema gives for more than one key: they speak of several fields. */
function messagesOfSeveralKeys(schema: object): Set<string> {
  let shared = sharedMessages.get(schema);
  if (!shared) {
    const counts = new Map<string, number>();
    for (const messages of messagesByKey(schema).values())
      for (const message of messages) counts.set(message, (counts.get(message) ?? 0) + 1);
    shared = new Set([...counts].filter(([, count]) => count > 1).map(([message]) => message));
    sharedMessages.set(schema, shared);
  }
  return shared;
}

/**
 * A refusal from a schema's issues: the first issue's message and, when it is about one field, that
 * field (the issue's path, `weight`): a message the schema gives for several keys ("Please enter
 * valid numbers for both fields.") or for the whole input names none (decision 152).
 */
export function refusal<T = never>(
  schema: v.GenericSchema,
  issues: readonly v.BaseIssue<unknown>[],
  fallback = 'Invalid input',
): Result<T> {
  const issue = issues[0];
  if (!issue) return err(fallback);
  const path = v.getDotPath(issue);
  const field = path && !messagesOfSeveralKeys(schema).has(issue.message) ? path : undefined;
  return err(issue.message, field);
}

/** Runs a schema and turns its first issue into the tool's error message (`refusal`). */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): Result<v.InferOutput<TSchema>> {
  const parsed = v.safeParse(schema, withAllKeys(schema, input));
  if (parsed.success) return ok(parsed.output);
  return refusal(schema, parsed.issues);
}
