/**
 * /api/profiles/ (API.md, Profiles): the paged, searchable list (admins and managers), sign-up and
 * creation, reading, updating and deleting one profile. Permissions are checked before the body
 * is: a member sending anything to another member's profile learns only 403.
 *
 * | who      | list | create        | read       | update                  | delete |
 * |----------|------|---------------|------------|-------------------------|--------|
 * | anyone   | 401  | 201 (member)  | 401        | 401                     | 401    |
 * | member   | 403  | 201 (member)  | own        | own, not the role       | 403    |
 * | manager  | yes  | 201 (member)  | any        | own, not the role       | 403    |
 * | admin    | yes  | 201 (any role)| any        | any, role too           | any    |
 *
 * The last admin can be neither demoted nor deleted (409). A new password ends the user's other
 * sessions (all of them when an admin sets it).
 */
import type { Profile } from '@toolbox/sdk/wire';
import { type AnyColumn, and, eq, type SQL, sql } from 'drizzle-orm';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { createAccount, DuplicateAccountError, duplicateFieldOf, takenFields } from '../auth/accounts';
import {
  addressField,
  emailField,
  fullNameField,
  MESSAGES,
  optionalPasswordField,
  passwordField,
  phoneNumberField,
  roleField,
  usernameField,
} from '../auth/fields';
import { currentUser, forbidden, requireRole, unauthorized } from '../auth/middleware';
import { hashPassword } from '../auth/password';
import { invalidateUserSessions } from '../auth/session';
import { throttleSignUp } from '../auth/sign-up-limit';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/client';
import { cappedCount, ilikeContains } from '../db/lists';
import { profiles, type Role, users } from '../db/schema';
import type { AppEnv } from '../env';
import { conditionalReads } from '../http/caching';
import { notFound, parseId } from '../http/ids';
import { INVALID_PAGE, pageBody, pageBounds, pageQuery } from '../http/pagination';
import { validateBody, validateQuery } from '../http/validation';

export const ROLE_CHANGE_FORBIDDEN = 'Only an admin may change a role.';
export const LAST_ADMIN_DEMOTION = 'The last admin cannot be demoted.';
export const LAST_ADMIN_DELETION = 'The last admin cannot be deleted.';
export const SEARCH_MAX_LENGTH = 200;

/** Any constant: serialises the changes that could leave no admin (demotions and deletions). */
const ADMIN_SET_LOCK = 7_461_824;

/** A profile as answered: the SDK's wire type. */
export type ProfileJson = Profile;

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

