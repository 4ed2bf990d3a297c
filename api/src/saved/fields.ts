/**
 * What a signed-in user's tools (favourites, recent tools, saved calculations; routes/me.ts)
 * accept, as valibot schemas. A slug must name a tool of the registry the API serves, which is
 * known only once the plugins are discovered: `savedSchemas(isTool)` builds the schemas for a
 * registry (the OpenAPI document builds them with any `isTool`; checks are not part of it).
 */
import {
  FIELD_MESSAGES,
  SAVED_CALCULATIONS_LIMIT,
  SAVED_INPUT_MAX_BYTES,
  SEARCH_MAX,
} from '@toolbox/sdk/wire';
import * as v from 'valibot';
import { MESSAGES } from '../auth/fields';
import { LIMITS } from '../db/schema';
import { pageQuery } from '../http/pagination';
import { textField } from '../http/text';
import { isJsonObject } from '../http/text-input';
import { TOOL_MESSAGES } from '../routes/tools';

/** Most slugs a favourites or recent-tools list may send (duplicates are folded before storing). */
export const TOOL_LIST_MAX = 200;

export const SAVED_MESSAGES = {
  notAList: 'Expected a JSON array of tool slugs.',
  notACalculationList: 'Expected a JSON array of calculations.',
  listTooLong: `Send at most ${TOOL_LIST_MAX} tools.`,
  notASlug: 'Each tool must be given as its slug (text).',
  toolRequired: FIELD_MESSAGES.required,
  unknownTool: TOOL_MESSAGES.unknown,
  inputNotObject: 'Input must be a JSON object.',
  inputNotText: 'Input must hold valid text only (no lone surrogate characters).',
  inputNotFinite: 'Input must hold finite numbers only (1e400 is too large to keep).',
  inputTooLarge: `Input is too large: at most ${SAVED_INPUT_MAX_BYTES.toLocaleString('en')} bytes (${SAVED_INPUT_MAX_BYTES / 1024} KB) of JSON.`,
  limitReached: `You have reached the limit of ${SAVED_CALCULATIONS_LIMIT.toLocaleString('en')} saved calculations. Delete some to save new ones.`,
  tooManyToMerge: `Send at most ${SAVED_CALCULATIONS_LIMIT.toLocaleString('en')} calculations.`,
  notAnObject: TOOL_MESSAGES.notAnObject,
} as const;

/**
 * A lone surrogate as JSON.stringify writes it (`\ud800`: well-formed JSON.stringify escapes
 * those, and only those, as `\uXXXX` in that range), not preceded by an escaped backslash.
 */
const LONE_SURROGATE_ESCAPE = /(?<!\\)(?:\\\\)*\\ud[89a-f][0-9a-f]{2}/;

/**
 * Whether every string of a JSON value (keys too) is well-formed text: PostgreSQL refuses a JSON
 * value holding a lone surrogate. Read from the JSON text, so that no depth overflows a stack.
 */
export function isWellFormedJson(value: unknown): boolean {
  try {
    return !LONE_SURROGATE_ESCAPE.test(JSON.stringify(value) ?? '');
  } catch {
    return false;
  }
}

/**
 * Whether every number of a JSON value is finite: JSON reads a number too large for a double
 * (`1e400`) as Infinity, which JSON writes back as `null`, so the input would not be kept as sent.
 */
export function hasOnlyFiniteNumbers(value: unknown): boolean {
  // An explicit stack rather than recursion: an input may be nested thousands deep.
  const work: unknown[] = [value];
  while (work.length > 0) {
    const item = work.pop();
    if (typeof item === 'number' && !Number.isFinite(item)) return false;
    if (item !== null && typeof item === 'object') work.push(...Object.values(item));
  }
  return true;
}

/** Bytes of the value's JSON text in UTF-8: what SAVED_INPUT_MAX_BYTES limits. */
export function jsonByteLength(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  } catch {
    // Nested too deeply to write out (a RangeError): far larger than any input may be.
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * The value's JSON text with every object's keys sorted: two inputs are the same calculation when
 * their canonical texts are equal, whatever order their fields came in.
 */
export function canonicalJson(value: unknown): string {
  // An explicit stack rather than recursion: an input may be nested thousands deep.
  const out: string[] = [];
  const work: ({ value: unknown } | string)[] = [{ value }];
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const node = item.value;
    if (Array.isArray(node)) {
      work.push(']');
      for (let index = node.length - 1; index >= 0; index -= 1) {
        work.push({ value: node[index] ?? null });
        if (index > 0) work.push(',');
      }
      work.push('[');
    } else if (isJsonObject(node)) {
      const keys = Object.keys(node)
        .filter((key) => node[key] !== undefined)
        .sort();
      work.push('}');
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        work.push({ value: node[key] }, `${JSON.stringify(key)}:`);
        if (index > 0) work.push(',');
      }
      work.push('{');
    } else {
      out.push(JSON.stringify(node) ?? 'null');
    }
  }
  return out.join('');
}

/**
 * `v.object(entries)` that also refuses an array (which `v.object` would take for an object with
 * none of the entries). A missing `input` is answered with the input's own message (valibot gives
 * a missing entry the object's message).
 */
export const strictJsonObject = <E extends v.ObjectEntries>(entries: E, message: string) =>
  v.pipe(
    v.unknown(),
    v.check(isJsonObject, message),
    v.object(entries, (issue) =>
      issue.path?.[0]?.key === 'input' ? SAVED_MESSAGES.inputNotObject : message,
    ),
  );

