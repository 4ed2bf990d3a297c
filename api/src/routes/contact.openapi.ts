/** OpenAPI operations of routes/contact.ts. */

import * as v from 'valibot';
import { pageQuery } from '../http/pagination';
import { describe } from '../openapi/describe';
import { ContactMessageBody, Page } from '../openapi/shapes';
import { NewMessage } from './contact';

const example = {
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  message: 'Hello!',
  created_at: '2026-11-24T10:00:00.000Z',
};

export const contactOperations = describe([
  {
    method: 'post',
    path: '/api/contact/',
    tag: 'Contact',
    summary: 'Send a message (5 per address per 10 minutes)',
    body: { schema: NewMessage, example: { name: 'Ada', email: 'ada@example.com', message: 'Hello!' } },
    responses: {
      201: { description: 'Stored.', schema: ContactMessageBody, example },
      400: 'FieldErrors',
      415: 'UnsupportedMediaType',
      429: 'TooManyRequests',
    },
  },
  {
    method: 'get',
    path: '/api/contact/',
    tag: 'Contact',
    summary: 'The messages, newest first (admins)',
    auth: 'required',
    query: v.object(pageQuery),
    responses: {
      200: { description: 'A page of messages.', schema: Page(ContactMessageBody) },
      400: 'FieldErrors',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'NotFound',
    },
  },
]);
