/** The profile list's wire types are the SDK's (one definition shared with the API). */
import type { Page, Profile } from '@toolbox/sdk';

export type { Profile } from '@toolbox/sdk';

/** A page of `GET /api/profiles/`. */
export type ProfilePage = Page<Profile>;
