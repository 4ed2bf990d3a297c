/**
 * How a router describes its endpoints for the OpenAPI document: one `Operation` per method and
 * path, next to the router (`routes/<name>.openapi.ts`), naming the very valibot schemas the route
 * validates with. Adding a route = adding its operation there; the coverage test
 * (api/src/openapi/document.test.ts) fails for any route Hono serves that no operation describes.
 */
import type { GenericSchema } from 'valibot';
import type { JsonSchema } from '../tools/json-schema';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `none`: no token is read; `optional`: a token makes answers personal; `required`: 401 without one. */
export type Auth = 'none' | 'optional' | 'required';

/** A body or parameter schema: a valibot schema (converted) or JSON Schema as is. */
export type AnySchema = GenericSchema | JsonSchema;

export interface ResponseSpec {
  description: string;
  /** Default `application/json`. */
  contentType?: string;
  schema?: AnySchema;
  example?: unknown;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

/** A response: its own description, or the name of a shared one (`components.responses`). */
export type ResponseRef = ResponseSpec | SharedResponse;

export type SharedResponse =
  | 'FieldErrors'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'MalformedBody'
  | 'UnsupportedMediaType'
  | 'TooLarge'
  | 'TooManyRequests'
  | 'DatabaseUnavailable'
  | 'WriteConflict';

export interface Operation {
  method: Method;
  /** OpenAPI form with the trailing slash clients send: `/api/posts/{id}/`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Default `optional` (every /api request may carry a token). */
  auth?: Auth;
  /** Path parameters' schemas; a parameter left out is a string. */
  params?: Record<string, AnySchema>;
  /** The query's object schema (each entry a parameter). */
  query?: AnySchema;
  body?: {
    schema: AnySchema;
    /** Default `['application/json']`. */
    contentTypes?: readonly string[];
    example?: unknown;
    required?: boolean;
  };
  responses: Record<number, ResponseRef>;
  operationId?: string;
  /**
   * `false` for a route that reads no database (the tools, the converter, stored images, this
   * reference). Every other route may answer 503 `DatabaseUnavailable`, and one that writes (POST,
   * PUT, PATCH, DELETE) 409 `WriteConflict`: the document adds them unless the operation names
   * its own.
   */
  database?: false;
}

/** Declares a router's operations (typed; nothing else). */
export function describe(operations: Operation[]): Operation[] {
  return operations;
}
