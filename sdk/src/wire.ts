/**
 * The API's wire types (docs/api.md), defined once and imported by both sides: the API builds its
 * answers as these types and the plugins read them (decision 030). Where a client reads a field
 * defensively (it may be absent from an older or a foreign server), the field is optional here;
 * the API always sends it. Plain types and constants only, so `api/` can import this module.
 */

/** Roles of docs/api.md. `admin` may do everything; `manager` reads the profile list; `member` is a signed-up user. */
import { withThousands } from './text-order';
export const ROLES = ['admin', 'manager', 'member'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A field's common problems, told the same way by every endpoint (the 400 field map) and by the
 * pages that check a form before sending it.
 */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  notText: 'Not a valid string.',
  nullCharacter: 'Null characters are not allowed.',
  loneSurrogate: 'Lone surrogate characters are not allowed.',
  tooLong: (max: number) => `Ensure this field has no more than ${max} characters.`,
  tooShort: (min: number) => `Ensure this field has at least ${min} characters.`,
} as const;

/** `GET` answers the signed-in user (a SessionUser). */
export const ME_PATH = '/api/me/';

/** The signed-in user as the API returns it (`GET /api/me/`, `POST /api/login/`). */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  /** The profile's full name ('' when the user has none). */
  full_name: string;
  role: Role;
  /** True exactly when `role` is `admin`. */
  is_admin: boolean;
  /**
   * The user's own profile's id (`/api/profiles/{id}/`), null when the user has none. The API always
   * sends it; a session stored before it did lacks it until the user is next read.
   */
  profile_id?: number | null;
}

/** A country of `/api/data/countries/`. */
export interface Country {
  name: string;
  /** ISO 3166-1 alpha-2. */
  code: string;
  /** The country's first currency code; USD when it has none (Antarctica). */
  currency: string;
}

/** A currency of `/api/data/currencies/`. */
export interface Currency {
  code: string;
  description: string;
}

/**
 * GET /api/convert/formats/: what the server's office engine converts, each format it reads (a file
 * extension) with those it writes; empty where the server has no LibreOffice.
 */
export type ConvertFormats = { from: string; to: string[] }[];

/** A post's status: only admins see Drafts. */
export const POST_STATUSES = ['Draft', 'Published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The widths (pixels) at which `GET /api/media/{key}?width=` answers a stored image's WebP copy. */
export const IMAGE_WIDTHS = [400, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** A blog post as the API answers it (docs/api.md, Posts). */
export interface Post {
  id: number;
  title: string;
  subtitle: string;
  description: string;
  full_content: string;
  /** An absolute URL, or null without an image. `?width=` one of IMAGE_WIDTHS gives a WebP copy. */
  image: string | null;
  /**
   * The image's size in pixels, so a page can hold its shape before it arrives; null without an
   * image, and for an image stored before the API kept its size.
   */
  image_width: number | null;
  image_height: number | null;
  status: PostStatus;
  author_name: string;
  number_of_likes: number;
  number_of_shares: number;
  number_of_comments: number;
  /** Whether the signed-in caller likes it (false for visitors). */
  user_has_liked: boolean;
  created_at?: string;
  updated_at?: string;
}

/** A comment (docs/api.md, Comments). */
export interface Comment {
  id: number;
  blog_post: number;
  /** The author's user id. */
  author: number;
  author_name: string;
  text: string;
  created_at?: string;
}

/** A profile (docs/api.md, Profiles). */
export interface Profile {
  id: number;
  full_name: string;
  phone_number: string;
  address: string | null;
  role: Role;
  /** Never null from this API; a client still shows '-' for a profile without an account. */
  user: { id: number; username: string; email: string } | null;
}

/** A list's `count` is exact up to this many matches; past it the API may answer an estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/** A paged list answer. */
export interface Page<T> {
  /** Exact, or (with `count_is_estimate`) an estimate of more than EXACT_COUNT_LIMIT. */
  count: number;
  /** Present and true only when `count` is an estimate; the screen shows "10,000+". */
  count_is_estimate?: true;
  next?: string | null;
  previous?: string | null;
  results: T[];
}

/** How a list's count reads on screen: "10,000+" for an estimate, else the number. */
export function countText(page: Pick<Page<unknown>, 'count' | 'count_is_estimate'>): string {
  return page.count_is_estimate ? `${withThousands(EXACT_COUNT_LIMIT)}+` : withThousands(page.count);
}

/** POST /api/posts/{id}/like/: `status` 'liked' or 'unliked' (a client checks, it does not trust). */
export interface LikeReply {
  status: string;
  number_of_likes?: number;
}

/** POST /api/posts/{id}/share/: `status` 'shared'. */
export interface ShareReply {
  status: string;
  number_of_shares?: number;
  url?: string;
}

/** Most calculations one account may keep; a save past it is refused with 409. */
export const SAVED_CALCULATIONS_LIMIT = 1000;
/** Largest saved input, in bytes of its JSON text. */
export const SAVED_INPUT_MAX_BYTES = 8 * 1024;
/** How many recently used tools are kept (a calculation made, not a page visited). */
export const RECENT_TOOLS_LIMIT = 8;
/** Longest name of a saved calculation, in characters. */
export const SAVED_NAME_MAX = 200;
/**
 * Longest search of a list (posts, profiles, saved calculations), in characters: the API refuses a
 * longer one, a search box holds no more, and a list's address holding a longer one is cut to it.
 */
export const SEARCH_MAX = 200;
/** Longest result text of a saved calculation, in characters. */
export const SAVED_RESULT_TEXT_MAX = 1000;

/**
 * A saved calculation (`/api/me/calculations/`): the tool's input as its URL keeps it, so opening it
 * computes again with the tool as it is now, and the result text as it read when saved.
 */
export interface SavedCalculation {
  id: number;
  /** The tool's slug. */
  tool: string;
  name: string;
  input: Record<string, unknown>;
  result_text: string;
  created_at: string;
  updated_at: string;
}

/** What a client sends to save a calculation (POST) or what it may change (PATCH: name only, or any of these). */
export interface SavedCalculationDraft {
  tool: string;
  name: string;
  input: Record<string, unknown>;
  result_text: string;
}

/**
 * POST /api/me/merge/: what a browser held before sign-in, merged into the account. Favourites and
 * recent tools keep the account's order and add the browser's new slugs after them; a calculation
 * equal to one the account has (same tool, name and input) is not added twice.
 */
export interface MergeRequest {
  favourites: string[];
  recent_tools: string[];
  calculations: SavedCalculationDraft[];
}

/** The account's lists after a merge, and how many calculations it added. */
export interface MergeReply {
  favourites: string[];
  recent_tools: string[];
  calculations_added: number;
  /** Calculations not added because the account reached SAVED_CALCULATIONS_LIMIT (duplicates are not counted). */
  calculations_over_limit: number;
}
