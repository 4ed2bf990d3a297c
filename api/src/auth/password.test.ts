import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashes', () => {
  it('are Argon2id PHC strings with a fresh salt each time, never the password', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('correct horse');
  });

  it('verify the right password only', async () => {
    const hash = await hashPassword('pässwörd with ünicode');
    expect(await verifyPassword(hash, 'pässwörd with ünicode')).toBe(true);
    expect(await verifyPassword(hash, 'passwörd with ünicode')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('answer false, after the same work, when there is no hash (no such user)', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(await verifyPassword('', 'anything')).toBe(false);
  });

  it('answer false for a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
    expect(await verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$broken', 'anything')).toBe(false);
  });
});
