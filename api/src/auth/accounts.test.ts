import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/client';
import { profiles, users } from '../db/schema';
import { createLogger } from '../logger';
import {
  createAccount,
  DuplicateAccountError,
  duplicateFieldOf,
  ensureAdmin,
  findUserByUsername,
  placeholderEmail,
} from './accounts';
import { verifyPassword } from './password';
import { BACKENDS, useTestDatabase } from './test-support';

function recordingLogger() {
  const lines: string[] = [];
  return {
    lines,
    logger: createLogger('debug', { log: (line) => lines.push(line), error: (line) => lines.push(line) }),
  };
}

async function waitingLocks(database: OpenedDatabase): Promise<number> {
  const [row] = await database.execute<{ waiting: number }>(
    'select count(*)::int as waiting from pg_locks where not granted',
  );
  return row?.waiting ?? 0;
}

describe('placeholderEmail', () => {
  it('makes a valid, never-deliverable address from any username', () => {
    expect(placeholderEmail('admin')).toBe('admin@example.invalid');
    expect(placeholderEmail('Ada.Lovelace@home')).toBe('ada-lovelace-home@example.invalid');
    expect(placeholderEmail('ユーザー')).toBe('admin@example.invalid');
    expect(placeholderEmail('root', '-x1')).toBe('root-x1@example.invalid');
  });
});

describe('duplicateFieldOf', () => {
  it('finds the unique index a wrapped driver error names', () => {
    const wrapped = {
      message: 'Failed query',
      cause: { code: '23505', constraint_name: 'users_email_lower_key' },
    };
    expect(duplicateFieldOf(wrapped)).toBe('email');
    expect(duplicateFieldOf({ code: '23505', constraint: 'users_username_lower_key' })).toBe('username');
    expect(duplicateFieldOf({ code: '23505', constraint: 'profiles_user_id_key' })).toBeNull();
    expect(duplicateFieldOf(new Error('other'))).toBeNull();
    expect(duplicateFieldOf(null)).toBeNull();
  });
});

