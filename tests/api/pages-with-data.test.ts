/**
 * Pages rendered with their data (decisions 161 and 163), as the server sends them: the page's reads
 * asked of the API in-process as a visitor (a route's parameters put in), the page rendered by the
 * build's renderer and kept while those reads answer the same, and the prerendered page whenever
 * that cannot be done, as not found when a read was not found (decision 169); an address whose query
 * names no key the page reads rendered as its path alone (decision 170). The built folder is
 * a small one written here; its renderer is a stand-in that writes the titles it is given into the
 * page (the build's own renderer is tested in the browser: e2e/prerender.test.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { RENDERED_PAGES_FILE, RENDERER_FILE, type RenderedPageEntry } from '@toolbox/sdk/page-files';
import { afterAll, expect, it } from 'vitest';
import { adminToken, authHeader } from '../support/accounts';
import { createPost } from '../support/blog';
import { describeEachDatabase, type TestServer } from '../support/server';

const READ = '/api/posts/?page=1&page_size=5';
const SCHEME_SCRIPT = "document.documentElement.dataset.scheme='dark'";
const LOADING = 'Loading posts...';
/** A post the stand-in renderer takes its time over. */
const SLOW_TO_RENDER = 'Slow to render';
/** A post the stand-in renderer fails on. */
const BREAKS_THE_RENDERER = 'Breaks the renderer';

const platform = mkdtempSync(join(tmpdir(), 'toolbox-rendered-'));
writeFileSync(join(platform, 'index.html'), '<!doctype html><title>Shell</title><div id="root"></div>');
mkdirSync(join(platform, 'pages'));
// Over 1 KB, as every page is: smaller answers are sent as they are (compress-json.ts).
const STYLE = `<style>${'.card{margin:0}'.repeat(80)}</style>`;
writeFileSync(
  join(platform, 'pages', 'news.html'),
  `<!doctype html><title>News</title>${STYLE}<script>${SCHEME_SCRIPT}</script><div id="root">${LOADING}</div>`,
);
// Its one read names a post no one has: the server cannot render it, and sends it as prerendered,
// as not found.
const MISSING = `<!doctype html><title>Missing</title>${LOADING}`;
writeFileSync(join(platform, 'pages', 'missing.html'), MISSING);
// With its brotli copy, as the build writes one beside every page.
writeFileSync(join(platform, 'pages', 'missing.html.br'), brotliCompressSync(MISSING));
// A route with a parameter: its page, prerendered once, is rendered at each of its paths.
mkdirSync(join(platform, 'pages', 'notes'));
writeFileSync(
  join(platform, 'pages', 'notes', '$id.html'),
  `<!doctype html><title>Note</title>${STYLE}${LOADING}`,
);
writeFileSync(
  join(platform, 'pages', 'routes.json'),
  JSON.stringify(['/news', '/missing', { path: '/notes/$id', params: { id: 'id' } }]),
);
const entries: RenderedPageEntry[] = [
  // The keys of the query each page reads (decision 170); /missing says none, so any query counts.
  { path: '/news', file: 'pages/news.html', reads: [READ], query: ['page', 'search'] },
  { path: '/missing', file: 'pages/missing.html', reads: ['/api/posts/999999999/'] },
  {
    path: '/notes/$id',
    file: 'pages/notes/$id.html',
    reads: ['/api/posts/$id/'],
    params: { id: 'id' },
    query: [],
  },
];
writeFileSync(join(platform, RENDERED_PAGES_FILE), JSON.stringify(entries));
writeFileSync(join(platform, 'note.txt'), 'read by the renderer');
mkdirSync(join(platform, RENDERER_FILE, '..'), { recursive: true });
writeFileSync(
  join(platform, RENDERER_FILE),
  `let renders = 0;
export async function pageWithData(path, template, answers, readFile) {
  const [[read, answer]] = Object.entries(answers);
  const titles = read === '${READ}' ? answer.results.map((post) => post.title) : [answer.title];
  if (titles.includes('${BREAKS_THE_RENDERER}')) throw new Error('cannot render');
  const render = ++renders;
  // Rendered slowly: visitors who come meanwhile find it under way.
  if (titles.includes('${SLOW_TO_RENDER}')) await new Promise((resolve) => setTimeout(resolve, 300));
  return template.replace(
    '${LOADING}',
    \`\${titles.join(', ')} from \${read} at \${path} (render \${render}, \${readFile('note.txt')})\`,
  );
}
`,
);
afterAll(() => rmSync(platform, { recursive: true, force: true }));

