/**
 * Bodies that will not be read (issue 16, item 5): a request refused before its body has arrived
 * (no credentials, no permission, too large) is answered at once with `Connection: close`, so the
 * client does not reuse a connection the server is about to drop.
 */
import { request as httpRequest } from 'node:http';
import { BODY_LIMITS } from '@toolbox/api/app';
import { beforeAll, expect, it } from 'vitest';
import { type Account, authHeader, createAccount } from '../support/accounts';
import { describeEachDatabase } from '../support/server';

interface EarlyAnswer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** Sends the headers and the first kilobyte of a `length`-byte body, and waits for the answer. */
function sendPartly(url: string, method: string, headers: Record<string, string>, length: number) {
  return new Promise<EarlyAnswer>((resolveAnswer, reject) => {
    const req = httpRequest(url, {
      method,
      headers: { ...headers, 'Content-Length': String(length), Connection: 'keep-alive' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        resolveAnswer({ status: res.statusCode ?? 0, connection: res.headers.connection, body });
        req.destroy();
      });
    });
    req.write(Buffer.alloc(1024, 'a'));
  });
}

describeEachDatabase('refusing a body early', (api) => {
  let member: Account;
  beforeAll(async () => {
    member = await createAccount(api);
  });
  const json = { 'Content-Type': 'application/json' };

  it('answers 401 before the body arrives, with Connection: close', async () => {
    const answer = await sendPartly(`${api.url}/api/comments/`, 'POST', json, 400_000);
    expect(answer.status).toBe(401);
    expect(answer.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({ error: 'Authentication credentials were not provided.' });
  });

  it('answers 403 before the body arrives, with Connection: close', async () => {
    const answer = await sendPartly(
      `${api.url}/api/posts/`,
      'POST',
      { ...authHeader(member.token), 'Content-Type': 'multipart/form-data; boundary=x' },
      3_000_000,
    );
    expect(answer.status).toBe(403);
    expect(answer.connection).toBe('close');
  });

  it('answers 413 from Content-Length alone, with Connection: close', async () => {
    const answer = await sendPartly(`${api.url}/api/contact/`, 'POST', json, BODY_LIMITS.json + 1);
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe('close');
  });

  it('keeps the connection when the body was read', async () => {
    const res = await api.request('/api/login/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'nobody', password: 'x'.repeat(20) }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('connection')).not.toBe('close');
  });
});
