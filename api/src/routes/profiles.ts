/**
 * /api/profiles/ (docs/api.md, Profiles): the paged, searchable list (admins and managers), sign-up and
 * creation, reading, updating and deleting one profile. Permissions are checked before the body
 * is: a member sending anything to another member's profile learns only 403. The queries are
 * profiles/profiles.ts's, the schemas profiles/schemas.ts's.
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
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { createAccount, DuplicateAccountError } from '../auth/accounts';
import { currentUser, forbidden, requireRole, unauthorized } from '../auth/middleware';
import { hashPassword } from '../auth/password';
import { throttleSignUp } from '../auth/sign-up-limit';
import type { AuthUser } from '../auth/types';
import { searchPath } from '../db/lists';
import type { Role } from '../db/schema';
import type { AppEnv } from '../env';
import { conditionalReads } from '../http/caching';
import { notFound, parseId } from '../http/ids';
import { INVALID_PAGE, pageBody, pageBounds } from '../http/pagination';
import { validateBody, validateQuery } from '../http/validation';
import {
  countProfiles,
  deleteProfile,
  findProfile,
  listProfiles,
  type ProfileRow,
  toProfileJson,
  updateProfile,
} from '../profiles/profiles';
import {
  CreateBody,
  PatchBody,
  ProfileListQuery,
  PutBody,
  SignUpBody,
  type UpdateInput,
} from '../profiles/schemas';

export const ROLE_CHANGE_FORBIDDEN = 'Only an admin may change a role.';
export const LAST_ADMIN_DEMOTION = 'The last admin cannot be demoted.';
export const LAST_ADMIN_DELETION = 'The last admin cannot be deleted.';

const validateCreateBody = validateBody<typeof CreateBody, AppEnv>(CreateBody);
const validateSignUpBody = validateBody<typeof SignUpBody, AppEnv>(
  SignUpBody,
) as unknown as typeof validateCreateBody;
/** An admin's body may choose the role; anyone else's is a sign-up. */
const validateCreate: typeof validateCreateBody = (c, next) =>
  c.get('user')?.is_admin ? validateCreateBody(c, next) : validateSignUpBody(c, next);

type TargetEnv = AppEnv & { Variables: { target: ProfileRow } };

/**
 * Loads the profile of `/:id` into `c.get('target')` for callers who may reach it: everyone may
 * reach their own; `mayReachOthers` says who may reach the rest. Others get 403 whether or not
 * the profile exists.
 */
function loadTarget(mayReachOthers: (user: AuthUser) => boolean): MiddlewareHandler<TargetEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) return unauthorized(c);
    const id = parseId(c.req.param('id'));
    if (id === null) return notFound(c);
    // The session's user names their own profile (read with the session: no query of its own).
    if (!mayReachOthers(user) && user.profile_id !== id) return forbidden(c);
    const target = await findProfile(c.get('db'), id);
    if (!target) return notFound(c);
    c.set('target', target);
    await next();
  };
}

const isStaff = (user: AuthUser) => user.role === 'admin' || user.role === 'manager';
const isAdmin = (user: AuthUser) => user.is_admin;

export function profilesRoutes() {
  const routes = new Hono<AppEnv>();

  routes.use(conditionalReads({ always: 'private' }));

  routes.get('/', requireRole('admin', 'manager'), validateQuery(ProfileListQuery), async (c) => {
    const { page, page_size, search } = c.req.valid('query');
    const counted = await countProfiles(c.get('db'), search);
    const bounds = pageBounds(page, page_size, counted.count, counted.estimate);
    if (!bounds) return c.json({ error: INVALID_PAGE }, 404);
    const rows = await listProfiles(c.get('db'), search, bounds, searchPath(search, counted));
    if (page > 1 && rows.length === 0) return c.json({ error: INVALID_PAGE }, 404);
    const results = rows.map(toProfileJson);
    return c.json(pageBody(c.req.url, page, page_size, counted.count, results, counted.estimate));
  });

  routes.post('/', validateCreate, async (c) => {
    const throttled = await throttleSignUp(c);
    if (throttled) return throttled;
    const body = c.req.valid('json');
    const role: Role = c.get('user')?.is_admin ? (body.role ?? 'member') : 'member';
    try {
      const { profile } = await createAccount(c.get('db'), {
        username: body.username,
        email: body.email,
        password: body.password,
        role,
        fullName: body.full_name,
        phoneNumber: body.phone_number,
        address: body.address,
      });
      const created = await findProfile(c.get('db'), profile.id);
      if (!created) throw new Error('The new profile could not be read back.');
      return c.json(toProfileJson(created), 201);
    } catch (error) {
      if (error instanceof DuplicateAccountError) return c.json(error.errors, 400);
      throw error;
    }
  });

  routes.get('/:id', loadTarget(isStaff), (c) => c.json(toProfileJson(c.get('target'))));

  routes.put('/:id', loadTarget(isAdmin), validateBody(PutBody), (c) => update(c, c.req.valid('json')));

  routes.patch('/:id', loadTarget(isAdmin), validateBody(PatchBody), (c) => update(c, c.req.valid('json')));

  routes.delete('/:id', requireRole('admin'), loadTarget(isAdmin), async (c) => {
    const outcome = await deleteProfile(c.get('db'), c.get('target'));
    if (outcome === 'gone') return notFound(c);
    if (outcome === 'last-admin') return c.json({ error: LAST_ADMIN_DELETION }, 409);
    return c.body(null, 204);
  });

  return routes;
}

async function update(c: Context<TargetEnv>, body: UpdateInput) {
  const caller = currentUser(c);
  const target = c.get('target');
  const db = c.get('db');
  const changesRole = body.role !== undefined && body.role !== target.role;
  if (changesRole && !caller.is_admin) return forbidden(c, ROLE_CHANGE_FORBIDDEN);

  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  const outcome = await updateProfile(db, target, {
    username: body.username,
    email: body.email,
    // An admin's role is compared with the current one under the lock (a demotion may come between).
    role: caller.is_admin ? body.role : undefined,
    passwordHash,
    fullName: body.full_name,
    phoneNumber: body.phone_number,
    address: body.address,
    keepSession: caller.id === target.userId ? c.get('sessionId') : null,
  });
  if (outcome instanceof DuplicateAccountError) return c.json(outcome.errors, 400);
  if (outcome === 'gone') return notFound(c);
  if (outcome === 'last-admin') return c.json({ error: LAST_ADMIN_DEMOTION }, 409);
  const updated = await findProfile(db, target.id);
  if (!updated) return notFound(c);
  return c.json(toProfileJson(updated));
}
