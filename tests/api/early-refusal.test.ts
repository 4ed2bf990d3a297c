/**
 * Bodies that will not be read (issue 16, item 5): a request refused before its body has arrived
 * (no credentials, no permission, too large) is answered at once with `Connection: close`, so the
 * client does not reuse a connection the server is about to drop. The client may go on sending
 * its body after that answer, and a request with headers too large for Node's parser too: either
 * way the answer arrives whole and the client's writes do not fail (decision 056). Requests that
 * cannot become a web request (no Host, a target that is not a path, an unmet Expect) get the same
 * JSON answers as every other refusal (decision 118).
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { BODY_LIMITS } from '@toolbox/api/app';
import { MALFORMED_REQUEST_MESSAGES } from '@toolbox/api/http/lingering-close';
import { UNREADABLE_REQUEST_MESSAGES } from '@toolbox/api/http/unreadable-requests';
import { BAD_CREDENTIALS } from '@toolbox/api/routes/auth';
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

interface RawExchange {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** What went wrong on the client's side while it sent the rest of its body, if anything. */
  error: string | null;
}

/**
 * Over a raw socket: sends `head` and `first`, reads the whole answer and waits until the server
 * has closed its sending side, then sends `rest` (in two writes) and closes its own side, as a
 * client still streaming its body does. Resolves once the connection has closed.
 */
function keepSendingAfterAnswer(url: string, head: string, first: Buffer, rest: Buffer) {
  const { hostname, port } = new URL(url);
  return new Promise<RawExchange>((resolveExchange) => {
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    let received = Buffer.alloc(0);
    let error: string | null = null;
    const noteError = (problem: NodeJS.ErrnoException | null | undefined) => {
      if (problem) error ??= `${problem.code ?? ''} ${problem.message}`.trim();
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
    });
    socket.on('end', () => {
      socket.write(rest.subarray(0, 16_384), (firstError) => {
        noteError(firstError);
        socket.write(rest.subarray(16_384), (restError) => {
          noteError(restError);
          socket.end();
        });
      });
    });
    socket.on('error', noteError);
    socket.on('close', () => resolveExchange({ ...parseAnswer(received), error }));
    socket.write(head);
    socket.write(first);
  });
}

/** An HTTP answer read whole from a socket. */
function parseAnswer(received: Buffer): Omit<RawExchange, 'error'> {
  const split = received.indexOf('\r\n\r\n');
  if (split < 0) return { status: 0, headers: {}, body: received.toString('latin1') };
  const [statusLine = '', ...lines] = received.subarray(0, split).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: received.subarray(split + 4).toString('utf8'),
  };
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

  const BODY = 400_000;
  const requestHead = (method: string, path: string, headers: Record<string, string>) =>
    `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${Object.entries({
      ...headers,
      'Content-Length': String(BODY),
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`;

  it('lets a client that goes on sending its body after an early answer finish without an error', async () => {
    for (const [method, path, headers, status] of [
      ['PUT', '/api/data/cpi/', { 'Content-Type': 'multipart/form-data; boundary=x' }, 405],
      ['POST', '/api/comments/', json, 401],
      [
        'POST',
        '/api/posts/',
        { ...authHeader(member.token), 'Content-Type': 'multipart/form-data; boundary=x' },
        403,
      ],
    ] as const) {
      const exchange = await keepSendingAfterAnswer(
        api.url,
        requestHead(method, path, headers),
        Buffer.alloc(1024, 'a'),
        Buffer.alloc(BODY - 1024, 'a'),
      );
      expect(exchange.status, path).toBe(status);
      expect(exchange.headers.connection, path).toBe('close');
      expect(JSON.parse(exchange.body), path).toHaveProperty('error');
      expect(exchange.error, path).toBeNull();
    }
  });

  it('answers headers too large for the server with a whole 431 in JSON, and no error for a client still sending', async () => {
    const exchange = await keepSendingAfterAnswer(
      api.url,
      requestHead('POST', `/api/posts/?search=${'a'.repeat(70_000)}`, json),
      Buffer.alloc(1024, 'a'),
      Buffer.alloc(BODY - 1024, 'a'),
    );
    expect(exchange.status).toBe(431);
    expect(exchange.headers.connection).toBe('close');
    expect(JSON.parse(exchange.body)).toEqual({ error: MALFORMED_REQUEST_MESSAGES.headersTooLarge });
    expect(exchange.error).toBeNull();
  });

  it('answers a request that is not HTTP with a whole 400 in JSON', async () => {
    const exchange = await keepSendingAfterAnswer(
      api.url,
      'NOT HTTP AT ALL\r\n\r\n',
      Buffer.alloc(0),
      Buffer.alloc(10, 'a'),
    );
    expect(exchange.status).toBe(400);
    expect(JSON.parse(exchange.body)).toEqual({ error: MALFORMED_REQUEST_MESSAGES.malformed });
  });

  it('answers a request that cannot become a web request with a JSON 400 saying why, and closes', async () => {
    for (const [head, message] of [
      ['GET /api/health/ HTTP/1.1\r\n\r\n', UNREADABLE_REQUEST_MESSAGES.noHost],
      ['GET /api/health/ HTTP/1.0\r\n\r\n', UNREADABLE_REQUEST_MESSAGES.noHost],
      ['GET /api/health/ HTTP/1.1\r\nHost: a/b\r\n\r\n', UNREADABLE_REQUEST_MESSAGES.badHost],
      ['GET /api/health/ HTTP/1.1\r\nHost: a b\r\n\r\n', UNREADABLE_REQUEST_MESSAGES.badTarget],
      ['GET * HTTP/1.1\r\nHost: localhost\r\n\r\n', UNREADABLE_REQUEST_MESSAGES.badTarget],
      ['GET ftp://localhost/ HTTP/1.1\r\nHost: localhost\r\n\r\n', UNREADABLE_REQUEST_MESSAGES.badTarget],
      ['GET /api\\health/ HTTP/1.1\r\nHost: localhost\r\n\r\n', UNREADABLE_REQUEST_MESSAGES.badTarget],
    ] as const) {
      const exchange = await keepSendingAfterAnswer(api.url, head, Buffer.alloc(0), Buffer.alloc(0));
      expect(exchange.status, head).toBe(400);
      expect(exchange.headers['content-type'], head).toBe('application/json');
      expect(exchange.headers.connection, head).toBe('close');
      expect(JSON.parse(exchange.body), head).toEqual({ error: message });
    }
  });

  it('answers an Expect other than 100-continue with a JSON 417, and no error for a client still sending', async () => {
    const exchange = await keepSendingAfterAnswer(
      api.url,
      requestHead('POST', '/api/contact/', { ...json, Expect: 'a-miracle' }),
      Buffer.alloc(1024, 'a'),
      Buffer.alloc(BODY - 1024, 'a'),
    );
    expect(exchange.status).toBe(417);
    expect(exchange.headers.connection).toBe('close');
    expect(JSON.parse(exchange.body)).toEqual({ error: UNREADABLE_REQUEST_MESSAGES.expectation });
    expect(exchange.error).toBeNull();
  });

  it('still meets Expect: 100-continue', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolveAnswer, reject) => {
      const req = httpRequest(`${api.url}/api/login/`, {
        method: 'POST',
        headers: { ...json, Expect: '100-continue' },
      });
      req.on('error', reject);
      req.on('continue', () => req.end(JSON.stringify({ username: 'nobody', password: 'x'.repeat(20) })));
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, body }));
      });
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: BAD_CREDENTIALS });
  });
});
