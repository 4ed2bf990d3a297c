/** OpenAPI operations of routes/media.ts. */
import { describe } from '../openapi/describe';

export const mediaOperations = describe([
  {
    method: 'get',
    path: '/api/media/{key}/',
    tag: 'Posts',
    summary: 'A stored upload (a post image)',
    auth: 'none',
    params: { key: { type: 'string', pattern: '^[0-9a-f-]{36}\\.(png|jpg|webp|gif)$' } },
    responses: {
      200: {
        description: 'The file, cached for a year (keys are never reused).',
        contentType: 'image/*',
        schema: { type: 'string', contentMediaType: 'image/*' },
      },
      404: 'NotFound',
    },
  },
]);