describe.each(BACKENDS)('accounts on $name', ({ name, adminUrl }) => {
  const database = useTestDatabase(adminUrl);

  it('creates a user and its profile together, with a hashed password', async () => {
    const { user, profile } = await createAccount(database().db, {
      username: 'Grace',
      email: 'grace@example.com',
      password: 'compilers!',
      role: 'manager',
      fullName: 'Grace Hopper',
      phoneNumber: '123',
    });
    expect(user).toMatchObject({ username: 'Grace', email: 'grace@example.com', role: 'manager' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.passwordHash, 'compilers!')).toBe(true);
    expect(profile).toMatchObject({
      userId: user.id,
      fullName: 'Grace Hopper',
      phoneNumber: '123',
      address: '',
    });
    expect((await findUserByUsername(database().db, 'GRACE'))?.id).toBe(user.id);
  });

  it('refuses taken usernames and emails in any case, naming both', async () => {
    const attempt = createAccount(database().db, {
      username: 'grace',
      email: 'GRACE@example.com',
      password: 'compilers!',
      role: 'member',
      fullName: 'Copy',
    });
    await expect(attempt).rejects.toBeInstanceOf(DuplicateAccountError);
    await expect(attempt).rejects.toMatchObject({ fields: ['username', 'email'] });
  });

  // PGlite has one connection: a write held open elsewhere needs PostgreSQL.
  if (name === 'postgres')
    it('names both fields when the same sign-up commits while this one is being written', async () => {
      const { db } = database();
      let commit = () => {};
      const written = new Promise<void>((resolve) => {
        void db.transaction(async (tx) => {
          await tx
            .insert(users)
            .values({ username: 'Racer', email: 'racer@example.com', passwordHash: 'x', role: 'member' });
          resolve();
          await new Promise<void>((release) => {
            commit = release;
          });
        });
      });
      await written;
      const attempt = createAccount(db, {
        username: 'racer',
        email: 'RACER@example.com',
        password: 'long enough',
        role: 'member',
        fullName: 'Second',
      });
      // The lookup before writing saw nothing; the insert now waits on the other's index entry.
      await expect.poll(async () => (await waitingLocks(database())) > 0, { timeout: 5000 }).toBe(true);
      commit();
      await expect(attempt).rejects.toMatchObject({ fields: ['username', 'email'] });
    });

  it('creates the first admin once, and never replaces its password', async () => {
    const { logger, lines } = recordingLogger();
    expect(await ensureAdmin(database().db, { username: 'root', password: 'first password' }, logger)).toBe(
      'created',
    );
    expect(await ensureAdmin(database().db, { username: 'ROOT', password: 'second password' }, logger)).toBe(
      'exists',
    );
    const root = await findUserByUsername(database().db, 'root');
    expect(root).toMatchObject({ role: 'admin', email: 'root@example.invalid' });
    expect(await verifyPassword(root?.passwordHash, 'first password')).toBe(true);
    expect(await verifyPassword(root?.passwordHash, 'second password')).toBe(false);
    const [profile] = await database()
      .db.select()
      .from(profiles)
      .where(eq(profiles.userId, root?.id ?? 0));
    expect(profile?.fullName).toBe('root');
    expect(lines.join('\n')).toMatch(/Admin root created[\s\S]*Admin root exists: left unchanged/);
    expect(lines.join('\n')).not.toContain('first password');
  });

  it('does not promote an existing non-admin with the ADMIN_USERNAME name, and warns', async () => {
    await createAccount(database().db, {
      username: 'squatter',
      email: 'squatter@example.com',
      password: 'members password',
      role: 'member',
      fullName: 'Squatter',
    });
    const { logger, lines } = recordingLogger();
    expect(
      await ensureAdmin(database().db, { username: 'squatter', password: 'admins password' }, logger),
    ).toBe('exists');
    const user = await findUserByUsername(database().db, 'squatter');
    expect(user?.role).toBe('member');
    expect(await verifyPassword(user?.passwordHash, 'members password')).toBe(true);
    expect(lines.join('\n')).toMatch(/WARN ADMIN_USERNAME squatter is an existing member: not promoted/);
  });

  it('uses ADMIN_EMAIL when given, and another placeholder when the first is taken', async () => {
    const { logger } = recordingLogger();
    await ensureAdmin(
      database().db,
      { username: 'boss', password: 'long enough', email: 'boss@corp.example' },
      logger,
    );
    expect((await findUserByUsername(database().db, 'boss'))?.email).toBe('boss@corp.example');
    await createAccount(database().db, {
      username: 'someone',
      email: 'chief@example.invalid',
      password: 'long enough',
      role: 'member',
      fullName: 'Someone',
    });
    await ensureAdmin(database().db, { username: 'chief', password: 'long enough' }, logger);
    expect((await findUserByUsername(database().db, 'chief'))?.email).toMatch(
      /^chief-[a-z0-9]+@example\.invalid$/,
    );
    await expect(
      ensureAdmin(
        database().db,
        { username: 'other', password: 'long enough', email: 'boss@corp.example' },
        logger,
      ),
    ).rejects.toThrow(/ADMIN_EMAIL boss@corp.example belongs to another user/);
    expect(await findUserByUsername(database().db, 'other')).toBeNull();
  });

  it('leaves no user without a profile when the profile cannot be stored', async () => {
    const before = await database().db.select({ id: users.id }).from(users);
    await expect(
      createAccount(database().db, {
        username: 'halfway',
        email: 'halfway@example.com',
        password: 'long enough',
        role: 'member',
        fullName: 'x'.repeat(151),
      }),
    ).rejects.toThrow();
    expect(await findUserByUsername(database().db, 'halfway')).toBeNull();
    expect(await database().db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });
});
