/**
 * OpenAPI operations of routes/tools.ts: the list, the generic run endpoints, and one pair of
 * operations per tool with its own input schema (from its valibot `inputSchema`), so a tool added
 * as a plugin folder is documented with nothing else to edit.
 */
import * as v from 'valibot';
import { describe, type Operation, type ResponseSpec } from '../openapi/describe';
import { ToolOk } from '../openapi/shapes';
import type { JsonSchema } from '../tools/json-schema';
import { type ToolEntry, toolApiPath } from '../tools/registry';
import { TOOL_MESSAGES } from './tools';

const ToolSummaryBody = v.object({
  slug: v.string(),
  label: v.string(),
  category: v.string(),
  description: v.string(),
  keywords: v.array(v.string()),
  page: v.string(),
  url: v.string(),
  input: v.picklist(['json', 'multipart', 'browser-only']),
  browser_only: v.optional(v.string()),
  input_schema: v.record(v.string(), v.unknown()),
});

const errorRef = { $ref: '#/components/schemas/ToolError' };
const runResponses = (): Record<number, ResponseSpec> => ({
  200: { description: 'The result: `value` is what the page shows.', schema: ToolOk },
  400: {
    description: 'The body is not a JSON object.',
    schema: errorRef,
    example: { ok: false, error: TOOL_MESSAGES.malformed },
  },
  404: {
    description: 'No such tool.',
    schema: errorRef,
    example: { ok: false, error: TOOL_MESSAGES.unknown('nope') },
  },
  415: { description: 'Multipart sent to a tool that takes JSON.', schema: errorRef },
  422: {
    description: "The input is refused, with the tool's own message (as on its page).",
    schema: errorRef,
  },
  429: {
    description: 'Too many runs from this address in the last minute, or too many of its runs waiting.',
    schema: errorRef,
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
  },
  501: { description: 'The tool runs only in the browser.', schema: errorRef },
  503: {
    description: 'The calculation ran too long and was stopped (or too many are waiting).',
    schema: errorRef,
    example: { ok: false, error: TOOL_MESSAGES.timeout },
  },
});

/** Scalar fields of an object schema, as query parameters (GET form). */
function queryOf(schema: JsonSchema): JsonSchema | undefined {
  const s = schema as { type?: string; properties?: Record<string, unknown>; required?: string[] };
  if (s.type !== 'object' || !s.properties) return undefined;
  const properties = Object.fromEntries(
    Object.entries(s.properties).filter(([, field]) => {
      const type = (field as { type?: unknown }).type;
      return type !== 'object' && type !== 'array';
    }),
  );
  return {
    type: 'object',
    properties,
    required: (s.required ?? []).filter((key) => key in properties),
  } as JsonSchema;
}

function toolOperations({ manifest, inputKind, inputJsonSchema }: ToolEntry): Operation[] {
  const path = toolApiPath(manifest.slug);
  const tag = 'Tools';
  const about = `${manifest.description}\n\nThe page: \`${manifest.route}\`. Numbers may also be sent as text ("12.5").`;
  if (inputKind === 'browser-only') {
    return [
      {
        method: 'post',
        path,
        tag,
        database: false,
        summary: `${manifest.label} (browser only)`,
        description: `${about}\n\n${manifest.server?.browserOnly ?? ''}`,
        operationId: `run-${manifest.slug}`,
        responses: { 501: runResponses()[501] as ResponseSpec },
      },
    ];
  }
  const operations: Operation[] = [
    {
      method: 'post',
      path,
      tag,
      database: false,
      summary: `Run ${manifest.label}`,
      description: about,
      operationId: `run-${manifest.slug}`,
      body: {
        schema: inputJsonSchema,
        required: true,
        contentTypes: inputKind === 'multipart' ? ['multipart/form-data'] : ['application/json'],
      },
      responses: runResponses(),
    },
  ];
  const query = inputKind === 'json' ? queryOf(inputJsonSchema) : undefined;
  if (query) {
    operations.push({
      method: 'get',
      path,
      tag,
      database: false,
      summary: `Run ${manifest.label} from a link`,
      description: `${about}\n\nThe simple fields as a query: \`GET ${path}?field=value…\`.`,
      operationId: `link-${manifest.slug}`,
      query,
      responses: runResponses(),
    });
  }
  return operations;
}

export function toolsOperations(tools: readonly ToolEntry[]): Operation[] {
  const slug = { type: 'string', enum: tools.map((tool) => tool.manifest.slug) } as JsonSchema;
  const anyInput = { type: 'object', additionalProperties: true } as JsonSchema;
  return describe([
    {
      method: 'get',
      path: '/api/tools/',
      tag: 'Tools',
      database: false,
      summary: 'Every tool, with its input as JSON Schema',
      auth: 'none',
      responses: { 200: { description: 'Sorted by label.', schema: v.array(ToolSummaryBody) } },
    },
    {
      method: 'post',
      path: '/api/tools/{slug}/',
      tag: 'Tools',
      database: false,
      summary: 'Run any tool (see each tool below for its input)',
      auth: 'none',
      params: { slug },
      body: { schema: anyInput, required: true, example: { value: 100, from: 'Celsius', to: 'Fahrenheit' } },
      responses: runResponses(),
    },
    {
      method: 'get',
      path: '/api/tools/{slug}/',
      tag: 'Tools',
      database: false,
      summary: 'Run any tool from a link: its fields as the query',
      auth: 'none',
      params: { slug },
      responses: runResponses(),
    },
    ...tools.flatMap(toolOperations).map((operation) => ({ ...operation, auth: 'none' as const })),
  ]);
}
