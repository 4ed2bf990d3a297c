/** Path ids (`/api/posts/{id}/`): a whole number that fits PostgreSQL's integer, else null (answer 404). */
import type { Context } from 'hono';

const MAX_ID = 2_147_483_647;

/** The one text of a 404 for a missing resource or path, whichever it is (a post, a comment, a profile). */
export const NOT_FOUND = 'Not found.';

export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

export const notFound = (c: Context) => c.json({ error: NOT_FOUND }, 404);
