/**
 * /api/contact (docs/api.md, Contact): anyone sends a message (stored; 5 per client address per
 * 10 minutes); admins list them, newest first.
 */
import { count, desc } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { requireRole } from '../auth/middleware';
import { describeWait, releaseRateLimit, takeRateLimit, tooManyRequests } from '../auth/rate-limit';
import { type ContactMessage, contactMessages, LIMITS } from '../db/schema';
import type { AppEnv } from '../env';
import { clientAddress } from '../http/client-address';
import { INVALID_PAGE, pageBody, pageBounds, pageQuery } from '../http/pagination';
import { textField } from '../http/text';
import { validateBody, validateQuery } from '../http/validation';

export const CONTACT_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

// Missing fields count as blank ('' through the same checks); each field reports its first problem only.
export const NewMessage = v.object({
  name: v.optional(
    textField(LIMITS.contactName, { required: true, requiredMessage: 'Please enter your name.' }),
    '',
  ),
  email: v.optional(
    v.config(
      v.pipe(
        textField(LIMITS.email, {
          required: true,
          requiredMessage: 'Please enter your email address.',
        }),
        v.email('Please enter a valid email address.'),
      ),
      { abortPipeEarly: true },
    ),
    '',
  ),
  message: v.optional(
    textField(LIMITS.contactMessage, {
      required: true,
      requiredMessage: 'Please enter a message.',
    }),
    '',
  ),
});

function toMessageJson(message: ContactMessage) {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    message: message.message,
    created_at: message.createdAt.toISOString(),
  };
}

/** /api/contact/: sending a message (anyone), reading them (admins). */
export function contactRoutes() {
  const routes = new Hono<AppEnv>();

  routes.post('/', validateBody(NewMessage), async (c) => {
    const { name, email, message } = c.req.valid('json');
    const address = clientAddress(c);
    const slot = await takeRateLimit(c.get('db'), {
      key: `contact:${address ?? 'unknown'}`,
      ...CONTACT_LIMIT,
    });
    if (!slot.allowed) {
      return tooManyRequests(
        c,
        slot.retryAfter,
        `Too many messages from your address: try again in ${describeWait(slot.retryAfter)}.`,
      );
    }
    try {
      const [stored] = await c
        .get('db')
        .insert(contactMessages)
        .values({ name, email, message, ip: address })
        .returning();
      if (!stored) throw new Error('The message was not stored.');
      return c.json(toMessageJson(stored), 201);
    } catch (error) {
      await releaseRateLimit(c.get('db'), slot).catch(() => {});
      throw error;
    }
  });

  routes.get('/', requireRole('admin'), validateQuery(v.object(pageQuery)), async (c) => {
    const { page, page_size } = c.req.valid('query');
    const [counted] = await c.get('db').select({ count: count() }).from(contactMessages);
    const total = Number(counted?.count ?? 0);
    const bounds = pageBounds(page, page_size, total);
    if (!bounds) return c.json({ error: INVALID_PAGE }, 404);
    const rows = await c
      .get('db')
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(bounds.limit)
      .offset(bounds.offset);
    return c.json(pageBody(c.req.url, page, page_size, total, rows.map(toMessageJson)));
  });

  return routes;
}
