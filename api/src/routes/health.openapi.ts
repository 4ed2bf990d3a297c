/** OpenAPI operations of routes/health.ts. */
import { describe } from '../openapi/describe';
import { HealthBody } from '../openapi/shapes';

export const healthOperations = describe([
  {
    method: 'get',
    path: '/api/health/',
    tag: 'Health',
    summary: 'Is the API up, and does the database answer?',
    auth: 'none',
    responses: {
      200: { description: 'Up.', schema: HealthBody, example: { status: 'ok', database: 'ok' } },
      503: {
        description:
          'The database did not answer (`unavailable`) or takes no writes (`read-only`), or the server is shutting down (`draining`, database `unknown`).',
        schema: HealthBody,
        example: { status: 'error', database: 'unavailable' },
      },
    },
  },
]);
