/** OpenAPI operations of routes/auth.ts (sessions). */
import { describe } from '../openapi/describe';
import { LoginAnswer, UserBody } from '../openapi/shapes';
import { BAD_CREDENTIALS, LoginBody } from './auth';

const user = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  full_name: 'Ada Lovelace',
  role: 'admin',
  is_admin: true,
  profile_id: 1,
};

export const authOperations = describe([
  {
    method: 'post',
    path: '/api/login/',
    tag: 'Sessions',
    summary: 'Log in: a session token',
    auth: 'none',
    body: { schema: LoginBody, example: { username: 'ada', password: 'a long secret' } },
    responses: {
      200: {
        description: 'The token to send as `Authorization: Token <token>`, and the user.',
        schema: LoginAnswer,
        example: { token: 'abcdefghijklmnopqrstuvwxyz234567', user },
      },
      400: {
        description: 'Wrong username or password (alike), or a field missing.',
        schema: {
          oneOf: [{ $ref: '#/components/schemas/Error' }, { $ref: '#/components/schemas/FieldErrors' }],
        },
        example: { error: BAD_CREDENTIALS },
      },
      429: 'TooManyRequests',
    },
  },
  {
    method: 'post',
    path: '/api/logout/',
    tag: 'Sessions',
    summary: 'Log out: the token stops working',
    auth: 'required',
    responses: { 204: { description: 'Logged out.' }, 401: 'Unauthorized' },
  },
  {
    method: 'get',
    path: '/api/me/',
    tag: 'Sessions',
    summary: 'The signed-in user',
    auth: 'required',
    responses: { 200: { description: 'The user.', schema: UserBody, example: user }, 401: 'Unauthorized' },
  },
]);
