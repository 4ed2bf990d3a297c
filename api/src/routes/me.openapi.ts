/** OpenAPI operations of routes/me.ts (a signed-in user's tools). */

import { SAVED_INPUT_MAX_BYTES } from '@toolbox/sdk/wire';
import * as v from 'valibot';
import { describe, type Operation, type ResponseSpec } from '../openapi/describe';
import { Page } from '../openapi/shapes';
import { CalculationListQuery, SAVED_MESSAGES, savedSchemas } from '../saved/fields';
import { type JsonSchema, jsonSchemaOf } from '../tools/json-schema';

/** The same schemas the routes build for the registry; the registry check is not part of a JSON Schema. */
const schemas = savedSchemas(() => true, { describe: true });
const { ToolList, CalculationChanges } = schemas;

type ObjectJson = { properties: Record<string, JsonSchema>; required?: string[] };

const inputJson = {
  type: 'object',
  description: `The tool's input as its page's URL keeps it; at most ${SAVED_INPUT_MAX_BYTES} bytes of JSON.`,
} as const;

/**
 * A calculation as sent, as JSON Schema: what valibot's conversion cannot say (the fields the
 * route refuses as missing are required; the input is an object).
 */
function asDraft(json: JsonSchema): JsonSchema {
  const object = json as ObjectJson;
  const { default: _tool, ...tool } = object.properties.tool as Record<string, unknown>;
  const { default: _name, ...name } = object.properties.name as Record<string, unknown>;
  return {
    ...object,
    properties: {
      ...object.properties,
      tool: { ...tool, description: 'The slug of a tool of `GET /api/tools/`.' },
      name,
      input: inputJson,
    },
    required: ['tool', 'name', 'input'],
  } as JsonSchema;
}

const NewCalculation = asDraft(jsonSchemaOf(schemas.NewCalculation, 'input'));
const mergeJson = jsonSchemaOf(schemas.MergeBody, 'input') as ObjectJson;
const MergeBody = {
  ...mergeJson,
  properties: {
    ...mergeJson.properties,
    calculations: {
      ...(mergeJson.properties.calculations as object),
      items: asDraft((mergeJson.properties.calculations as { items: JsonSchema }).items),
    },
  },
} as JsonSchema;
const changesJson = jsonSchemaOf(CalculationChanges, 'input') as ObjectJson;
const Changes = { ...changesJson, properties: { ...changesJson.properties, input: inputJson } } as JsonSchema;

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const dateTime = v.pipe(v.string(), v.isoTimestamp());

const SavedCalculationBody = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  tool: v.string(),
  name: v.string(),
  input: v.record(v.string(), v.unknown()),
  result_text: v.string(),
  created_at: dateTime,
  updated_at: dateTime,
});

const MergeAnswer = v.object({
  favourites: v.array(v.string()),
  recent_tools: v.array(v.string()),
  calculations_added: v.pipe(v.number(), v.integer()),
  calculations_over_limit: v.pipe(v.number(), v.integer()),
});

const Slugs = v.array(v.string());

