/** OpenAPI operations of routes/comments.ts. */
import { describe } from '../openapi/describe';
import { CommentBody, Page } from '../openapi/shapes';
import { CommentListQuery, NewComment } from './comments';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const commentsOperations = describe([
  {
    method: 'get',
    path: '/api/comments/',
    tag: 'Comments',
    summary: "A post's comments, newest first",
    query: CommentListQuery,
    responses: {
      200: { description: 'A page of comments.', schema: Page(CommentBody) },
      400: 'FieldErrors',
      404: 'NotFound',
    },
  },
  {
    method: 'post',
    path: '/api/comments/',
    tag: 'Comments',
    summary: 'Comment on a post',
    auth: 'required',
    body: { schema: NewComment, example: { blog_post: 3, text: 'Nice one.' } },
    responses: {
      201: {
        description: 'The comment.',
        schema: CommentBody,
        example: {
          id: 7,
          blog_post: 3,
          author: 2,
          author_name: 'Ada',
          text: 'Nice one.',
          created_at: '2026-11-24T10:00:00.000Z',
        },
      },
      400: 'FieldErrors',
      401: 'Unauthorized',
      404: 'NotFound',
      415: 'UnsupportedMediaType',
    },
  },
  {
    method: 'delete',
    path: '/api/comments/{id}/',
    tag: 'Comments',
    summary: 'Delete a comment (its author or an admin)',
    auth: 'required',
    params: { id },
    responses: { 204: { description: 'Deleted.' }, 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound' },
  },
]);
