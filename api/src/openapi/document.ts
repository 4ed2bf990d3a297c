/**
 * The OpenAPI 3.1 document of the whole API, built from the routers' operations
 * (`routes/*.openapi.ts`, which name the valibot schemas the routes validate with) and from the
 * tool registry. Served at GET /api/openapi.json, browsable at /api/docs.
 */
import { DATABASE_UNAVAILABLE, WRITE_CONFLICT } from '../db/unavailable';
import { NOT_FOUND } from '../http/ids';
import { authOperations } from '../routes/auth.openapi';
import { commentsOperations } from '../routes/comments.openapi';
import { contactOperations } from '../routes/contact.openapi';
import { convertOperations } from '../routes/convert.openapi';
import { dataOperations } from '../routes/data.openapi';
import { docsOperations } from '../routes/docs.openapi';
import { healthOperations } from '../routes/health.openapi';
import { meOperations } from '../routes/me.openapi';
import { mediaOperations } from '../routes/media.openapi';
import { postsOperations } from '../routes/posts.openapi';
import { profilesOperations } from '../routes/profiles.openapi';
import { toolsOperations } from '../routes/tools.openapi';
import { type JsonSchema, jsonSchemaOf } from '../tools/json-schema';
import type { ToolEntry } from '../tools/registry';
import type { AnySchema, Operation, ResponseRef, SharedResponse } from './describe';
import { ErrorBody, FieldErrorsBody, ToolError } from './shapes';

/** Every router's operations but the tools' (which depend on the registry). Add a router's here. */
export const ROUTER_OPERATIONS: readonly Operation[] = [
  ...healthOperations,
  ...authOperations,
  ...meOperations,
  ...profilesOperations,
  ...postsOperations,
  ...commentsOperations,
  ...contactOperations,
  ...dataOperations,
  ...convertOperations,
  ...mediaOperations,
  ...docsOperations,
];

const TAGS = [
  {
    name: 'Tools',
    description: 'Every tool of the registry: its input as JSON Schema, and its compute run on the server.',
  },
  {
    name: 'Sessions',
    description: 'Log in for a token; send it as `Authorization: Token <token>` (or `Bearer`).',
  },
  {
    name: 'Your tools',
    description: "A signed-in user's favourite and recent tools and saved calculations, kept in the account.",
  },
  { name: 'Profiles', description: 'Accounts and their profiles; sign-up.' },
  { name: 'Posts', description: 'The blog.' },
  { name: 'Comments', description: "Comments on the blog's posts." },
  { name: 'Contact', description: 'Messages to the site.' },
  {
    name: 'Data',
    description:
      'Outside data the tools use: countries, currencies, exchange rates, consumer price index, places and routes, images.',
  },
  {
    name: 'Convert',
    description: "The File Converter's optional server engine (LibreOffice) for Office documents.",
  },
  { name: 'Health', description: 'Is the API up?' },
  { name: 'Reference', description: 'This document and its browsable form.' },
];

const errorRef = { $ref: '#/components/schemas/Error' };

const SHARED_RESPONSES: Record<SharedResponse, object> = {
  FieldErrors: {
    description: 'The input is refused: a message list per field (`non_field_errors` for the whole body).',
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/FieldErrors' },
        example: { email: ['Enter a valid email address.'] },
      },
    },
  },
  Unauthorized: {
    description: 'No token, or an unknown or expired one.',
    headers: { 'WWW-Authenticate': { description: '`Token`', schema: { type: 'string' } } },
    content: {
      'application/json': {
        schema: errorRef,
        example: { error: 'Authentication credentials were not provided.' },
      },
    },
  },
  Forbidden: {
    description: 'The caller may not do this.',
    content: {
      'application/json': {
        schema: errorRef,
        example: { error: 'You do not have permission to perform this action.' },
      },
    },
  },
  NotFound: {
    description: 'No such thing (or not one the caller may see), or a page past the end.',
    content: { 'application/json': { schema: errorRef, example: { error: NOT_FOUND } } },
  },
  MalformedBody: {
    description: 'The body is not JSON.',
    content: { 'application/json': { schema: errorRef, example: { error: 'Malformed JSON body.' } } },
  },
  UnsupportedMediaType: {
    description: 'A body of another media type.',
    content: {
      'application/json': {
        schema: errorRef,
        example: { error: 'Expected a JSON body (Content-Type: application/json).' },
      },
    },
  },
  TooLarge: {
    description: 'The body or the image is too large.',
    content: {
      'application/json': { schema: errorRef, example: { error: 'The image is too large (at most 5 MiB).' } },
    },
  },
  TooManyRequests: {
    description: 'Throttled.',
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    content: { 'application/json': { schema: errorRef } },
  },
  DatabaseUnavailable: {
    description:
      'The database cannot be reached, is out of a resource, or takes no writes (a failover); nothing was committed.',
    headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    content: { 'application/json': { schema: errorRef, example: { error: DATABASE_UNAVAILABLE } } },
  },
  WriteConflict: {
    description: 'Another write came at the same moment and this one was undone; nothing was saved.',
    content: { 'application/json': { schema: errorRef, example: { error: WRITE_CONFLICT } } },
  },
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

