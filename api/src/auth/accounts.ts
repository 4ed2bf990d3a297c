/**
 * Accounts: a user row (credentials and role) with its profile row, always created together. Used
 * by POST /api/profiles/, the first admin at start and `npm run admin`.
 */
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { profiles, type Role, users } from '../db/schema';
import type { Logger } from '../logger';
import { MESSAGES } from './fields';
import { hashPassword } from './password';

export interface NewAccount {
  username: string;
  email: string;
  password: string;
  role: Role;
  fullName: string;
  phoneNumber?: string;
  address?: string;
}

export type UniqueField = 'username' | 'email';

/** A username or email already taken (case-insensitively); `errors` is the API's field map. */
export class DuplicateAccountError extends Error {
  override name = 'DuplicateAccountError';
  constructor(readonly fields: UniqueField[]) {
    super(`Already taken: ${fields.join(', ')}`);
  }
  get errors(): Record<string, string[]> {
    return Object.fromEntries(
      this.fields.map((field) => [
        field,
        [field === 'username' ? MESSAGES.usernameTaken : MESSAGES.emailTaken],
      ]),
    );
  }
}

const sameText = (column: SQL | typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = lower(${value})`;

export async function findUserByUsername(db: Database, username: string) {
  const [user] = await db.select().from(users).where(sameText(users.username, username)).limit(1);
  return user ?? null;
}

/**
 * Which of `username` and `email` another user (not `exceptUserId`) already has. One statement, so
 * one snapshot: a sign-up committed between two separate lookups would be seen by only the second.
 */
export async function takenFields(
  db: Pick<Database, 'select'>,
  { username, email }: { username?: string | undefined; email?: string | undefined },
  exceptUserId?: number,
): Promise<UniqueField[]> {
  const byUsername = username === undefined ? undefined : sameText(users.username, username);
  const byEmail = email === undefined ? undefined : sameText(users.email, email);
  if (!byUsername && !byEmail) return [];
  const either = or(byUsername, byEmail) as SQL;
  const rows = await db
    .select({
      username: sql<boolean>`${byUsername ?? sql`false`}`,
      email: sql<boolean>`${byEmail ?? sql`false`}`,
    })
    .from(users)
    .where(exceptUserId === undefined ? either : and(either, ne(users.id, exceptUserId)))
    .limit(2);
  const taken: UniqueField[] = [];
  if (rows.some((row) => row.username)) taken.push('username');
  if (rows.some((row) => row.email)) taken.push('email');
  return taken;
}

/**
 * The error for a unique violation met while writing `fields`: every field taken once the racing
 * write that caused it has committed (as a refusal found before writing would name), else the one
 * field the violated index names. Null when `error` is not such a violation.
 */
export async function duplicateAfterRace(
  db: Pick<Database, 'select'>,
  error: unknown,
  fields: { username?: string | undefined; email?: string | undefined },
  exceptUserId?: number,
): Promise<DuplicateAccountError | null> {
  const field = duplicateFieldOf(error);
  if (!field) return null;
  const taken = await takenFields(db, fields, exceptUserId);
  return new DuplicateAccountError(taken.includes(field) ? taken : [field]);
}

/**
 * The field a unique violation is about, when `error` (or its cause, as drizzle wraps driver
 * errors) is one on users' username or email index; null for any other error.
 */
export function duplicateFieldOf(error: unknown): UniqueField | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, constraint_name, constraint, cause } = current as {
      code?: unknown;
      constraint_name?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === '23505') {
      const name = String(constraint_name ?? constraint ?? '');
      if (name.includes('username')) return 'username';
      if (name.includes('email')) return 'email';
      return null;
    }
    current = cause;
  }
  return null;
}

/**
 * Creates the user and the profile in one transaction. Throws DuplicateAccountError when the
 * username or email is taken (checked first, and again by the unique indexes for concurrent sign-ups).
 */
export async function createAccount(db: Database, account: NewAccount) {
  const taken = await takenFields(db, account);
  if (taken.length > 0) throw new DuplicateAccountError(taken);
  const passwordHash = await hashPassword(account.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username: account.username, email: account.email, passwordHash, role: account.role })
        .returning();
      if (!user) throw new Error('The user was not stored.');
      const [profile] = await tx
        .insert(profiles)
        .values({
          userId: user.id,
          fullName: account.fullName,
          phoneNumber: account.phoneNumber ?? '',
          address: account.address ?? '',
        })
        .returning();
      if (!profile) throw new Error('The profile was not stored.');
      return { user, profile };
    });
  } catch (error) {
    throw (await duplicateAfterRace(db, error, account)) ?? error;
  }
}

/**
 * An email for an admin created without one (users need a unique email): `<username>@example.invalid`,
 * the `.invalid` top-level domain being reserved never to exist (RFC 2606).
 */
export function placeholderEmail(username: string, suffix = ''): string {
  const local =
    username
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'admin';
  return `${local}${suffix}@example.invalid`;
}

export interface AdminAccount {
  username: string;
  password: string;
  email?: string | undefined;
}

/**
 * Creates `username` as an admin (full name = username) unless a user with that name exists.
 * An existing user is left exactly as it is: its password is never replaced, and it is never
 * promoted (someone may have signed up under that name first); a warning says so.
 */
export async function ensureAdmin(
  db: Database,
  { username, password, email }: AdminAccount,
  logger: Logger,
): Promise<'created' | 'exists'> {
  const existing = await findUserByUsername(db, username);
  if (existing) {
    if (existing.role === 'admin') logger.info(`Admin ${existing.username} exists: left unchanged.`);
    else
      logger.warn(
        `ADMIN_USERNAME ${existing.username} is an existing ${existing.role}: not promoted and its password not ` +
          'changed. Use `npm run admin -- create <username>` to promote it.',
      );
    return 'exists';
  }
  const attempts = email
    ? [email]
    : [placeholderEmail(username), placeholderEmail(username, `-${randomSuffix()}`)];
  for (const [index, candidate] of attempts.entries()) {
    try {
      await createAccount(db, { username, email: candidate, password, role: 'admin', fullName: username });
      logger.info(`Admin ${username} created.`);
      return 'created';
    } catch (error) {
      if (!(error instanceof DuplicateAccountError)) throw error;
      // Another API node starting at the same time created it first.
      if (error.fields.includes('username')) return 'exists';
      if (index === attempts.length - 1) throw new Error(`ADMIN_EMAIL ${candidate} belongs to another user.`);
    }
  }
  return 'exists';
}

function randomSuffix() {
  return Math.random().toString(36).slice(2, 8);
}

/** Makes an existing user an admin; false when there is no such user (any more). */
export async function promoteToAdmin(db: Database, userId: number): Promise<boolean> {
  const promoted = await db
    .update(users)
    .set({ role: 'admin' })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return promoted.length > 0;
}
