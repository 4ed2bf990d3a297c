import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/server';

/** A stack frame (`at fn (file.ts:1:2)`) or a source path would mean internals leaked. */
const LEAK = /\bat .+:\d+:\d+|\.ts\b|node_modules/;

describeEachDatabase('API basics', (api) => {
  it('runs on the database it names', () => {
    if (api.database === 'postgres') expect(api.databaseUrl).toMatch(/\/toolbox_t_[0-9a-f]{12}$/);
    else expect(api.databaseUrl).toBeUndefined();
  });

  it('reports health with both fields', async () => {
    const { status, headers, body } = await api.json('/api/health/');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers health without the trailing slash too', async () => {
    expect((await api.json('/api/health')).status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/nope/', '/api/', '/api/health/deeper/']) {
      const res = await api.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      const text = await res.text();
      expect(JSON.parse(text), path).toEqual({ error: 'Not found.' });
      expect(text).not.toMatch(LEAK);
    }
  });

  it('answers a method the resource does not have with a JSON 405 naming those it has', async () => {
    const { status, headers, body } = await api.json('/api/health/', { method: 'DELETE' });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET, HEAD');
    expect(body).toEqual({ error: 'Method "DELETE" not allowed.' });
  });

  it('serves no platform files when none are configured', async () => {
    const res = await api.request('/some/deep/link');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found.' });
  });

  it('refuses an oversized body with 413 and a message, before any route reads it', async () => {
    const res = await api.request('/api/health/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(res.status).toBe(413);
    const text = await res.text();
    expect(JSON.parse(text)).toHaveProperty('error');
    expect(text).not.toMatch(LEAK);
  });

  it('sends security headers and no server banner', async () => {
    const res = await api.request('/api/health/');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('keeps answering under concurrent requests', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.json('/api/health/')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  });
});
