/** OpenAPI operations of routes/profiles.ts. */
import { describe } from '../openapi/describe';
import { Page, ProfileBody } from '../openapi/shapes';
import { CreateBody, PatchBody, ProfileListQuery, PutBody } from '../profiles/schemas';

const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const example = {
  id: 1,
  full_name: 'Ada Lovelace',
  phone_number: '+256 700 000000',
  address: 'Kampala',
  role: 'member',
  user: { id: 2, username: 'ada', email: 'ada@example.com' },
};
const conflict = {
  description: 'The last admin cannot be demoted or deleted.',
  schema: { $ref: '#/components/schemas/Error' },
};

export const profilesOperations = describe([
  {
    method: 'get',
    path: '/api/profiles/',
    tag: 'Profiles',
    summary: 'Profiles, by id (managers and admins)',
    auth: 'required',
    query: ProfileListQuery,
    responses: {
      200: { description: 'A page of profiles.', schema: Page(ProfileBody) },
      400: 'FieldErrors',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
    },
  },
  {
    method: 'post',
    path: '/api/profiles/',
    tag: 'Profiles',
    summary: 'Sign up (anyone, as a member) or create a profile (admins, any role)',
    body: {
      schema: CreateBody,
      required: true,
      example: {
        username: 'ada',
        password: 'a long secret',
        email: 'ada@example.com',
        full_name: 'Ada Lovelace',
        phone_number: '+256 700 000000',
        address: 'Kampala',
      },
    },
    responses: {
      201: { description: 'The profile.', schema: ProfileBody, example },
      400: 'FieldErrors',
      415: 'UnsupportedMediaType',
    },
  },
  {
    method: 'get',
    path: '/api/profiles/{id}/',
    tag: 'Profiles',
    summary: 'A profile (own, or any for managers and admins)',
    auth: 'required',
    params: { id },
    responses: {
      200: { description: 'The profile.', schema: ProfileBody, example },
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
    },
  },
  {
    method: 'put',
    path: '/api/profiles/{id}/',
    tag: 'Profiles',
    summary: 'Replace a profile (own, or any for admins)',
    auth: 'required',
    params: { id },
    body: { schema: PutBody, required: true },
    responses: {
      200: { description: 'The profile.', schema: ProfileBody },
      400: 'FieldErrors',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
      409: conflict,
      415: 'UnsupportedMediaType',
    },
  },
  {
    method: 'patch',
    path: '/api/profiles/{id}/',
    tag: 'Profiles',
    summary: 'Change some fields of a profile',
    auth: 'required',
    params: { id },
    body: { schema: PatchBody, example: { phone_number: '+256 700 000001' } },
    responses: {
      200: { description: 'The profile.', schema: ProfileBody },
      400: 'FieldErrors',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
      409: conflict,
      415: 'UnsupportedMediaType',
    },
  },
  {
    method: 'delete',
    path: '/api/profiles/{id}/',
    tag: 'Profiles',
    summary: 'Delete a profile and its user (admins)',
    auth: 'required',
    params: { id },
    responses: {
      204: { description: 'Deleted.' },
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
      409: conflict,
    },
  },
]);
