/** OpenAPI operations of routes/docs.ts (this document and its browsable form). */
import { describe } from '../openapi/describe';

export const docsOperations = describe([
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Reference',
    database: false,
    summary: 'This OpenAPI 3.1 document',
    auth: 'none',
    responses: { 200: { description: 'The document.', schema: { type: 'object' } } },
  },
  {
    method: 'get',
    path: '/api/docs/',
    tag: 'Reference',
    database: false,
    summary: 'The browsable reference (Swagger UI)',
    auth: 'none',
    responses: {
      200: { description: 'An HTML page.', contentType: 'text/html', schema: { type: 'string' } },
    },
  },
  {
    method: 'get',
    path: '/api/docs/{file}/',
    tag: 'Reference',
    database: false,
    summary: "The reference page's scripts and styles",
    auth: 'none',
    params: {
      file: {
        type: 'string',
        enum: ['start.js', 'swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'],
      },
    },
    responses: {
      200: { description: 'The file.', contentType: '*/*', schema: { type: 'string' } },
      404: 'NotFound',
    },
  },
]);
