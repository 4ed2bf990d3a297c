/**
 * 405 for a path the API answers with other methods (`DELETE /api/posts/`), naming them in `Allow`;
 * 404 only for a path it does not answer at all.
 */
import type { Context, Env, Hono } from 'hono';
import { notFound } from './ids';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const METHOD_NOT_ALLOWED = (method: string) => `Method "${method}" not allowed.`;

/** The methods `app`'s own routes (not its middleware, which answers every method) take at `path`. */
export function allowedMethods<E extends Env>(app: Hono<E>, path: string): string[] {
  return METHODS.filter((method) =>
    app.router
      .match(method === 'HEAD' ? 'GET' : method, path)[0]
      .some(([[, route]]) => route.method !== 'ALL'),
  );
}

/**
 * `app`'s not-found answer. A handler that finds no such resource (`GET /api/posts/999/`) ends here
 * too, with a method the path takes: that stays a 404.
 */
export function notFoundOrNotAllowed<E extends Env>(app: Hono<E>) {
  return (c: Context<E>) => {
    const allowed = allowedMethods(app, app.getPath(c.req.raw));
    if (allowed.length === 0 || allowed.includes(c.req.method)) return notFound(c);
    c.header('Allow', allowed.join(', '));
    return c.json({ error: METHOD_NOT_ALLOWED(c.req.method) }, 405);
  };
}
