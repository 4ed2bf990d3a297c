/**
 * GET /api/health/: is the API up (not shutting down), and does the database answer and take
 * writes? A database that answers read-only (a standby, or one set read-only while it fails over)
 * refuses every write, so this API cannot serve: 503 too.
 */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { rowsOf } from '../db/lists';
import { DATABASE_RETRY_AFTER_S } from '../db/unavailable';
import type { AppEnv } from '../env';

/** How long the database gets to answer `select 1` before the API reports it unavailable. */
export const HEALTH_TIMEOUT_MS = 3000;

/** /api/health/. */
export function healthRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/', async (c) => {
    // Shutting down: a load balancer must stop sending requests here.
    if (c.get('draining')()) return c.json({ status: 'draining', database: 'unknown' }, 503);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)),
        HEALTH_TIMEOUT_MS,
      );
    });
    try {
      const result = await Promise.race([
        c.get('db').execute(sql`select current_setting('transaction_read_only') as read_only`),
        timeout,
      ]);
      if (rowsOf<{ read_only: string }>(result)[0]?.read_only === 'on') {
        c.get('logger').warn('Health check: the database takes no writes (read-only)');
        c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
        return c.json({ status: 'error', database: 'read-only' }, 503);
      }
      return c.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      c.get('logger').error('Health check: the database did not answer', error);
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return c.json({ status: 'error', database: 'unavailable' }, 503);
    } finally {
      clearTimeout(timer);
    }
  });

  return routes;
}
