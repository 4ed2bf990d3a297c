/** OpenAPI operations of routes/posts.ts. */
import { FullSchema, PartialSchema } from '../blog/post-input';
import { describe } from '../openapi/describe';
import { LikeAnswer, Page, PostBody, PostForm, ShareAnswer } from '../openapi/shapes';
import { PostListQuery } from './posts';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const BODY_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'] as const;
const example = {
  id: 3,
  title: 'Hello',
  subtitle: '',
  description: 'The first post.',
  full_content: '',
  image: null,
  image_width: null,
  image_height: null,
  status: 'Published',
  author_name: 'Ada Lovelace',
  number_of_likes: 0,
  number_of_shares: 0,
  number_of_comments: 0,
  user_has_liked: false,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};
const postErrors = {
  400: 'FieldErrors',
  401: 'Unauthorized',
  403: 'Forbidden',
  413: 'TooLarge',
  415: 'UnsupportedMediaType',
} as const;

export const postsOperations = describe([
  {
    method: 'get',
    path: '/api/posts/',
    tag: 'Posts',
    summary: 'Posts, newest first (admins also see drafts)',
    query: PostListQuery,
    responses: {
      200: { description: 'A page of posts.', schema: Page(PostBody) },
      400: 'FieldErrors',
      404: 'NotFound',
    },
  },
  {
    method: 'post',
    path: '/api/posts/',
    tag: 'Posts',
    summary: 'Write a post (admins); multipart with an image',
    auth: 'required',
    body: { schema: PostForm, contentTypes: BODY_TYPES, required: true },
    responses: { 201: { description: 'The post.', schema: PostBody, example }, ...postErrors },
  },
  {
    method: 'get',
    path: '/api/posts/{id}/',
    tag: 'Posts',
    summary: 'A post',
    params: { id },
    responses: { 200: { description: 'The post.', schema: PostBody, example }, 404: 'NotFound' },
  },
  {
    method: 'put',
    path: '/api/posts/{id}/',
    tag: 'Posts',
    summary: 'Replace a post (admins)',
    auth: 'required',
    params: { id },
    body: { schema: FullSchema, contentTypes: BODY_TYPES, required: true },
    responses: { 200: { description: 'The post.', schema: PostBody }, ...postErrors, 404: 'NotFound' },
  },
  {
    method: 'patch',
    path: '/api/posts/{id}/',
    tag: 'Posts',
    summary: 'Change some fields of a post (admins)',
    auth: 'required',
    params: { id },
    body: { schema: PartialSchema, contentTypes: BODY_TYPES },
    responses: { 200: { description: 'The post.', schema: PostBody }, ...postErrors, 404: 'NotFound' },
  },
  {
    method: 'delete',
    path: '/api/posts/{id}/',
    tag: 'Posts',
    summary: 'Delete a post (admins)',
    auth: 'required',
    params: { id },
    responses: { 204: { description: 'Deleted.' }, 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound' },
  },
  {
    method: 'post',
    path: '/api/posts/{id}/like/',
    tag: 'Posts',
    summary: "Toggle the caller's like",
    auth: 'required',
    params: { id },
    responses: {
      200: {
        description: 'Liked or unliked.',
        schema: LikeAnswer,
        example: { status: 'liked', number_of_likes: 1 },
      },
      401: 'Unauthorized',
      404: 'NotFound',
    },
  },
  {
    method: 'post',
    path: '/api/posts/{id}/share/',
    tag: 'Posts',
    summary: 'Count a share; the link to share',
    auth: 'required',
    params: { id },
    responses: {
      200: {
        description: 'Shared.',
        schema: ShareAnswer,
        example: { status: 'shared', number_of_shares: 1, url: 'https://toolbox.example/posts/3' },
      },
      401: 'Unauthorized',
      404: 'NotFound',
    },
  },
]);
