/**
 * JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) from valibot schemas: the same schemas
 * the routes and the tools validate with, so the documentation cannot drift from the checks.
 *
 * Checks JSON Schema cannot say (a transform, a custom check) are left out; the API's answers carry
 * the exact message.
 */
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';

export type { JsonSchema };

/**
 * The schema's JSON Schema, without its `$schema` line (it is embedded in a larger document).
 * `output` (tools): what the checks accept, described by what they output (a number, for a numeric
 * field fed text); `input` (request bodies and queries): what is sent, up to the first conversion.
 */
export function jsonSchemaOf(schema: GenericSchema, typeMode: 'input' | 'output' = 'output'): JsonSchema {
  const { $schema: _, ...rest } = toJsonSchema(schema, {
    errorMode: 'ignore',
    typeMode,
    target: 'draft-2020-12',
  });
  return rest;
}

/** `schema` with the properties `omit` removed from every object in it (and its alternatives). */
export function withoutProperties(schema: JsonSchema, omit: readonly string[]): JsonSchema {
  if (omit.length === 0 || typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = { ...schema };
  if (copy.properties && typeof copy.properties === 'object') {
    copy.properties = Object.fromEntries(
      Object.entries(copy.properties as Record<string, unknown>).filter(([key]) => !omit.includes(key)),
    );
  }
  if (Array.isArray(copy.required)) copy.required = copy.required.filter((key) => !omit.includes(key));
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const list = copy[key];
    if (Array.isArray(list)) copy[key] = list.map((item) => withoutProperties(item as JsonSchema, omit));
  }
  return copy as JsonSchema;
}
