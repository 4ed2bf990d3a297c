import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toFieldErrors, validateBody, validateQuery } from './validation';

const Signup = v.pipe(
  v.object({
    username: v.pipe(v.string('Username is required'), v.trim(), v.nonEmpty('Username is required')),
    password: v.pipe(
      v.string('Password is required'),
      v.minLength(8, 'Password must have at least 8 characters'),
    ),
    address: v.optional(v.object({ city: v.pipe(v.string(), v.nonEmpty('City is required')) })),
  }),
  v.forward(
    v.check((input) => input.username !== input.password, 'Password must differ from the username'),
    ['password'],
  ),
  v.check((input) => input.username !== 'root', 'This account cannot be created'),
);

const Settings = v.object({
  tags: v.optional(v.array(v.string())),
  count: v.optional(v.number()),
  kind: v.optional(v.picklist(['a', 'b'])),
  note: v.optional(v.string()),
});

const app = new Hono()
  .post('/signup', validateBody(Signup), (c) => c.json({ received: c.req.valid('json') }))
  .patch('/settings', validateBody(v.partial(Settings)), (c) => c.json({ received: c.req.valid('json') }))
  .get(
    '/list',
    validateQuery(
      v.object({
        page: v.optional(
          v.pipe(v.string(), v.transform(Number), v.integer('Page must be a whole number')),
          '1',
        ),
        tag: v.optional(v.union([v.string(), v.array(v.string())])),
      }),
    ),
    (c) => c.json(c.req.valid('query')),
  );

const post = (body: string, contentType = 'application/json') =>
  app.request('/signup', { method: 'POST', body, headers: { 'Content-Type': contentType } });

describe('validateBody', () => {
  it('passes the parsed output (trimmed, unknown keys dropped) to the handler', async () => {
    const res = await post(JSON.stringify({ username: '  ada ', password: 'long enough', extra: 1 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: { username: 'ada', password: 'long enough' } });
  });

  it('answers 400 with every failing field and its messages', async () => {
    const res = await post(JSON.stringify({ username: '   ', password: 'short' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      username: ['Username is required'],
      password: ['Password must have at least 8 characters'],
    });
  });

  it('names nested fields by their dotted path', async () => {
    const res = await post(
      JSON.stringify({ username: 'ada', password: 'long enough', address: { city: '' } }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ 'address.city': ['City is required'] });
  });

  it('puts issues about the whole body under non_field_errors', async () => {
    const whole = await post(JSON.stringify({ username: 'root', password: 'long enough' }));
    expect(whole.status).toBe(400);
    expect(await whole.json()).toEqual({ non_field_errors: ['This account cannot be created'] });

    const notAnObject = await post(JSON.stringify('just a string'));
    expect(notAnObject.status).toBe(400);
    expect(Object.keys(await notAnObject.json())).toEqual(['non_field_errors']);
  });

  it('refuses a body that is not an object, an array included, even where every field is optional', async () => {
    for (const body of ['[]', '[{"note":"x"}]', '"just a string"', 'null', '7']) {
      for (const path of ['/signup', '/settings']) {
        const res = await app.request(path, {
          method: path === '/signup' ? 'POST' : 'PATCH',
          body,
          headers: { 'Content-Type': 'application/json' },
        });
        expect(res.status, `${path} ${body}`).toBe(400);
        expect(await res.json()).toEqual({ non_field_errors: ['Expected a JSON object.'] });
      }
    }
  });

  it('says what a field expected in its own words, never repeating what was sent', async () => {
    const sent = 'x'.repeat(1000);
    const res = await app.request('/settings', {
      method: 'PATCH',
      body: JSON.stringify({ tags: sent, count: 'seven', kind: 'c', note: 5 }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      tags: ['Expected a list.'],
      count: ['A valid number is required.'],
      kind: ['Not a valid choice.'],
      note: ['Not a valid string.'],
    });
    expect(text).not.toContain('xxx');
  });

  it('keeps a forwarded issue on the field it was forwarded to', async () => {
    const res = await post(JSON.stringify({ username: 'same-thing', password: 'same-thing' }));
    expect(await res.json()).toEqual({ password: ['Password must differ from the username'] });
  });

  it('answers 400 Malformed JSON body. for a body that is not JSON', async () => {
    for (const body of ['{"username": ', '', 'not json']) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Malformed JSON body.' });
    }
  });

  it('accepts JSON media types with parameters or a +json suffix', async () => {
    const body = JSON.stringify({ username: 'ada', password: 'long enough' });
    expect((await post(body, 'application/json; charset=utf-8')).status).toBe(200);
    expect((await post(body, 'application/merge-patch+json')).status).toBe(200);
  });

  it('answers 415 for a body of another media type', async () => {
    const res = await post('username=ada', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect(await res.json()).toHaveProperty('error');
    const noBody = await app.request('/signup', { method: 'POST' });
    expect(noBody.status).toBe(415);
  });
});

describe('validateQuery', () => {
  it('applies defaults and conversions', async () => {
    expect(await (await app.request('/list')).json()).toEqual({ page: 1 });
    expect(await (await app.request('/list?page=3&tag=a')).json()).toEqual({ page: 3, tag: 'a' });
  });

  it('gives repeated parameters as an array', async () => {
    expect(await (await app.request('/list?tag=a&tag=b')).json()).toEqual({ page: 1, tag: ['a', 'b'] });
  });

  it('answers 400 with the field map', async () => {
    const res = await app.request('/list?page=2.5');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ page: ['Page must be a whole number'] });
  });
});

describe('toFieldErrors', () => {
  it('does not repeat a message for the same field', () => {
    const result = v.safeParse(
      v.object({
        a: v.pipe(
          v.string(),
          v.check(() => false, 'bad'),
          v.check(() => false, 'bad'),
        ),
      }),
      { a: 'x' },
      { abortPipeEarly: false },
    );
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.issues ?? [])).toEqual({ a: ['bad'] });
  });
});
