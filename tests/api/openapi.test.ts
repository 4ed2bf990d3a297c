import { Validator } from '@seriousme/openapi-schema-validator';
import { createApp } from '@toolbox/api/app';
import type { Database } from '@toolbox/api/db';
import { createLogger } from '@toolbox/api/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolFolders } from '../support/tools';

type Document = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, unknown> };
};

/** Only the document and the reference are asked for: no query reaches the database. */
const app = createApp({ db: {} as Database, logger: createLogger('silent') });
let doc: Document;

beforeAll(async () => {
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(() => app.dispose());

/** Tools that run only in the browser (manifest `server.browserOnly`). */
const BROWSER_ONLY = ['file-converter'];

/** `/api/posts/:id` → `/api/posts/{id}`; trailing slashes do not count (the app is not strict). */
const normalise = (path: string) => path.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');

/** The routes Hono serves under /api (middleware, registered for every method, left out). */
function servedRoutes() {
  return app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .map((route) => ({ method: route.method.toLowerCase(), path: normalise(route.path) }));
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route the app serves', () => {
    const routes = servedRoutes();
    expect(routes.length).toBeGreaterThan(25);
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method} ${normalise(path)}`),
      ),
    );
    const missing = routes
      .map(({ method, path }) => `${method} ${path}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });

  it('describes nothing the app does not serve', () => {
    const patterns = servedRoutes().map(({ method, path }) => ({
      method,
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
    }));
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        const served = patterns.some(
          (route) => route.method === method && route.pattern.test(normalise(path)),
        );
        expect(served, `${method} ${path}`).toBe(true);
      }
    }
  });

  it('describes each tool with its own input, the tools of every plugin folder', () => {
    for (const slug of toolFolders()) {
      const item = doc.paths[`/api/tools/${slug}/`];
      expect(item?.post, slug).toBeDefined();
      // A browser-only tool (the file converter) is described by the 501 it answers with its reason.
      const expected = BROWSER_ONLY.includes(slug) ? ['501'] : ['422', '503'];
      for (const status of expected) expect(item?.post?.responses, slug).toHaveProperty(status);
    }
    expect(doc.paths['/api/tools/file-converter/']?.post?.responses).not.toHaveProperty('422');
  });

  it('names the security schemes and who needs a token', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearerAuth', 'tokenAuth']);
    expect(doc.paths['/api/me/']?.get?.security).toEqual([{ tokenAuth: [] }, { bearerAuth: [] }]);
    expect(doc.paths['/api/login/']?.post?.security).toEqual([]);
    expect(doc.paths['/api/profiles/{id}/']?.delete?.responses).toHaveProperty('401');
  });

  it('says which routes answer a database that is down (503) and a write met by another (409)', () => {
    const responses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    for (const [path, method] of [
      ['/api/posts/', 'get'],
      ['/api/login/', 'post'],
      ['/api/me/calculations/', 'get'],
    ] as const)
      expect(responses(path, method), `${method} ${path}`).toContain('503');
    for (const [path, method] of [
      ['/api/comments/', 'post'],
      ['/api/posts/{id}/', 'patch'],
      ['/api/me/favourites/', 'put'],
    ] as const)
      expect(responses(path, method), `${method} ${path}`).toEqual(expect.arrayContaining(['409', '503']));
    // The last admin's own 409 is kept as the route names it.
    expect(JSON.stringify(doc.paths['/api/profiles/{id}/']?.delete?.responses?.['409'])).not.toContain(
      'WriteConflict',
    );
    // Routes that read no database.
    expect(responses('/api/tools/', 'get')).not.toContain('503');
    expect(responses('/api/openapi.json', 'get')).not.toContain('503');
    expect(responses('/api/tools/bmi-calculator/', 'post')).not.toContain('409');
  });
});

describe('API reference page', () => {
  it('is served from our own files, with no outside address', async () => {
    const res = await app.request('/api/docs/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) {
      expect(source.startsWith('/api/'), source).toBe(true);
      const asset = await app.request(source);
      expect(asset.status, source).toBe(200);
    }
    const start = await (await app.request('/api/docs/start.js')).text();
    expect(start).toContain("url: '/api/openapi.json'");
    expect(start).toContain('validatorUrl: null');
    expect((await app.request('/api/docs/package.json')).status).toBe(404);
  });
});
