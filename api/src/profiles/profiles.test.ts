import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../auth/accounts';
import { createSession } from '../auth/session';
import { BACKENDS, useTestDatabase } from '../auth/test-support';
import { sessions } from '../db/schema';
import { findProfile, updateProfile } from './profiles';

describe.each(BACKENDS)('profile changes on $name', ({ adminUrl }) => {
  const database = useTestDatabase(adminUrl);
  let serial = 0;
  const addAccount = async () => {
    serial += 1;
    const { profile } = await createAccount(database().db, {
      username: `p${serial}`,
      email: `p${serial}@example.com`,
      password: 'long enough',
      role: 'member',
      fullName: `P ${serial}`,
    });
    const row = await findProfile(database().db, profile.id);
    if (!row) throw new Error('no profile');
    return row;
  };

  it('ends the other sessions with a new password, in the same change, and keeps the one named', async () => {
    const target = await addAccount();
    const kept = await createSession(database().db, target.userId);
    await createSession(database().db, target.userId);
    expect(
      await updateProfile(database().db, target, { passwordHash: 'new hash', keepSession: kept.session.id }),
    ).toBe('done');
    const left = await database().db.select().from(sessions).where(eq(sessions.userId, target.userId));
    expect(left.map((session) => session.id)).toEqual([kept.session.id]);
  });
});
