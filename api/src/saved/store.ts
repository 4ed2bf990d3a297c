/**
 * A user's tools in the database: the favourites and recent-tools lists (one row per list, the
 * slugs in order), the saved calculations, and the merge of what a browser held. Every function
 * takes the user's id and touches that user's rows only: ownership is in each statement.
 *
 * The cap of SAVED_CALCULATIONS_LIMIT calculations holds under concurrent saves: a save or a
 * merge locks the user's row (`FOR NO KEY UPDATE`, which does not block signing in), counts, and
 * inserts in one transaction, so two saves of one user run one after the other.
 */
import {
  type MergeReply,
  RECENT_TOOLS_LIMIT,
  SAVED_CALCULATIONS_LIMIT,
  type SavedCalculation,
  type SavedCalculationDraft,
} from '@toolbox/sdk/wire';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cappedCount, ilikeContains, type ListCount } from '../db/lists';
import {
  type SavedCalculationRow,
  savedCalculations,
  type ToolListKind,
  users,
  userToolLists,
} from '../db/schema';
import { canonicalJson, foldSlugs } from './fields';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

/** How many slugs each list keeps: every tool for favourites, RECENT_TOOLS_LIMIT recent ones. */
export const TOOL_LIST_KEEP: Record<ToolListKind, number> = {
  favourites: Number.POSITIVE_INFINITY,
  recent: RECENT_TOOLS_LIMIT,
};

export function toCalculationJson(row: SavedCalculationRow): SavedCalculation {
  return {
    id: row.id,
    tool: row.tool,
    name: row.name,
    input: row.input,
    result_text: row.resultText,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The user's list as stored (empty when never written). */
export async function readToolList(db: Executor, userId: number, kind: ToolListKind): Promise<string[]> {
  const [row] = await db
    .select({ slugs: userToolLists.slugs })
    .from(userToolLists)
    .where(and(eq(userToolLists.userId, userId), eq(userToolLists.kind, kind)));
  return Array.isArray(row?.slugs) ? row.slugs.filter((slug) => typeof slug === 'string') : [];
}

/** Replaces the user's list (duplicates folded, cut to what the list keeps); answers what is stored. */
export async function writeToolList(
  db: Executor,
  userId: number,
  kind: ToolListKind,
  slugs: readonly string[],
): Promise<string[]> {
  const kept = foldSlugs(slugs).slice(0, TOOL_LIST_KEEP[kind]);
  await db
    .insert(userToolLists)
    .values({ userId, kind, slugs: kept })
    .onConflictDoUpdate({
      target: [userToolLists.userId, userToolLists.kind],
      set: { slugs: kept, updatedAt: sql`now()` },
    });
  return kept;
}

/**
 * Replaces the list with `slugs` under the user's lock, which a merge of a browser's lists also
 * takes: one of them applies after the other, never a merge over a list read before a replacement.
 */
export async function replaceToolList(
  db: Database,
  userId: number,
  kind: ToolListKind,
  slugs: readonly string[],
): Promise<string[] | 'gone'> {
  return db.transaction(async (tx) =>
    (await lockUser(tx, userId)) ? writeToolList(tx, userId, kind, slugs) : ('gone' as const),
  );
}

/** The account's slugs first, in their order, then the browser's new ones; cut to what the list keeps. */
export function mergeSlugs(account: readonly string[], browser: readonly string[], keep: number): string[] {
  return foldSlugs([...account, ...browser]).slice(0, keep);
}

export interface CalculationFilter {
  tool: string;
  search: string;
}

function calculationsWhere(userId: number, { tool, search }: CalculationFilter): SQL | undefined {
  return and(
    eq(savedCalculations.userId, userId),
    tool ? eq(savedCalculations.tool, tool) : undefined,
    search
      ? or(ilikeContains(savedCalculations.name, search), ilikeContains(savedCalculations.resultText, search))
      : undefined,
  );
}

export function countCalculations(
  db: Database,
  userId: number,
  filter: CalculationFilter,
): Promise<ListCount> {
  return cappedCount(db, () =>
    db
      .select({ id: savedCalculations.id })
      .from(savedCalculations)
      .where(calculationsWhere(userId, filter))
      .$dynamic(),
  );
}

/** Newest first: by `updated_at`, then id. */
export async function listCalculations(
  db: Database,
  userId: number,
  filter: CalculationFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<SavedCalculationRow[]> {
  return db
    .select()
    .from(savedCalculations)
    .where(calculationsWhere(userId, filter))
    .orderBy(desc(savedCalculations.updatedAt), desc(savedCalculations.id))
    .limit(limit)
    .offset(offset);
}

const own = (userId: number, id: number) =>
  and(eq(savedCalculations.id, id), eq(savedCalculations.userId, userId));

export async function findCalculation(db: Database, userId: number, id: number) {
  const [row] = await db.select().from(savedCalculations).where(own(userId, id));
  return row ?? null;
}

/** Locks the user's row for this transaction; false when the user is gone. */
async function lockUser(tx: Transaction, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return Boolean(row);
}

async function countOwn(tx: Transaction, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(savedCalculations)
    .where(eq(savedCalculations.userId, userId));
  return Number(row?.n ?? 0);
}

/** Saves a calculation; `limit` when the user already keeps SAVED_CALCULATIONS_LIMIT of them. */
export async function createCalculation(
  db: Database,
  userId: number,
  draft: SavedCalculationDraft,
): Promise<SavedCalculationRow | 'limit' | 'gone'> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) return 'gone' as const;
    if ((await countOwn(tx, userId)) >= SAVED_CALCULATIONS_LIMIT) return 'limit' as const;
    const [row] = await tx
      .insert(savedCalculations)
      .values({
        userId,
        tool: draft.tool,
        name: draft.name,
        input: draft.input,
        resultText: draft.result_text,
      })
      .returning();
    if (!row) throw new Error('The new calculation was not returned.');
    return row;
  });
}

