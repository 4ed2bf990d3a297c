/**
 * What search engines are told of the site (decision 167). `/sitemap.xml` lists, as absolute URLs
 * at the origin the request used, the public pages the build listed (`pages/sitemap.json`: Home,
 * every tool, the public pages of page plugins not declared `listed: false`) and, for a route with a
 * parameter whose page reads one post (`/api/posts/$id/`), that route's path for each published
 * post, newest first, with when it last changed: compressed as accepted, tagged and revalidated
 * (`no-cache`, a 304 while it is the same), and kept in memory while no post changes, as the posts'
 * own public answers are (./answer-cache.ts). `/robots.txt` allows everything and names the
 * sitemap. Both are served only beside the built platform.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '@toolbox/sdk';
import { SITEMAP_PAGES_FILE, type SitemapPage } from '@toolbox/sdk/page-files';
import { Hono } from 'hono';
import { postAnswersVersion, publishedPostDates } from '../blog/posts';
import type { AppEnv } from '../env';
import { publicAnswers } from './answer-cache';
import { builtFile } from './built-file';
import { conditionalReads } from './caching';
import { compressJson } from './compress-json';
import { requestOrigin } from './origin';

export const SITEMAP_PATH = '/sitemap.xml';
/** The most URLs one sitemap may hold (sitemaps.org); past it the oldest posts are left out. */
export const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_TYPE = 'application/xml; charset=utf-8';
/** robots.txt changes only with the origin: a crawler may keep it for a day. */
const ROBOTS_CACHE_CONTROL = 'public, max-age=86400';

/** A post's read, its id the route's parameter `name`: the route has a path for each post. */
const POST_READ = /^\/api\/posts\/\$(\w+)\/$/;

interface Url {
  path: string;
  lastmod?: Date;
}

/**
 * The path of a listed route's page for each post, when the page reads one post and the post's id
 * is the route's one parameter (`/posts/$id`); null for another route with a parameter, whose paths
 * the API cannot name.
 */
function postPathsOf({ path, reads = [] }: SitemapPage): ((id: number) => string) | null {
  const name = reads.map((read) => POST_READ.exec(read)?.[1]).find((found) => found !== undefined);
  const segments = path.split('/');
  const parameter = `$${name}`;
  if (!name || segments.some((segment) => segment.startsWith('$') && segment !== parameter)) return null;
  return (id) => segments.map((segment) => (segment === parameter ? String(id) : segment)).join('/');
}

function urlset(origin: string, urls: readonly Url[]): string {
  const entries = urls.map(({ path, lastmod }) => {
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
    return `<url><loc>${escapeHtml(origin + path)}</loc>${modified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

export function sitemapRoutes(staticDir: string) {
  const listedPages = builtFile(join(staticDir, SITEMAP_PAGES_FILE), (file): SitemapPage[] =>
    JSON.parse(readFileSync(file, 'utf8')),
  );
  const routes = new Hono<AppEnv>();

  // Tagged and revalidated, and kept while no post changes: a crawler's visit costs one small read.
  // Compressed here when it is not kept (ANSWER_CACHE_ENTRIES=0): a kept answer comes compressed.
  routes.use(SITEMAP_PATH, compressJson(SITEMAP_TYPE));
  routes.get(SITEMAP_PATH, conditionalReads(), publicAnswers(postAnswersVersion, SITEMAP_TYPE), async (c) => {
    const pages = listedPages();
    if (!pages) return c.notFound();
    const urls: Url[] = pages.filter((page) => !page.path.includes('$')).map(({ path }) => ({ path }));
    const postPaths = pages.map(postPathsOf).filter((paths) => paths !== null);
    if (postPaths.length > 0) {
      const room = Math.max(0, Math.floor((SITEMAP_MAX_URLS - urls.length) / postPaths.length));
      const posts = await publishedPostDates(c.get('db'), room);
      for (const pathOf of postPaths) {
        for (const post of posts) urls.push({ path: pathOf(post.id), lastmod: post.updatedAt });
      }
    }
    c.header('Content-Type', SITEMAP_TYPE);
    return c.body(urlset(requestOrigin(c), urls));
  });

  routes.get('/robots.txt', (c) => {
    c.header('Cache-Control', ROBOTS_CACHE_CONTROL);
    return c.text(`User-agent: *\nAllow: /\n\nSitemap: ${requestOrigin(c)}${SITEMAP_PATH}\n`);
  });

  return routes;
}