const example = {
  id: 12,
  tool: 'bmi-calculator',
  name: 'BMI in January',
  input: { weight: '70', height: '175', unit: 'metric' },
  result_text: 'BMI 22.9 (normal weight)',
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

const conflict: ResponseSpec = {
  description: 'The account already keeps the most saved calculations it may.',
  schema: { $ref: '#/components/schemas/Error' },
  example: { error: SAVED_MESSAGES.limitReached },
};

function toolListOperations(path: string, what: string, order: string): Operation[] {
  return [
    {
      method: 'get',
      path,
      tag: 'Your tools',
      summary: `Your ${what} (${order})`,
      auth: 'required',
      responses: { 200: { description: `The slugs, ${order}.`, schema: Slugs, example: ['unit-converter'] } },
    },
    {
      method: 'put',
      path,
      tag: 'Your tools',
      summary: `Replace your ${what}`,
      description:
        'Slugs of the tools of `GET /api/tools/`; a repeated slug is kept once, at its first place.',
      auth: 'required',
      body: { schema: ToolList, example: ['unit-converter', 'bmi-calculator'] },
      responses: {
        200: { description: 'The list as stored.', schema: Slugs },
        400: 'FieldErrors',
        415: 'UnsupportedMediaType',
      },
    },
  ];
}

export const meOperations = describe([
  ...toolListOperations('/api/me/favourites/', 'favourite tools', 'in your order'),
  ...toolListOperations('/api/me/recent-tools/', 'recently used tools', 'newest first, at most 8 kept'),
  {
    method: 'get',
    path: '/api/me/calculations/',
    tag: 'Your tools',
    summary: 'Your saved calculations, newest first',
    auth: 'required',
    query: CalculationListQuery,
    responses: {
      200: { description: 'A page of saved calculations.', schema: Page(SavedCalculationBody) },
      400: 'FieldErrors',
      404: 'NotFound',
    },
  },
  {
    method: 'post',
    path: '/api/me/calculations/',
    tag: 'Your tools',
    summary: 'Save a calculation',
    auth: 'required',
    body: {
      schema: NewCalculation,
      example: {
        tool: example.tool,
        name: example.name,
        input: example.input,
        result_text: example.result_text,
      },
    },
    responses: {
      201: { description: 'The saved calculation.', schema: SavedCalculationBody, example },
      400: 'FieldErrors',
      409: conflict,
      415: 'UnsupportedMediaType',
    },
  },
  {
    method: 'get',
    path: '/api/me/calculations/{id}/',
    tag: 'Your tools',
    summary: 'One of your saved calculations',
    auth: 'required',
    params: { id },
    responses: {
      200: { description: 'The saved calculation.', schema: SavedCalculationBody, example },
      404: 'NotFound',
    },
  },
  {
    method: 'patch',
    path: '/api/me/calculations/{id}/',
    tag: 'Your tools',
    summary: 'Rename a saved calculation (or change its input or result text)',
    auth: 'required',
    params: { id },
    body: { schema: Changes, example: { name: 'BMI after the holidays' } },
    responses: {
      200: { description: 'The saved calculation.', schema: SavedCalculationBody },
      400: 'FieldErrors',
      404: 'NotFound',
      415: 'UnsupportedMediaType',
    },
  },
  {
    method: 'delete',
    path: '/api/me/calculations/{id}/',
    tag: 'Your tools',
    summary: 'Delete a saved calculation',
    auth: 'required',
    params: { id },
    responses: { 204: { description: 'Deleted.' }, 404: 'NotFound' },
  },
  {
    method: 'post',
    path: '/api/me/merge/',
    tag: 'Your tools',
    summary: "Merge what a visitor's browser kept into your account",
    description:
      "Favourites and recent tools keep the account's order and gain the browser's new slugs after it " +
      '(slugs of tools that no longer exist are dropped). A calculation equal to one the account keeps ' +
      '(same tool, name and input) is not added again; past the limit of saved calculations the rest ' +
      'are not added (`calculations_over_limit`). Send calculations newest first.',
    auth: 'required',
    body: {
      schema: MergeBody,
      example: {
        favourites: ['unit-converter'],
        recent_tools: ['bmi-calculator'],
        calculations: [
          { tool: example.tool, name: example.name, input: example.input, result_text: example.result_text },
        ],
      },
    },
    responses: {
      200: {
        description: "The account's lists after the merge, and how many calculations were added.",
        schema: MergeAnswer,
        example: {
          favourites: ['unit-converter'],
          recent_tools: ['bmi-calculator'],
          calculations_added: 1,
          calculations_over_limit: 0,
        },
      },
      400: 'FieldErrors',
      415: 'UnsupportedMediaType',
    },
  },
]);