type ProfileRow = {
  id: number;
  fullName: string;
  phoneNumber: string;
  address: string;
  userId: number;
  username: string;
  email: string;
  role: Role;
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

async function findProfile(db: Database, id: number): Promise<ProfileRow | null> {
  const [row] = await selectProfiles(db).where(eq(profiles.id, id)).limit(1);
  return row ?? null;
}

/**
 * Profiles with the term in any of the six fields. One branch per table, so each ILIKE can use
 * that table's trigram indexes (an OR across a join could not).
 */
function matching(term: string): SQL {
  const like = (column: AnyColumn | SQL) => ilikeContains(column, term);
  return sql`${profiles.id} in (
    select ${profiles.id} from ${profiles}
      where ${like(profiles.fullName)} or ${like(profiles.phoneNumber)} or ${like(profiles.address)}
    union
    select ${profiles.id} from ${profiles} join ${users} on ${users.id} = ${profiles.userId}
      where ${like(users.username)} or ${like(users.email)} or ${like(sql`${users.role}`)}
  )`;
}

export const ProfileListQuery = v.object({
  ...pageQuery,
  search: v.optional(
    v.pipe(
      v.string('Search must be given once.'),
      v.trim(),
      v.check((value) => !value.includes('\0'), MESSAGES.nullCharacter),
      v.maxLength(SEARCH_MAX_LENGTH, MESSAGES.tooLong(SEARCH_MAX_LENGTH)),
    ),
    '',
  ),
});

const NOT_AN_OBJECT = 'Expected a JSON object.';

const profileEntries = {
  username: usernameField,
  email: emailField,
  password: passwordField,
  full_name: fullNameField,
  phone_number: phoneNumberField,
  address: addressField,
  role: roleField,
};

/** POST by an admin: the role is theirs to choose (member when absent). */
export const CreateBody = v.object(profileEntries, NOT_AN_OBJECT);
/** POST by anyone else (sign-up): whatever `role` says is ignored; the account is a member. */
export const SignUpBody = v.object({ ...profileEntries, role: v.optional(v.unknown()) }, NOT_AN_OBJECT);
/** PUT: every field as on creation, except that a blank password and an absent role keep theirs. */
export const PutBody = v.object({ ...profileEntries, password: optionalPasswordField }, NOT_AN_OBJECT);
/** PATCH: only the fields sent change. */
export const PatchBody = v.partial(PutBody);

type UpdateInput = v.InferOutput<typeof PatchBody>;

const validateCreateBody = validateBody<typeof CreateBody, AppEnv>(CreateBody);
const validateSignUpBody = validateBody<typeof SignUpBody, AppEnv>(
  SignUpBody,
) as unknown as typeof validateCreateBody;
/** An admin's body may choose the role; anyone else's is a sign-up. */
const validateCreate: typeof validateCreateBody = (c, next) =>
  c.var.user?.is_admin ? validateCreateBody(c, next) : validateSignUpBody(c, next);

type TargetEnv = AppEnv & { Variables: { target: ProfileRow } };

/**
 * Loads the profile of `/:id` into `c.var.target` for callers who may reach it: everyone may
 * reach their own; `mayReachOthers` says who may reach the rest. Others get 403 whether or not
 * the profile exists.
 */
function loadTarget(mayReachOthers: (user: AuthUser) => boolean): MiddlewareHandler<TargetEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) return unauthorized(c);
    const id = parseId(c.req.param('id'));
    if (id === null) return notFound(c);
    if (!mayReachOthers(user)) {
      const [own] = await c.var.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.userId, user.id))
        .limit(1);
      if (own?.id !== id) return forbidden(c);
    }
    const target = await findProfile(c.var.db, id);
    if (!target) return notFound(c);
    c.set('target', target);
    await next();
  };
}

const isStaff = (user: AuthUser) => user.role === 'admin' || user.role === 'manager';
const isAdmin = (user: AuthUser) => user.is_admin;

export const profilesRouter = new Hono<AppEnv>();

profilesRouter.use(conditionalReads({ always: 'private' }));

profilesRouter.get('/', requireRole('admin', 'manager'), validateQuery(ProfileListQuery), async (c) => {
  const { page, page_size, search } = c.req.valid('query');
  const db = c.var.db;
  const where = search ? matching(search) : undefined;
  const counted = await cappedCount(db, () =>
    db.select({ id: profiles.id }).from(profiles).where(where).$dynamic(),
  );
  const bounds = pageBounds(page, page_size, counted.count, counted.estimate);
  if (!bounds) return c.json({ error: INVALID_PAGE }, 404);
  const rows = await selectProfiles(db)
    .where(where)
    .orderBy(profiles.id)
    .limit(bounds.limit)
    .offset(bounds.offset);
  if (page > 1 && rows.length === 0) return c.json({ error: INVALID_PAGE }, 404);
  const results = rows.map(toProfileJson);
  return c.json(pageBody(c.req.url, page, page_size, counted.count, results, counted.estimate));
});

profilesRouter.post('/', validateCreate, async (c) => {
  const throttled = await throttleSignUp(c);
  if (throttled) return throttled;
  const body = c.req.valid('json');
  const role: Role = c.var.user?.is_admin ? (body.role ?? 'member') : 'member';
  try {
    const { profile } = await createAccount(c.var.db, {
      username: body.username,
      email: body.email,
      password: body.password,
      role,
      fullName: body.full_name,
      phoneNumber: body.phone_number,
      address: body.address,
    });
    const created = await findProfile(c.var.db, profile.id);
    if (!created) throw new Error('The new profile could not be read back.');
    return c.json(toProfileJson(created), 201);
  } catch (error) {
    if (error instanceof DuplicateAccountError) return c.json(error.errors, 400);
    throw error;
  }
});

