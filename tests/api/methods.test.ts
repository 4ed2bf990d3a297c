/**
 * A method a path does not take answers 405 with the methods it does take in `Allow`; a path the
 * API does not answer at all, or a resource that is not there, answers 404.
 */
import { createApp } from '@toolbox/api/app';
import type { Database } from '@toolbox/api/db';
import { METHOD_NOT_ALLOWED } from '@toolbox/api/http/allowed-methods';
import { NOT_FOUND } from '@toolbox/api/http/ids';
import { createLogger } from '@toolbox/api/logger';
import { beforeAll, expect, it } from 'vitest';
import { authHeader, login } from '../support/accounts';
import { describeEachDatabase } from '../support/server';

/** Each path under /api with the methods the app's routes declare for it (HEAD with GET). */
const PATHS = new Map<string, Set<string>>();
for (const route of createApp({ db: {} as Database, logger: createLogger('silent') }).routes) {
  if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
  const methods = PATHS.get(route.path) ?? new Set<string>();
  methods.add(route.method);
  if (route.method === 'GET') methods.add('HEAD');
  PATHS.set(route.path, methods);
}

const concrete = (path: string) =>
  `${path.replace(/:id\b/, '1').replace(':slug', 'bmi-calculator').replace(':key', 'missing.png')}/`;

describeEachDatabase('methods a path does not take', (api) => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await login(api, api.admin.username, api.admin.password);
  });

  it('lists the paths it probes', () => {
    expect(PATHS.size).toBeGreaterThanOrEqual(20);
  });

  it.each([...PATHS].map(([path, methods]) => ({ path, methods: [...methods] })))(
    '$path: a method it does not take is 405, naming those it does',
    async ({ path, methods }) => {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !methods.includes(m))) {
        const res = await api.request(concrete(path), { method, headers: authHeader(adminToken) });
        const label = `${method} ${path}`;
        expect(res.status, label).toBe(405);
        expect(res.headers.get('allow')?.split(', ').sort(), label).toEqual([...methods].sort());
        // The tools' API writes every refusal as its own are, with `ok` (decision 181).
        const refusal = { error: METHOD_NOT_ALLOWED(method) };
        expect(await res.json(), label).toEqual(
          path.startsWith('/api/tools') ? { ok: false, ...refusal } : refusal,
        );
      }
    },
  );

  it('answers 404 for a path it does not answer, and for a resource that is not there', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here/'],
      ['DELETE', '/api/nothing-here/'],
      ['GET', '/api/posts/999999/'],
      ['DELETE', '/api/posts/999999/'],
      ['GET', '/api/posts/abc/'],
    ] as const) {
      const res = await api.request(path, { method, headers: authHeader(adminToken) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('allow'), `${method} ${path}`).toBeNull();
      expect(await res.json()).toEqual({ error: NOT_FOUND });
    }
  });
});
