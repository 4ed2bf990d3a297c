/**
 * Profiles as the API shows them (docs/api.md, Profiles): the queries that read, search, change and
 * delete them, and the JSON they turn into. routes/profiles.ts decides who may do what and
 * answers; this module only talks to the database.
 *
 * A profile is a `profiles` row with its user (`users`): the user holds the username, email, role
 * and password, the profile the full name, phone number and address. Search reads one column,
 * `profiles.search_text`, which triggers keep (decision 057).
 */
import type { Profile } from '@toolbox/sdk/wire';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { DuplicateAccountError, duplicateAfterRace, takenFields } from '../auth/accounts';
import { invalidateUserSessions } from '../auth/session';
import type { Database } from '../db/client';
import {
  cappedCount,
  containsPattern,
  ilikeContains,
  type ListCount,
  orderKeyFor,
  type SearchPath,
} from '../db/lists';
import { comments, postLikes, posts, profiles, type Role, users } from '../db/schema';

/** A profile as answered: the SDK's wire type. */
export type ProfileJson = Profile;

export interface ProfileRow {
  id: number;
  fullName: string;
  phoneNumber: string;
  address: string;
  userId: number;
  username: string;
  email: string;
  role: Role;
}

/** Any constant: serialises the changes that could leave no admin (demotions and deletions). */
const ADMIN_SET_LOCK = 7_461_824;

const profileColumns = {
  id: profiles.id,
  fullName: profiles.fullName,
  phoneNumber: profiles.phoneNumber,
  address: profiles.address,
  userId: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
};

export function toProfileJson(row: ProfileRow): ProfileJson {
  return {
    id: row.id,
    full_name: row.fullName,
    phone_number: row.phoneNumber,
    address: row.address,
    role: row.role,
    user: { id: row.userId, username: row.username, email: row.email },
  };
}

function selectProfiles(db: Database) {
  return db.select(profileColumns).from(profiles).innerJoin(users, eq(users.id, profiles.userId));
}

export async function findProfile(db: Database, id: number): Promise<ProfileRow | null> {
  const [row] = await selectProfiles(db).where(eq(profiles.id, id)).limit(1);
  return row ?? null;
}

/** Joins the searched fields in `search_text` (migration 0006); a term holding it could match across two. */
const FIELD_SEPARATOR = '\u001f';

/**
 * Profiles with `term` (case-insensitive, literally) in the full name, phone number, address,
 * username, email or role: one LIKE over the lower-cased `search_text`, which its trigram index
 * serves for a rare term, while for a common one the planner walks the id order until the page is
 * full. A term holding the separator falls back to one ILIKE per field (no index; no field holds
 * it in practice).
 */
export function searchCondition(term: string): SQL | undefined {
  if (!term) return undefined;
  if (term.includes(FIELD_SEPARATOR)) {
    const fields = [profiles.fullName, profiles.phoneNumber, profiles.address, users.username, users.email];
    return sql`${profiles.id} in (
      select ${profiles.id} from ${profiles} join ${users} on ${users.id} = ${profiles.userId}
      where ${or(...fields.map((field) => ilikeContains(field, term)), ilikeContains(sql`${users.role}`, term))}
    )`;
  }
  return sql`${profiles.searchText} like lower(${containsPattern(term)}) escape '\\'`;
}

/** How many profiles match `search`: exact up to 10 000, else the planner's estimate (db/lists.ts). */
export function countProfiles(db: Database, search: string): Promise<ListCount> {
  const where = searchCondition(search);
  return cappedCount(db, () => db.select({ id: profiles.id }).from(profiles).where(where).$dynamic());
}

/**
 * The query of one page, by id; `listProfiles` runs it, EXPLAIN shows it. A search reads its
 * matches by `path` (db/lists.ts): `searchPath` of its count.
 */
export function listProfilesQuery(
  db: Database,
  search: string,
  { limit, offset }: { limit: number; offset: number },
  path: SearchPath = 'walk',
) {
  return selectProfiles(db)
    .where(searchCondition(search))
    .orderBy(orderKeyFor(path, profiles.id, '0'))
    .limit(limit)
    .offset(offset);
}

export async function listProfiles(
  db: Database,
  search: string,
  bounds: { limit: number; offset: number },
  path: SearchPath = 'walk',
): Promise<ProfileRow[]> {
  return listProfilesQuery(db, search, bounds, path);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function countAdmins(tx: Transaction): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return Number(row?.count ?? 0);
}

