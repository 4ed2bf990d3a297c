import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, authHeader, createAccount, login } from '../support/accounts';
import type { PageBody } from '../support/blog';
import { describeEachDatabase } from '../support/server';

interface MessageBody {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: string;
}

const VALID = { name: 'Jane Doe', email: 'jane@example.com', message: 'Hello there.' };

describeEachDatabase('contact', (api) => {
  let adminToken: string;
  let member: Account;
  let manager: Account;

  beforeAll(async () => {
    adminToken = await login(api, api.admin.username, api.admin.password);
    member = await createAccount(api);
    manager = await createAccount(api, { role: 'manager' });
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    api.json<MessageBody & Record<string, string[]>>('/api/contact/', { method: 'POST', headers, body });
  const list = (query = '', token = adminToken) =>
    api.json<PageBody<MessageBody>>(`/api/contact/${query}`, { headers: authHeader(token) });

  // Every valid message here counts towards this address's limit (5 per 10 minutes): this suite
  // sends three; the throttling suite below has a server of its own.
  describe('sending', () => {
    it('stores a message and answers 201 with it, trimmed', async () => {
      const { status, body } = await post({
        name: '  Jane Doe ',
        email: ' jane@example.com ',
        message: ' Hi! ',
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com', message: 'Hi!' });
      expect(Number.isInteger(body.id)).toBe(true);
    });

    it('works for signed-in users too', async () => {
      expect((await post({ ...VALID, message: 'From a member' }, authHeader(member.token))).status).toBe(201);
    });

    it('answers the field map for missing and invalid fields', async () => {
      const empty = await post({});
      expect(empty.status).toBe(400);
      expect(Object.keys(empty.body).sort()).toEqual(['email', 'message', 'name']);
      const blank = await post({ name: ' ', email: ' ', message: ' ' });
      expect(Object.keys(blank.body).sort()).toEqual(['email', 'message', 'name']);
      for (const email of ['not-an-email', 'a@', '@b.com', 'a b@c.com']) {
        const bad = await post({ ...VALID, email });
        expect(bad.status, email).toBe(400);
        expect(bad.body, email).toEqual({ email: ['Please enter a valid email address.'] });
      }
      const longMessage = await post({ ...VALID, message: 'x'.repeat(5001) });
      expect(longMessage.status).toBe(400);
      expect(Object.keys(longMessage.body)).toEqual(['message']);
      const longName = await post({ ...VALID, name: 'x'.repeat(151) });
      expect(Object.keys(longName.body)).toEqual(['name']);
      // Missing is "required"; there but not text is said so (docs/api.md, Text input).
      expect(empty.body.name).toEqual(['Please enter your name.']);
      const wrongTypes = await post({ name: 1, email: true, message: ['x'] });
      expect(wrongTypes.body).toEqual({
        name: ['Not a valid string.'],
        email: ['Not a valid string.'],
        message: ['Not a valid string.'],
      });
    });

    it('refuses a body that is not JSON', async () => {
      const malformed = await api.json('/api/contact/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":',
      });
      expect(malformed.status).toBe(400);
      const form = await api.json('/api/contact/', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: 'hello',
      });
      expect(form.status).toBe(415);
    });

    it('accepts a message of exactly 5000 characters', async () => {
      expect((await post({ ...VALID, message: 'y'.repeat(5000) })).status).toBe(201);
    });
  });

  describe('listing', () => {
    it('shows admins every message, newest first, paged', async () => {
      const { status, body } = await list();
      expect(status).toBe(200);
      expect(body.count).toBe(3);
      expect(body.results.map((message) => message.message.slice(0, 13))).toEqual([
        'yyyyyyyyyyyyy',
        'From a member',
        'Hi!',
      ]);
      expect(Object.keys(body.results[0] as object).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'message',
        'name',
      ]);
      const paged = await list('?page_size=2&page=2');
      expect(paged.body.results.map((message) => message.message)).toEqual(['Hi!']);
      expect((await list('?page=3&page_size=2')).status).toBe(404);
      expect((await list('?page_size=0')).status).toBe(400);
    });

    it('refuses everyone else', async () => {
      const anonymous = await api.json('/api/contact/');
      expect(anonymous.status).toBe(401);
      expect((await list('', member.token)).status).toBe(403);
      expect((await list('', manager.token)).status).toBe(403);
    });
  });
});

describeEachDatabase('contact throttling', (api) => {
  const post = (body: unknown) =>
    api.json<{ error?: string; id?: number }>('/api/contact/', { method: 'POST', body });

  it('allows 5 messages per address in 10 minutes, then answers 429 with Retry-After', async () => {
    // Refused messages do not count.
    for (let index = 0; index < 3; index++) expect((await post({ ...VALID, email: 'bad' })).status).toBe(400);
    for (let index = 1; index <= 5; index++) {
      expect((await post({ ...VALID, message: `Message ${index}` })).status, `message ${index}`).toBe(201);
    }
    const throttled = await post({ ...VALID, message: 'One too many' });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toMatch(/try again/i);
    const retryAfter = Number(throttled.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    const adminToken = await login(api, api.admin.username, api.admin.password);
    const stored = await api.json<PageBody<MessageBody>>('/api/contact/?page_size=100', {
      headers: authHeader(adminToken),
    });
    expect(stored.body.count).toBe(5);
    expect(stored.body.results.some((message) => message.message === 'One too many')).toBe(false);
  });

  it('keeps refusing while the window lasts, concurrent attempts included', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => post({ ...VALID, message: 'Again' })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(429));
  });
});
