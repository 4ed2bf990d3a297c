/**
 * The address a search engine should index a page under (decision 168): its path with no trailing
 * slash and no query, absolute at the origin the request used (./origin.ts), as an HTTP `Link`
 * header, so that the prerendered page is still sent as built (and as compressed at build time).
 * A tool's shared link (`/bmi-calculator?weight=70&height=1.75`) is the tool's page to a search
 * engine, not another page.
 */
import { withoutTrailingSlash } from '@toolbox/sdk/page-files';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { requestOrigin } from './origin';

export function canonicalLink(c: Context<AppEnv>): string {
  const path = withoutTrailingSlash(c.req.path) || '/';
  // Joined as text, then parsed: a path is never read as another host (`//host`), and is escaped.
  return `<${new URL(`${requestOrigin(c)}${path}`).href}>; rel="canonical"`;
}
