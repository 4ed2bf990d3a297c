/**
 * The API reads of a page prerendered once for a route's pattern (decision 140), asked for with the
 * page (decision 141) as a page of one path asks for its own (decisions 133 and 134): the build
 * writes them with the route's parameters in (`/api/things/$id/`), and the entry puts in the values
 * of the path it was sent for. The server and the service worker send that page only for paths the
 * pattern matches, and the app adopts it only there (start.tsx).
 */
import { paramValues, readAt } from '@toolbox/sdk/page-files';
import { TOKEN_KEY } from './session-keys';

/** The attribute of the page's JSON list of those reads. */
export const PATTERN_READS = 'data-pattern-reads';

/**
 * A read the page rendered at `path` made, as its pattern's page makes it at any path: each segment
 * of the read's path that is a parameter's value becomes that parameter (`/api/things/1/` →
 * `/api/things/$id/`). Null for a read whose query holds such a value: it cannot be told apart from
 * a value that is the same by chance, so it is not asked for early.
 */
export function patternRead(read: string, pattern: string, path: string): string | null {
  const given = [...paramValues(pattern, path)].filter(([, value]) => value !== '');
  const nameOf = new Map(given.map(([name, value]) => [value, name]));
  const queryAt = read.includes('?') ? read.indexOf('?') : read.length;
  const query = read.slice(queryAt);
  if ([...new URLSearchParams(query).values()].some((value) => nameOf.has(value))) return null;
  const segments = read.slice(0, queryAt).split('/');
  return segments.map((segment) => nameOf.get(segment) ?? segment).join('/') + query;
}

/**
 * Asks for the page's pattern reads, at the path it was sent for, with `<link rel="preload">` as the
 * page's own reads are; the app's read then takes that answer. Not for a signed-in visitor: the
 * app's read carries their token, and the browser would not hand it an answer asked for without.
 */
export function preloadPatternReads(root: HTMLElement) {
  const list = document.querySelector(`script[${PATTERN_READS}]`);
  if (!list || !root.dataset.prerendered) return;
  let reads: string[];
  try {
    if (localStorage.getItem(TOKEN_KEY)) return;
    reads = JSON.parse(list.textContent ?? '[]');
  } catch {
    // Storage refused (no session to read either) or a list unreadable: the app reads as it opens.
    return;
  }
  const pattern = root.dataset.prerendered;
  for (const read of reads) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = '';
    link.href = readAt(read, pattern, window.location.pathname);
    document.head.append(link);
  }
}
