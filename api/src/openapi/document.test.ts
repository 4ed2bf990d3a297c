import { describe, expect, it } from 'vitest';
import { PutBody } from '../profiles/schemas';
import { LoginBody } from '../routes/auth';
import { NewMessage } from '../routes/contact';
import { CpiQuery } from '../routes/data';
import { jsonSchemaOf } from '../tools/json-schema';
import { openApiDocument, ROUTER_OPERATIONS } from './document';

type Doc = ReturnType<typeof openApiDocument>;
type Op = {
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
};
const operation = (doc: Doc, path: string, method: string) =>
  (doc.paths[path] as Record<string, Op> | undefined)?.[method] as Op;

describe('OpenAPI document from the routes’ own schemas', () => {
  const doc = openApiDocument([]);

  it('describes request bodies with the schemas the routes validate with', () => {
    expect(operation(doc, '/api/contact/', 'post').requestBody?.content['application/json']?.schema).toEqual(
      jsonSchemaOf(NewMessage, 'input'),
    );
    expect(operation(doc, '/api/login/', 'post').requestBody?.content['application/json']?.schema).toEqual(
      jsonSchemaOf(LoginBody, 'input'),
    );
    expect(
      operation(doc, '/api/profiles/{id}/', 'put').requestBody?.content['application/json']?.schema,
    ).toEqual(jsonSchemaOf(PutBody, 'input'));
  });

  it('describes a query by its schema, one parameter per field', () => {
    const parameters = operation(doc, '/api/data/cpi/', 'get').parameters;
    const schema = jsonSchemaOf(CpiQuery, 'input') as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(parameters.map((p) => p.name)).toEqual(Object.keys(schema.properties));
    expect(parameters.every((p) => p.in === 'query' && p.required)).toBe(true);
  });

  it('declares every path parameter of every operation', () => {
    for (const op of ROUTER_OPERATIONS) {
      const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = operation(doc, op.path, op.method).parameters.filter((p) => p.in === 'path');
      expect(
        declared.map((p) => p.name),
        `${op.method} ${op.path}`,
      ).toEqual(names);
    }
  });
});
