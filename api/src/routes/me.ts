/**
 * A signed-in user's tools (docs/api.md, "Your tools"), mounted at /api/me:
 *   GET|PUT  /favourites/            the favourite tools, in the user's order
 *   GET|PUT  /recent-tools/          the recently used tools, newest first (RECENT_TOOLS_LIMIT kept)
 *   GET|POST /calculations/          saved calculations: a page (tool, search) / save one
 *   GET|PATCH|DELETE /calculations/{id}/
 *   POST     /merge/                 what a browser held, merged into the account on sign-in
 * Signed-in callers only (401 otherwise); each sees and changes only their own rows, so another
 * user's calculation is 404 for everyone else, admins included. Slugs must be tools of the
 * registry the API serves (the merge drops unknown ones instead). Reads are private (decision 032).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type * as v from 'valibot';
import { currentUser, requireUser } from '../auth/middleware';
import type { ToolListKind } from '../db/schema';
import type { AppEnv } from '../env';
import { conditionalReads } from '../http/caching';
import { notFound, parseId } from '../http/ids';
import { INVALID_PAGE, pageBody, pageBounds } from '../http/pagination';
import { validateBody, validateQuery } from '../http/validation';
import { CalculationListQuery, SAVED_MESSAGES, type SavedSchemas, savedSchemas } from '../saved/fields';
import {
  countCalculations,
  createCalculation,
  deleteCalculation,
  findCalculation,
  listCalculations,
  mergeIntoAccount,
  readToolList,
  replaceToolList,
  toCalculationJson,
  updateCalculation,
} from '../saved/store';
import type { ToolRegistry } from '../tools/registry';

type BodyValidator<K extends keyof SavedSchemas> = MiddlewareHandler<
  AppEnv,
  string,
  { in: { json: v.InferInput<SavedSchemas[K]> }; out: { json: v.InferOutput<SavedSchemas[K]> } }
>;

/** The registry's slugs, and the body schemas built for them, once the plugins are discovered. */
function registryRules(registry: ToolRegistry) {
  let loading: Promise<{ slugs: Set<string>; validators: Map<keyof SavedSchemas, unknown> }> | undefined;
  const load = () => {
    loading ??= registry.all().then((tools) => {
      const slugs = new Set(tools.map((tool) => tool.manifest.slug));
      const schemas = savedSchemas((slug) => slugs.has(slug));
      const validators = new Map<keyof SavedSchemas, unknown>(
        (Object.keys(schemas) as (keyof SavedSchemas)[]).map((key) => [key, validateBody(schemas[key])]),
      );
      return { slugs, validators };
    });
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return {
    slugs: async () => (await load()).slugs,
    body<K extends keyof SavedSchemas>(key: K): BodyValidator<K> {
      return async (c, next) => {
        const validator = (await load()).validators.get(key) as BodyValidator<K>;
        return validator(c, next);
      };
    },
  };
}

export function meRoutes(registry: ToolRegistry) {
  const me = new Hono<AppEnv>();
  const rules = registryRules(registry);
  const reads = conditionalReads({ always: 'private' });
  /** Slugs of tools the registry no longer has are left out of what is answered. */
  const known = async (slugs: readonly string[]) => {
    const tools = await rules.slugs();
    return slugs.filter((slug) => tools.has(slug));
  };

  // One implementation for both lists of slugs.
  for (const [path, kind] of [
    ['/favourites', 'favourites'],
    ['/recent-tools', 'recent'],
  ] as const satisfies readonly (readonly [string, ToolListKind])[]) {
    me.get(path, requireUser, reads, async (c) =>
      c.json(await known(await readToolList(c.get('db'), currentUser(c).id, kind))),
    );
    me.put(path, requireUser, rules.body('ToolList'), async (c) => {
      const kept = await replaceToolList(c.get('db'), currentUser(c).id, kind, c.req.valid('json'));
      return kept === 'gone' ? notFound(c) : c.json(kept);
    });
  }

  me.get('/calculations', requireUser, reads, validateQuery(CalculationListQuery), async (c) => {
    const { page, page_size, tool, search } = c.req.valid('query');
    const userId = currentUser(c).id;
    const counted = await countCalculations(c.get('db'), userId, { tool, search });
    const bounds = pageBounds(page, page_size, counted.count, counted.estimate);
    if (!bounds) return c.json({ error: INVALID_PAGE }, 404);
    const rows = await listCalculations(c.get('db'), userId, { tool, search }, bounds);
    if (page > 1 && rows.length === 0) return c.json({ error: INVALID_PAGE }, 404);
    const results = rows.map(toCalculationJson);
    return c.json(pageBody(c.req.url, page, page_size, counted.count, results, counted.estimate));
  });

  me.post('/calculations', requireUser, rules.body('NewCalculation'), async (c) => {
    const saved = await createCalculation(c.get('db'), currentUser(c).id, c.req.valid('json'));
    if (saved === 'gone') return notFound(c);
    if (saved === 'limit') return c.json({ error: SAVED_MESSAGES.limitReached }, 409);
    return c.json(toCalculationJson(saved), 201);
  });

  me.get('/calculations/:id', requireUser, reads, async (c) => {
    const id = parseId(c.req.param('id'));
    const row = id === null ? null : await findCalculation(c.get('db'), currentUser(c).id, id);
    return row ? c.json(toCalculationJson(row)) : notFound(c);
  });

  me.patch('/calculations/:id', requireUser, rules.body('CalculationChanges'), async (c) => {
    const id = parseId(c.req.param('id'));
    const row =
      id === null ? null : await updateCalculation(c.get('db'), currentUser(c).id, id, c.req.valid('json'));
    return row ? c.json(toCalculationJson(row)) : notFound(c);
  });

  me.delete('/calculations/:id', requireUser, async (c) => {
    const id = parseId(c.req.param('id'));
    const deleted = id !== null && (await deleteCalculation(c.get('db'), currentUser(c).id, id));
    return deleted ? c.body(null, 204) : notFound(c);
  });

  me.post('/merge', requireUser, rules.body('MergeBody'), async (c) => {
    const body = c.req.valid('json');
    const tools = await rules.slugs();
    const reply = await mergeIntoAccount(c.get('db'), currentUser(c).id, {
      favourites: body.favourites.filter((slug) => tools.has(slug)),
      recent_tools: body.recent_tools.filter((slug) => tools.has(slug)),
      calculations: body.calculations.filter((draft) => tools.has(draft.tool)),
    });
    if (reply === 'gone') return notFound(c);
    return c.json({
      ...reply,
      favourites: await known(reply.favourites),
      recent_tools: await known(reply.recent_tools),
    });
  });

  return me;
}
