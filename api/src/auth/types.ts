/** The signed-in user as every route sees it (`c.get('user')`) and as login and /api/me/ answer it (docs/api.md). */
import type { Role, SessionUser } from '@toolbox/sdk/wire';

/** The SDK's SessionUser: one definition for the API and its clients. */
export type AuthUser = SessionUser;

export function toAuthUser(
  user: { id: number; username: string; email: string; role: Role },
  fullName: string | null | undefined,
): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    full_name: fullName ?? '',
    role: user.role,
    is_admin: user.role === 'admin',
  };
}
