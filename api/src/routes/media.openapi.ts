/** OpenAPI operations of routes/media.ts. */
import { describe } from '../openapi/describe';
import { MediaQuery } from './media';

export const mediaOperations = describe([
  {
    method: 'get',
    path: '/api/media/{key}/',
    tag: 'Posts',
    database: false,
    summary: 'A stored upload (a post image)',
    auth: 'none',
    params: { key: { type: 'string', pattern: '^[0-9a-f-]{36}\\.(png|jpg|webp|gif)$' } },
    query: MediaQuery,
    responses: {
      200: {
        description:
          'The file, cached for a year (keys are never reused). With `width` (400 or 800): a WebP copy at that width, never enlarged.',
        contentType: 'image/*',
        schema: { type: 'string', contentMediaType: 'image/*' },
      },
      400: 'FieldErrors',
      404: 'NotFound',
    },
  },
]);
