/**
 * The sitemap and robots.txt (decision 167), served beside a built folder that holds the build's
 * list of pages to list: absolute URLs at the origin asked, a post's page for each published post
 * only, compressed as accepted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGES_DIR, SHELL_FILE, SITEMAP_PAGES_FILE, type SitemapPage } from '@toolbox/sdk/page-files';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login } from '../support/accounts';
import { createPost, type PostBody } from '../support/blog';
import { describeEachDatabase } from '../support/server';

const platform = mkdtempSync(join(tmpdir(), 'toolbox-sitemap-'));
writeFileSync(join(platform, SHELL_FILE), '<!doctype html><title>Shell</title><div id="root"></div>');
mkdirSync(join(platform, PAGES_DIR));
const LISTED: SitemapPage[] = [
  { path: '/' },
  { path: '/bmi-calculator' },
  { path: '/bloguser' },
  { path: '/posts/$id', reads: ['/api/posts/$id/', '/api/comments/?blog_post=$id'] },
  // A route whose paths the API cannot name: not listed at any path.
  { path: '/things/$name', reads: ['/api/things/$name/'] },
];
writeFileSync(join(platform, SITEMAP_PAGES_FILE), JSON.stringify(LISTED));
afterAll(() => rmSync(platform, { recursive: true, force: true }));

/** The `<loc>` and `<lastmod>` of each `<url>`, in order. */
function urlsOf(xml: string) {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(
    ([, loc, lastmod]) => ({ loc, lastmod }),
  );
}

describeEachDatabase(
  'sitemap',
  (api) => {
    let published: PostBody[];
    let draft: PostBody;

    beforeAll(async () => {
      const token = await login(api, api.admin.username, api.admin.password);
      published = [
        await createPost(api, token, { title: 'First published', status: 'Published' }),
        await createPost(api, token, { title: 'Second published', status: 'Published' }),
      ];
      draft = await createPost(api, token, { title: 'Still a draft', status: 'Draft' });
    });

    it('lists the listed pages, then each published post newest first, as absolute URLs', async () => {
      const res = await api.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'identity' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-encoding')).toBeNull();
      const xml = await res.text();
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/,
      );
      expect(xml.trimEnd()).toMatch(/<\/urlset>$/);
      const urls = urlsOf(xml);
      expect(urls.slice(0, 3)).toEqual([
        { loc: `${api.url}/`, lastmod: undefined },
        { loc: `${api.url}/bmi-calculator`, lastmod: undefined },
        { loc: `${api.url}/bloguser`, lastmod: undefined },
      ]);
      const posts = urls.slice(3);
      const [second, first] = [published[1], published[0]] as [PostBody, PostBody];
      expect(posts.slice(0, 2)).toEqual([
        { loc: `${api.url}/posts/${second.id}`, lastmod: second.updated_at },
        { loc: `${api.url}/posts/${first.id}`, lastmod: first.updated_at },
      ]);
      expect(posts.every(({ loc, lastmod }) => /\/posts\/\d+$/.test(loc ?? '') && lastmod)).toBe(true);
      expect(xml).not.toContain(`/posts/${draft.id}<`);
      expect(xml).not.toContain('$');
      expect(xml).not.toContain('/things/');
    });

    it('names the origin the request used', async () => {
      // fetch sends the address's own Host: ask as a browser of another name would.
      const xml = await new Promise<string>((resolve, reject) => {
        const request = httpGet(
          `${api.url}/sitemap.xml`,
          { headers: { Host: 'toolbox.example:8443' } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              text += chunk;
            });
            res.on('end', () => resolve(text));
          },
        );
        request.on('error', reject);
      });
      expect(urlsOf(xml)[0]?.loc).toBe('http://toolbox.example:8443/');
    });

    it('is sent compressed as the request accepts', async () => {
      // Answers under 1 KB are sent as they are: publish enough posts to pass it.
      const token = await login(api, api.admin.username, api.admin.password);
      for (let n = 0; n < 12; n++)
        await createPost(api, token, { title: `Filler ${n}`, status: 'Published' });
      const plain = await (
        await api.request('/sitemap.xml', { headers: { 'Accept-Encoding': 'identity' } })
      ).text();
      expect(plain.length).toBeGreaterThan(1024);
      for (const encoding of ['br', 'gzip']) {
        const res = await api.request('/sitemap.xml', { headers: { 'Accept-Encoding': encoding } });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('vary')).toContain('Accept-Encoding');
        // fetch decodes the body it was sent.
        expect(await res.text()).toBe(plain);
        // A HEAD is answered with the headers its GET is.
        const head = await api.request('/sitemap.xml', {
          method: 'HEAD',
          headers: { 'Accept-Encoding': encoding },
        });
        for (const name of ['content-encoding', 'content-length', 'etag', 'vary']) {
          expect(head.headers.get(name)).toBe(res.headers.get(name));
        }
      }
    });

    it('is tagged, confirmed with a 304 while no post changes, and lists a post published since at once', async () => {
      const first = await api.request('/sitemap.xml');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\/"/);
      const again = await api.request('/sitemap.xml', { headers: { 'If-None-Match': etag } });
      expect(again.status).toBe(304);
      const token = await login(api, api.admin.username, api.admin.password);
      const post = await createPost(api, token, { title: 'Published since' });
      const changed = await api.request('/sitemap.xml', { headers: { 'If-None-Match': etag } });
      expect(changed.status).toBe(200);
      expect(urlsOf(await changed.text())[3]).toEqual({
        loc: `${api.url}/posts/${post.id}`,
        lastmod: post.updated_at,
      });
    });

    it('tells crawlers everything may be read, and where the sitemap is', async () => {
      const res = await api.request('/robots.txt');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      expect(await res.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${api.url}/sitemap.xml\n`);
    });
  },
  { staticDir: platform },
);