/** A tool's input as its URL holds it: a JSON object of at most SAVED_INPUT_MAX_BYTES. */
export const inputField = v.config(
  v.pipe(
    v.unknown(),
    // Kept as sent: valibot's record would drop the keys __proto__, constructor and prototype.
    v.custom<Record<string, unknown>>(isJsonObject, SAVED_MESSAGES.inputNotObject),
    v.check((value) => jsonByteLength(value) <= SAVED_INPUT_MAX_BYTES, SAVED_MESSAGES.inputTooLarge),
    v.check((value: Record<string, unknown>) => isWellFormedJson(value), SAVED_MESSAGES.inputNotText),
    v.check((value: Record<string, unknown>) => hasOnlyFiniteNumbers(value), SAVED_MESSAGES.inputNotFinite),
  ),
  { abortPipeEarly: true },
);

export const nameField = textField(LIMITS.calculationName, { required: true });
export const resultTextField = textField(LIMITS.calculationResultText);

/**
 * A list of at most `max` items, each checked by `item`: the length first, so that a list far too
 * long is answered with one message, not one for each of its items.
 */
const boundedList = <T extends v.GenericSchema>(item: T, max: number, tooLong: string, notAList: string) =>
  v.pipe(v.array(v.unknown(), notAList), v.maxLength(max, tooLong), v.array(item, notAList));

/** A slug as sent, before the registry is asked. */
const slugText = (message: string) => v.pipe(v.string(message), v.trim());

/** A slug that must be a tool of the registry: the message names it (`Unknown tool: nope.`). */
const toolSlug = (isTool: (slug: string) => boolean, message: string) =>
  v.config(
    v.pipe(
      slugText(message),
      v.check((slug) => slug !== '', SAVED_MESSAGES.toolRequired),
      v.check(
        (slug) => slug.length <= LIMITS.toolSlug && isTool(slug),
        (issue) => SAVED_MESSAGES.unknownTool(String(issue.input)),
      ),
    ),
    { abortPipeEarly: true },
  );

/** Keeps the first of each slug, in order. */
export function foldSlugs(slugs: readonly string[]): string[] {
  return [...new Set(slugs)];
}

/** A calculation's fields; `tool` is checked by the caller's rule. */
const calculationEntries = <T extends v.GenericSchema<string, string>>(tool: T) => ({
  tool: v.optional(tool, ''),
  name: v.optional(nameField, ''),
  input: inputField,
  result_text: v.optional(resultTextField, ''),
});

/**
 * The body schemas for a registry. `describe`: the schemas as the OpenAPI document shows them
 * (plain objects: JSON Schema cannot say "an object, checked before its entries").
 */
export function savedSchemas(isTool: (slug: string) => boolean, { describe = false } = {}) {
  const jsonObject = describe
    ? <E extends v.ObjectEntries>(entries: E, message: string) => v.object(entries, message)
    : strictJsonObject;
  const list = describe
    ? <T extends v.GenericSchema>(item: T, max: number, tooLong: string, notAList: string) =>
        v.pipe(v.array(item, notAList), v.maxLength(max, tooLong))
    : boundedList;

  /** PUT /api/me/favourites/ and /api/me/recent-tools/: slugs of the registry's tools, in order. */
  const ToolList = v.pipe(
    list(
      toolSlug(isTool, SAVED_MESSAGES.notASlug),
      TOOL_LIST_MAX,
      SAVED_MESSAGES.listTooLong,
      SAVED_MESSAGES.notAList,
    ),
    v.transform((slugs: string[]) => foldSlugs(slugs)),
  );

  /** POST /api/me/calculations/. */
  const NewCalculation = jsonObject(
    calculationEntries(toolSlug(isTool, SAVED_MESSAGES.toolRequired)),
    SAVED_MESSAGES.notAnObject,
  );

  /** PATCH /api/me/calculations/{id}/: the name, the input, the result text; the tool stays. */
  const CalculationChanges = jsonObject(
    {
      name: v.optional(nameField),
      input: v.optional(inputField),
      result_text: v.optional(resultTextField),
    },
    SAVED_MESSAGES.notAnObject,
  );

  /**
   * POST /api/me/merge/: what a browser held. Slugs of tools the registry no longer has are
   * dropped (the browser may hold a tool that was removed), so they are not checked here.
   */
  const browserSlugs = v.optional(
    list(
      slugText(SAVED_MESSAGES.notASlug),
      TOOL_LIST_MAX,
      SAVED_MESSAGES.listTooLong,
      SAVED_MESSAGES.notAList,
    ),
    () => [],
  );
  const MergeBody = jsonObject(
    {
      favourites: browserSlugs,
      recent_tools: browserSlugs,
      calculations: v.optional(
        list(
          jsonObject(calculationEntries(slugText(SAVED_MESSAGES.toolRequired)), SAVED_MESSAGES.notAnObject),
          SAVED_CALCULATIONS_LIMIT,
          SAVED_MESSAGES.tooManyToMerge,
          SAVED_MESSAGES.notACalculationList,
        ),
        () => [],
      ),
    },
    SAVED_MESSAGES.notAnObject,
  );

  return { ToolList, NewCalculation, CalculationChanges, MergeBody };
}

export type SavedSchemas = ReturnType<typeof savedSchemas>;

const queryText = (label: string, max: number) =>
  v.optional(
    v.pipe(
      v.string(`${label} must be given once.`),
      v.trim(),
      v.check((value) => !value.includes('\0'), MESSAGES.nullCharacter),
      v.maxLength(max, MESSAGES.tooLong(max)),
    ),
    '',
  );

/** GET /api/me/calculations/: a page, one tool's only (`tool`), matching `search`. */
export const CalculationListQuery = v.object({
  ...pageQuery,
  tool: queryText('Tool', LIMITS.toolSlug),
  search: queryText('Search', SEARCH_MAX),
});
