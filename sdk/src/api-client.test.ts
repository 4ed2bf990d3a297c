import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  createApiClient,
  filenameOf,
  followedBy,
  noJsonAnswer,
  TOO_SLOW,
  UNREACHABLE,
  withReason,
} from './api-client';

describe('filenameOf', () => {
  it('prefers the UTF-8 name, else the quoted or bare one', () => {
    expect(filenameOf(`attachment; filename="L_d_.pdf"; filename*=UTF-8''%C5%81%C3%B3d%C5%BA.pdf`)).toBe(
      'Łódź.pdf',
    );
    expect(filenameOf('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(filenameOf('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(filenameOf(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.pdf"`)).toBe('plain.pdf');
    expect(filenameOf('attachment')).toBeUndefined();
    expect(filenameOf(null)).toBeUndefined();
  });
});

describe('the API client downloading a file over HTTP', () => {
  let server: Server;
  let client: ReturnType<typeof createApiClient>;
  let unauthorized = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/file') {
        response.writeHead(200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="_.pdf"; filename*=UTF-8''%C3%A9t%C3%A9.pdf`,
        });
        response.end('%PDF-1.7 bytes');
      } else if (request.url === '/proxy') {
        response.writeHead(502, { 'Content-Type': 'text/html' });
        response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      } else if (request.url === '/stalls') {
        // Never answers (the socket is closed when the server is).
      } else if (request.url === '/half') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.write('{"count": 1, "resu');
      } else if (request.url === '/slow-write') {
        setTimeout(() => {
          response.writeHead(201, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify({ saved: true }));
        }, 300);
      } else if (request.url === '/big') {
        response.writeHead(413, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: 'The file is too large.' }));
      } else {
        response.writeHead(401, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ error: 'Please sign in.' }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getToken: () => 'token',
      onUnauthorized: () => unauthorized++,
    });
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  it('answers the bytes, their type and the suggested name', async () => {
    const file = await client.download('/file', { method: 'POST', body: new FormData() });
    expect(file.filename).toBe('été.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7 bytes');
  });

  it('turns an error answer into an ApiError with its message, and a 401 ends the session', async () => {
    const refused = await client.download('/big').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(413);
    expect((refused as ApiError).message).toBe('The file is too large.');
    await expect(client.download('/private')).rejects.toThrow('Please sign in.');
    expect(unauthorized).toBe(1);
  });

  it("says in its own words an error page that is not the API's, and a server out of reach", async () => {
    const proxied = await client.request('/proxy').catch((error: unknown) => error);
    expect(proxied).toBeInstanceOf(ApiError);
    expect((proxied as ApiError).status).toBe(502);
    expect((proxied as ApiError).message).toBe(noJsonAnswer(502));
    expect((proxied as ApiError).message).not.toContain('<html>');

    const nowhere = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    const unreachable = await nowhere.get('/api/tools/').catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(ApiError);
    expect((unreachable as ApiError).status).toBe(0);
    expect((unreachable as ApiError).message).toBe(UNREACHABLE);

    const controller = new AbortController();
    controller.abort();
    const aborted = await client.get('/file', undefined, controller.signal).catch((error: unknown) => error);
    expect((aborted as Error).name).toBe('AbortError');
  });

  it('gives up on a read with no whole answer within its limit, but never on a write', async () => {
    const { port } = server.address() as AddressInfo;
    const impatient = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, readTimeLimitMs: 100 });
    for (const path of ['/stalls', '/half']) {
      const stalled = await impatient.get(path).catch((error: unknown) => error);
      expect(stalled).toBeInstanceOf(ApiError);
      expect((stalled as ApiError).status).toBe(0);
      expect((stalled as ApiError).message).toBe(TOO_SLOW);
    }
    expect(await impatient.post('/slow-write', { name: 'kept' })).toEqual({ saved: true });

    // The caller's own abort stays an abort, before the limit and while the answer is read.
    const controller = new AbortController();
    const pending = impatient.get('/half', undefined, controller.signal).catch((error: unknown) => error);
    setTimeout(() => controller.abort(), 20);
    expect(((await pending) as Error).name).toBe('AbortError');
  });
});

describe('followedBy', () => {
  it('ends a message without a closing stop before the detail', () => {
    expect(followedBy('Failed to delete profile', 'The last admin cannot be deleted.')).toBe(
      'Failed to delete profile. The last admin cannot be deleted.',
    );
    expect(followedBy('Save failed.', 'Email taken.')).toBe('Save failed. Email taken.');
    expect(followedBy('Failed', undefined)).toBe('Failed');
  });
});

describe('withReason', () => {
  it("adds what the server said, but not a 500's message nor another error's", () => {
    expect(withReason('Failed to like post.', new ApiError(409, { error: 'Try again.' }))).toBe(
      'Failed to like post. Try again.',
    );
    expect(withReason('Failed.', new ApiError(500, { error: 'Internal server error' }))).toBe('Failed.');
    expect(withReason('Failed.', new Error('boom'))).toBe('Failed.');
    expect(withReason('Failed.', new ApiError(400, { error: 'Failed.' }))).toBe('Failed.');
  });

  it('closes a message that has no stop before adding the reason', () => {
    expect(withReason('Could not retrieve route data', new ApiError(0, { error: UNREACHABLE }))).toBe(
      `Could not retrieve route data. ${UNREACHABLE}`,
    );
    expect(
      withReason(
        'Could not retrieve route data',
        new ApiError(503, { error: 'Could not retrieve route data' }),
      ),
    ).toBe('Could not retrieve route data');
  });
});
