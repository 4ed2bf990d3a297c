/** The signed-in user as every route sees it (`c.var.user`) and as login and /api/me/ answer it (API.md). */
import type { Role } from '../db/schema';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  /** The profile's full name ('' when the user has none). */
  full_name: string;
  role: Role;
  /** True exactly when `role` is `admin`. */
  is_admin: boolean;
}

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
