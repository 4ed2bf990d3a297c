/** The signed-in user as every route sees it (`c.get('user')`) and as login and /api/me/ answer it (docs/api.md). */
import type { Role, SessionUser } from '@toolbox/sdk/wire';

/** The SDK's SessionUser: one definition for the API and its clients. */
export type AuthUser = SessionUser;

/** The user and their profile (its id and full name), or no profile. */
export function toAuthUser(
  user: { id: number; username: string; email: string; role: Role },
  profile: { id: number; fullName: string } | null | undefined,
): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    full_name: profile?.fullName ?? '',
    role: user.role,
    is_admin: user.role === 'admin',
    profile_id: profile?.id ?? null,
  };
}