const isValibot = (schema: AnySchema): schema is Exclude<AnySchema, JsonSchema> =>
  typeof schema === 'object' && schema !== null && 'kind' in schema && '~standard' in schema;

function toJson(schema: AnySchema, typeMode: 'input' | 'output'): JsonSchema {
  return isValibot(schema) ? jsonSchemaOf(schema, typeMode) : schema;
}

const SECURITY = {
  none: [],
  optional: [{}, { tokenAuth: [] }, { bearerAuth: [] }],
  required: [{ tokenAuth: [] }, { bearerAuth: [] }],
} as const;

function parametersOf(operation: Operation): object[] {
  const parameters: object[] = [];
  for (const name of operation.path.match(/\{(\w+)\}/g) ?? []) {
    const key = name.slice(1, -1);
    const schema = operation.params?.[key];
    parameters.push({
      name: key,
      in: 'path',
      required: true,
      schema: schema ? toJson(schema, 'input') : { type: 'string' },
    });
  }
  if (operation.query) {
    const query = toJson(operation.query, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  return parameters;
}

function responseOf(response: ResponseRef): object {
  if (typeof response === 'string') return { $ref: `#/components/responses/${response}` };
  const { description, contentType = 'application/json', schema, example, headers } = response;
  return {
    description,
    ...(headers ? { headers } : {}),
    ...(schema || example !== undefined
      ? {
          content: {
            [contentType]: {
              ...(schema ? { schema: toJson(schema, 'output') } : {}),
              ...(example !== undefined ? { example } : {}),
            },
          },
        }
      : {}),
  };
}

function operationObject(operation: Operation): object {
  const { body } = operation;
  const auth = operation.auth ?? 'optional';
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    operationId:
      operation.operationId ??
      `${operation.method}${operation.path.replace(/[{}]/g, '').replace(/\W+/g, '-').replace(/-$/, '')}`,
    security: SECURITY[auth],
    parameters: parametersOf(operation),
    ...(body
      ? {
          requestBody: {
            required: body.required ?? true,
            content: Object.fromEntries(
              (body.contentTypes ?? ['application/json']).map((type) => [
                type,
                {
                  schema: toJson(body.schema, 'input'),
                  ...(body.example !== undefined ? { example: body.example } : {}),
                },
              ]),
            ),
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(operation.responses).map(([status, response]) => [status, responseOf(response)]),
      ),
      ...(body && !operation.responses[400] ? { 400: { $ref: '#/components/responses/MalformedBody' } } : {}),
      ...(auth === 'required' && !operation.responses[401]
        ? { 401: { $ref: '#/components/responses/Unauthorized' } }
        : {}),
      ...(operation.database !== false && WRITES.has(operation.method) && !operation.responses[409]
        ? { 409: { $ref: '#/components/responses/WriteConflict' } }
        : {}),
      ...(operation.database !== false && !operation.responses[503]
        ? { 503: { $ref: '#/components/responses/DatabaseUnavailable' } }
        : {}),
      500: {
        description: 'An unexpected failure (the details are only in the server log).',
        content: { 'application/json': { schema: errorRef, example: { error: 'Internal server error' } } },
      },
    },
  };
}

/** Every operation of the API: the routers' and the tools'. */
export function allOperations(tools: readonly ToolEntry[]): Operation[] {
  return [...ROUTER_OPERATIONS, ...toolsOperations(tools)];
}

export interface DocumentOptions {
  /** The server the reference sends requests to; default the one serving the document. */
  serverUrl?: string | undefined;
}

export function openApiDocument(tools: readonly ToolEntry[], { serverUrl = '/' }: DocumentOptions = {}) {
  const paths: Record<string, Record<string, object>> = {};
  for (const operation of allOperations(tools)) {
    const item = paths[operation.path] ?? {};
    paths[operation.path] = item;
    if (item[operation.method])
      throw new Error(`Two operations describe ${operation.method} ${operation.path}`);
    item[operation.method] = operationObject(operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Toolbox API',
      version: '1.0.0',
      description:
        'Everyday calculators and converters as an API, with accounts, profiles, a blog and contact. ' +
        'Trailing slashes are optional. Errors answer `{ error }` or a field map `{ field: [messages] }`; ' +
        'the tools answer `{ ok, value }` / `{ ok, error }`.',
    },
    servers: [{ url: serverUrl }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        tokenAuth: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: '`Token <token>`, the token from POST /api/login/.',
        },
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The same token as `Bearer <token>`.' },
      },
      schemas: {
        Error: jsonSchemaOf(ErrorBody),
        FieldErrors: jsonSchemaOf(FieldErrorsBody),
        ToolError: jsonSchemaOf(ToolError),
      },
      responses: SHARED_RESPONSES,
    },
  };
}
