import { describe, expect, it } from 'vitest';
import { canAccess, definePages, type SessionUser } from './page';

const user = (role: SessionUser['role']): SessionUser => ({
  id: 1,
  username: 'ann',
  email: 'ann@example.com',
  full_name: 'Ann',
  role,
  is_admin: role === 'admin',
});

describe('canAccess', () => {
  it('lets anyone open a public page', () => {
    expect(canAccess('anyone', null)).toBe(true);
  });
  it('needs a session for signed-in pages', () => {
    expect(canAccess('signed-in', null)).toBe(false);
    expect(canAccess('signed-in', user('member'))).toBe(true);
  });
  it('needs one of the roles for role pages', () => {
    expect(canAccess(['admin', 'manager'], user('member'))).toBe(false);
    expect(canAccess(['admin', 'manager'], user('manager'))).toBe(true);
    expect(canAccess(['admin'], null)).toBe(false);
  });
});

describe('definePages', () => {
  it('refuses a relative path', () => {
    expect(() =>
      definePages({
        id: 'x',
        routes: [
          {
            path: 'x',
            title: 'X',
            layout: 'public',
            access: 'anyone',
            view: async () => ({ default: () => null }),
          },
        ],
      }),
    ).toThrow(/must start with/);
  });
});