export interface CalculationChanges {
  name?: string | undefined;
  input?: Record<string, unknown> | undefined;
  result_text?: string | undefined;
}

/** Changes the user's calculation (and its `updated_at`); null when the user has no such one. */
export async function updateCalculation(
  db: Database,
  userId: number,
  id: number,
  changes: CalculationChanges,
): Promise<SavedCalculationRow | null> {
  const set = {
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.input === undefined ? {} : { input: changes.input }),
    ...(changes.result_text === undefined ? {} : { resultText: changes.result_text }),
  };
  if (Object.keys(set).length === 0) return findCalculation(db, userId, id);
  const [row] = await db
    .update(savedCalculations)
    .set({ ...set, updatedAt: sql`now()` })
    .where(own(userId, id))
    .returning();
  return row ?? null;
}

/** Deletes the user's calculation; false when the user has no such one. */
export async function deleteCalculation(db: Database, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .delete(savedCalculations)
    .where(own(userId, id))
    .returning({ id: savedCalculations.id });
  return Boolean(row);
}

/** What a merge is given: the browser's lists and calculations, unknown tools already dropped. */
export interface MergeInput {
  favourites: readonly string[];
  recent_tools: readonly string[];
  /** Newest first, as the browser lists them. */
  calculations: readonly SavedCalculationDraft[];
}

const calculationKey = (tool: string, name: string, input: unknown) =>
  `${tool}\u0000${name}\u0000${canonicalJson(input)}`;

/**
 * Merges a browser's lists and calculations into the account, in one transaction. A calculation
 * equal to one the account keeps (same tool, name and canonical input), or to one before it in
 * the request, is not added; past SAVED_CALCULATIONS_LIMIT the rest are not added (the newest,
 * first in the request, are kept). The added ones are listed in the browser's order.
 */
export async function mergeIntoAccount(
  db: Database,
  userId: number,
  browser: MergeInput,
): Promise<MergeReply | 'gone'> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) return 'gone' as const;
    const favourites = await writeToolList(
      tx,
      userId,
      'favourites',
      mergeSlugs(await readToolList(tx, userId, 'favourites'), browser.favourites, TOOL_LIST_KEEP.favourites),
    );
    const recent = await writeToolList(
      tx,
      userId,
      'recent',
      mergeSlugs(await readToolList(tx, userId, 'recent'), browser.recent_tools, TOOL_LIST_KEEP.recent),
    );

    const existing = await tx
      .select({ tool: savedCalculations.tool, name: savedCalculations.name, input: savedCalculations.input })
      .from(savedCalculations)
      .where(eq(savedCalculations.userId, userId));
    const seen = new Set(existing.map((row) => calculationKey(row.tool, row.name, row.input)));
    let room = SAVED_CALCULATIONS_LIMIT - existing.length;
    const added: SavedCalculationDraft[] = [];
    let overLimit = 0;
    for (const draft of browser.calculations) {
      const key = calculationKey(draft.tool, draft.name, draft.input);
      if (seen.has(key)) continue;
      seen.add(key);
      if (room <= 0) {
        overLimit += 1;
        continue;
      }
      room -= 1;
      added.push(draft);
    }
    if (added.length > 0) {
      // Inserted oldest first, so that the newest gets the highest id and lists first.
      await tx.insert(savedCalculations).values(
        [...added].reverse().map((draft) => ({
          userId,
          tool: draft.tool,
          name: draft.name,
          input: draft.input,
          resultText: draft.result_text,
        })),
      );
    }
    return {
      favourites,
      recent_tools: recent,
      calculations_added: added.length,
      calculations_over_limit: overLimit,
    };
  });
}