const renderOf = (html: string) => /\(render (\d+),/.exec(html)?.[1];

describeEachDatabase(
  'pages rendered with their data',
  (api: TestServer) => {
    it('sends the page rendered with what its reads answer a visitor, kept while they answer the same', async () => {
      const token = await adminToken(api);
      await createPost(api, token, { title: 'Seen by all' });
      await createPost(api, token, { title: 'Not yet out', status: 'Draft' });
      // Asked by an admin, the page is still a visitor's: no draft in it.
      const first = await api.request('/news', { headers: authHeader(token) });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const hash = `'sha256-${createHash('sha256').update(SCHEME_SCRIPT).digest('base64')}'`;
      expect(first.headers.get('content-security-policy')).toContain(`script-src 'self' ${hash}`);
      const html = await first.text();
      expect(html).toContain('Seen by all');
      expect(html).toContain('read by the renderer');
      expect(html).not.toContain('Not yet out');
      const render = renderOf(html);
      expect(render).toBeDefined();

      // The same answers: the page kept, sent compressed as asked, and not sent again to who has it.
      const again = await api.request('/news', { headers: { 'Accept-Encoding': 'br' } });
      expect(again.headers.get('content-encoding')).toBe('br');
      expect(again.headers.get('vary')).toBe('Accept-Encoding');
      // fetch decodes what it is sent.
      expect(await again.text()).toBe(html);
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
      const unchanged = await api.request('/news', { headers: { 'If-None-Match': etag } });
      expect(unchanged.status).toBe(304);
      const head = await api.request('/news', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toBe(etag);
      // Named at its canonical address, as a prerendered page is (decision 168).
      expect(again.headers.get('link')).toBe(`<${api.url}/news>; rel="canonical"`);
      expect(await head.text()).toBe('');

      // A new post: rendered again, with it.
      await createPost(api, token, { title: 'Posted since' });
      const changed = await (await api.request('/news/')).text();
      expect(changed).toContain('Posted since');
      expect(renderOf(changed)).toBe(String(Number(render) + 1));
    });

    it('sends the prerendered page for a query the page reads, a read that does not answer, or a render that fails', async () => {
      expect(await (await api.request('/news?page=2')).text()).toContain(LOADING);
      expect(await (await api.request('/news?utm_source=mail&search=cat')).text()).toContain(LOADING);
      // A page that names no query it reads: any query counts, but a link's tracking tags (decision 171).
      const queried = await api.request('/missing?view=all');
      expect(queried.status).toBe(200);
      expect(await queried.text()).toContain(LOADING);
      expect((await api.request('/missing?utm_source=mail&ref=x')).status).toBe(404);
      // What the page's read names is not there: the page says so in the browser, its status to all.
      const missing = await api.request('/missing', { headers: { 'Accept-Encoding': 'br' } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-encoding')).toBe('br');
      expect(missing.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(missing.headers.get('link')).toBeNull();
      expect(await missing.text()).toContain(LOADING);
      expect((await api.request('/missing', { method: 'HEAD' })).status).toBe(404);

      const token = await adminToken(api);
      const breaking = await createPost(api, token, { title: BREAKS_THE_RENDERER });
      const failed = await api.request('/news');
      expect(failed.status).toBe(200);
      expect(await failed.text()).toContain(LOADING);
      const gone = await api.request(`/api/posts/${breaking.id}/`, {
        method: 'DELETE',
        headers: authHeader(token),
      });
      expect(gone.status).toBe(204);
      expect(await (await api.request('/news')).text()).not.toContain(LOADING);
    });

    it("renders a route's page at each of its paths with that path's reads, kept for each", async () => {
      const token = await adminToken(api);
      const first = await createPost(api, token, { title: 'First note' });
      const second = await createPost(api, token, { title: 'Second note' });
      const html = await (await api.request(`/notes/${first.id}`)).text();
      expect(html).toContain(`First note from /api/posts/${first.id}/ at /notes/${first.id} (render`);
      const other = await (await api.request(`/notes/${second.id}/`)).text();
      expect(other).toContain(`Second note from /api/posts/${second.id}/ at /notes/${second.id} (render`);
      // Each path's page is kept: asked again, neither is rendered again.
      expect(await (await api.request(`/notes/${first.id}`)).text()).toBe(html);
      expect(await (await api.request(`/notes/${second.id}`)).text()).toBe(other);
      // A query the page does not read (a link shared from elsewhere) is the path's page, kept,
      // named at its address without the query.
      const shared = await api.request(`/notes/${first.id}?utm_source=mail&fbclid=x`);
      expect(await shared.text()).toBe(html);
      expect(shared.headers.get('link')).toBe(`<${api.url}/notes/${first.id}>; rel="canonical"`);
      expect(await (await api.request('/news?utm_source=mail')).text()).toContain('First note');

      // Visitors who come together while a page is first rendered wait for that one render.
      const third = await createPost(api, token, { title: SLOW_TO_RENDER });
      const together = await Promise.all(
        Array.from({ length: 5 }, async () => (await api.request(`/notes/${third.id}`)).text()),
      );
      expect(new Set(together.map(renderOf)).size).toBe(1);
      expect(together[0]).toContain(`${SLOW_TO_RENDER} from /api/posts/${third.id}/`);

      // A post no one has, and a draft, which is no visitor's: the page prerendered for the route,
      // which says so in the browser, sent as not found.
      const none = await api.request('/notes/999999999');
      expect(none.status).toBe(404);
      expect(none.headers.get('link')).toBeNull();
      expect(await none.text()).toContain(LOADING);
      expect((await api.request('/notes/999999999?utm_source=mail')).status).toBe(404);
      const draft = await createPost(api, token, { title: 'A draft note', status: 'Draft' });
      const drafted = await api.request(`/notes/${draft.id}`, { headers: authHeader(token) });
      expect(drafted.status).toBe(404);
      expect(await drafted.text()).toContain(LOADING);
    });

    it('never sends the renderer', async () => {
      for (const path of [`/${RENDERER_FILE}`, '/.renderer', '/.renderer/']) {
        expect((await api.request(path)).status, path).toBe(404);
      }
    });
  },
  { staticDir: platform },
);
