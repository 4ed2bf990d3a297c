/**
 * The content security policy of every HTML answer. Scripts come only from this origin, plus the
 * inline scripts of that very page, each allowed by its SHA-256 hash (the colour-scheme script that
 * runs before the first paint): no `unsafe-inline`, no `eval`. Styles may be inline (Mantine writes
 * its CSS variables in a `<style>` element and uses `style` attributes); images may be `data:`/`blob:`
 * URLs (previews of a picture being uploaded). No page may be framed, no plugin objects, no `<base>`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The `'sha256-…'` source of each inline script of `html`, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (body.trim() === '') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** No page uses these features; nothing embedded or injected may either. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

const cache = new Map<string, { mtimeMs: number; hashes: string[] }>();

/** The hashes of the inline scripts of the HTML file at `path` (read once per change of the file). */
function hashesOfFile(path: string): string[] {
  try {
    const { mtimeMs } = statSync(path);
    const cached = cache.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.hashes;
    const hashes = inlineScriptHashes(readFileSync(path, 'utf8'));
    cache.set(path, { mtimeMs, hashes });
    return hashes;
  } catch {
    return [];
  }
}

/** The security headers of an HTML answer whose uncompressed file is at `htmlFile`. */
export function htmlSecurityHeaders(htmlFile: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(hashesOfFile(htmlFile)),
    'Permissions-Policy': PERMISSIONS_POLICY,
  };
}
