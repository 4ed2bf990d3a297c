import type { Role } from '@toolbox/sdk';

/** A profile as `GET /api/profiles/` returns it (API.md, Profiles). */
export interface Profile {
  id: number;
  full_name: string;
  phone_number: string;
  address: string | null;
  role: Role;
  /** Null when the profile has no account (shown as '-'). */
  user: { id: number; username: string; email: string } | null;
}

/** A paged list answer. */
export interface ProfilePage {
  count: number;
  next?: string | null;
  previous?: string | null;
  results: Profile[];
}