/**
 * Locks, in id order, every post that deleting the user changes: its counters follow the user's
 * likes and comments, and its author goes. A like or a comment locks its post before the posts'
 * shared counters row (post_stats, kept by trigger); the delete's cascade, left to itself, would
 * take that row at its first post and then wait for the next, which such a writer may hold while
 * it waits for the row: a deadlock.
 */
async function lockPostsChangedBy(tx: Transaction, userId: number): Promise<void> {
  const liked = tx.select({ id: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, userId));
  const commented = tx.select({ id: comments.postId }).from(comments).where(eq(comments.authorId, userId));
  await tx
    .select({ id: posts.id })
    .from(posts)
    .where(or(eq(posts.authorId, userId), inArray(posts.id, liked), inArray(posts.id, commented)))
    .orderBy(posts.id)
    .for('no key update');
}

/** What became of a change: done, the profile was gone meanwhile, or it would leave no admin. */
export type ProfileOutcome = 'done' | 'gone' | 'last-admin';

/**
 * Deletes the profile's user, which cascades to the profile, sessions, likes and comments (the
 * posts' counters follow by trigger). Never the last admin: deletions and demotions take one
 * lock, so two of them cannot each see another admin left.
 */
export async function deleteProfile(db: Database, target: ProfileRow): Promise<ProfileOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
    const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, target.userId));
    if (!current) return 'gone';
    if (current.role === 'admin' && (await countAdmins(tx)) <= 1) return 'last-admin';
    await lockPostsChangedBy(tx, target.userId);
    await tx.delete(users).where(eq(users.id, target.userId));
    return 'done';
  });
}

/** The changes of a PUT or PATCH, as stored: only what is given changes. */
export interface ProfileChanges {
  username?: string | undefined;
  email?: string | undefined;
  /** The role asked for; a change only when it differs from the role under the lock. */
  role?: Role | undefined;
  /** Already hashed (auth/password.ts). A new password ends the user's sessions, but `keepSession`. */
  passwordHash?: string | undefined;
  /** The session a password change leaves: the caller's own, when they change their own. */
  keepSession?: string | null | undefined;
  fullName?: string | undefined;
  phoneNumber?: string | undefined;
  address?: string | undefined;
}

/**
 * Applies `changes` to the profile and its user in one transaction, the user's row locked first.
 * A username or email another user has (case-insensitively) is a DuplicateAccountError, whether
 * found before writing or by the unique index when two changes race; a demotion of the last admin
 * is refused under the same lock as deletions. A new password ends the user's other sessions in the
 * same transaction.
 */
export async function updateProfile(
  db: Database,
  target: ProfileRow,
  changes: ProfileChanges,
): Promise<ProfileOutcome | DuplicateAccountError> {
  const { fullName, phoneNumber, address, keepSession, ...userFields } = changes;
  const userChanges = definedOnly(userFields);
  const profileChanges = definedOnly({ fullName, phoneNumber, address });
  const newRole = changes.role;
  try {
    return await db.transaction(async (tx) => {
      if (newRole) await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
      const [current] = await tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, target.userId))
        .for('update');
      if (!current) return 'gone' as const;
      const demotesAdmin = current.role === 'admin' && newRole !== undefined && newRole !== 'admin';
      if (demotesAdmin && (await countAdmins(tx)) <= 1) return 'last-admin' as const;
      const taken = await takenFields(
        tx,
        { username: changes.username, email: changes.email },
        target.userId,
      );
      if (taken.length > 0) return new DuplicateAccountError(taken);
      if (Object.keys(userChanges).length > 0) {
        await tx.update(users).set(userChanges).where(eq(users.id, target.userId));
      }
      if (changes.passwordHash) await invalidateUserSessions(tx, target.userId, { except: keepSession });
      if (Object.keys(profileChanges).length > 0) {
        await tx
          .update(profiles)
          .set(profileChanges)
          .where(and(eq(profiles.id, target.id), eq(profiles.userId, target.userId)));
      }
      return 'done' as const;
    });
  } catch (error) {
    const duplicate = await duplicateAfterRace(
      db,
      error,
      { username: changes.username, email: changes.email },
      target.userId,
    );
    if (!duplicate) throw error;
    return duplicate;
  }
}

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