profilesRouter.get('/:id', loadTarget(isStaff), (c) => c.json(toProfileJson(c.var.target)));

profilesRouter.put('/:id', loadTarget(isAdmin), validateBody(PutBody), (c) =>
  updateProfile(c, c.req.valid('json')),
);

profilesRouter.patch('/:id', loadTarget(isAdmin), validateBody(PatchBody), (c) =>
  updateProfile(c, c.req.valid('json')),
);

profilesRouter.delete('/:id', requireRole('admin'), loadTarget(isAdmin), async (c) => {
  const target = c.var.target;
  const outcome = await c.var.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
    const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, target.userId));
    if (!current) return 'gone' as const;
    if (current.role === 'admin' && (await countAdmins(tx)) <= 1) return 'last-admin' as const;
    // Cascades to the profile, sessions, likes and comments (the posts' counters follow by trigger).
    await tx.delete(users).where(eq(users.id, target.userId));
    return 'deleted' as const;
  });
  if (outcome === 'gone') return notFound(c);
  if (outcome === 'last-admin') return c.json({ error: LAST_ADMIN_DELETION }, 409);
  return c.body(null, 204);
});

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

async function countAdmins(tx: Transaction): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return Number(row?.count ?? 0);
}

async function updateProfile(c: Context<TargetEnv>, body: UpdateInput) {
  const caller = currentUser(c);
  const target = c.var.target;
  const db = c.var.db;
  const newRole = body.role !== undefined && body.role !== target.role ? body.role : undefined;
  if (newRole && !caller.is_admin) return forbidden(c, ROLE_CHANGE_FORBIDDEN);

  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  const userChanges = {
    ...(body.username === undefined ? {} : { username: body.username }),
    ...(body.email === undefined ? {} : { email: body.email }),
    ...(newRole ? { role: newRole } : {}),
    ...(passwordHash ? { passwordHash } : {}),
  };
  const profileChanges = {
    ...(body.full_name === undefined ? {} : { fullName: body.full_name }),
    ...(body.phone_number === undefined ? {} : { phoneNumber: body.phone_number }),
    ...(body.address === undefined ? {} : { address: body.address }),
  };

  let outcome: 'updated' | 'gone' | 'last-admin' | DuplicateAccountError;
  try {
    outcome = await db.transaction(async (tx) => {
      if (newRole) await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
      const [current] = await tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, target.userId))
        .for('update');
      if (!current) return 'gone' as const;
      if (newRole && current.role === 'admin' && newRole !== 'admin' && (await countAdmins(tx)) <= 1) {
        return 'last-admin' as const;
      }
      const taken = await takenFields(tx, { username: body.username, email: body.email }, target.userId);
      if (taken.length > 0) return new DuplicateAccountError(taken);
      if (Object.keys(userChanges).length > 0) {
        await tx.update(users).set(userChanges).where(eq(users.id, target.userId));
      }
      if (Object.keys(profileChanges).length > 0) {
        await tx
          .update(profiles)
          .set(profileChanges)
          .where(and(eq(profiles.id, target.id), eq(profiles.userId, target.userId)));
      }
      return 'updated' as const;
    });
  } catch (error) {
    const field = duplicateFieldOf(error);
    if (!field) throw error;
    outcome = new DuplicateAccountError([field]);
  }
  if (outcome instanceof DuplicateAccountError) return c.json(outcome.errors, 400);
  if (outcome === 'gone') return notFound(c);
  if (outcome === 'last-admin') return c.json({ error: LAST_ADMIN_DEMOTION }, 409);

  if (passwordHash) {
    // A new password ends the other sessions: the caller's own stays when they changed their own.
    const own = caller.id === target.userId;
    await invalidateUserSessions(db, target.userId, { except: own ? c.var.sessionId : null });
  }
  const updated = await findProfile(db, target.id);
  if (!updated) return notFound(c);
  return c.json(toProfileJson(updated));
}
