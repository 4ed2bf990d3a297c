/**
 * The shapes of the API's answers, for the OpenAPI document (requests are described by the
 * routes' own validation schemas). Types the handlers build are named next to each shape.
 */
import { ROLES } from '@toolbox/sdk';
import * as v from 'valibot';

export const ErrorBody = v.object({ error: v.string() });
/** `{ field: [messages] }`; whole-body problems under `non_field_errors`. */
export const FieldErrorsBody = v.record(v.string(), v.array(v.string()));

export const Page = <S extends v.GenericSchema>(item: S) =>
  v.object({
    count: v.pipe(v.number(), v.integer()),
    next: v.nullable(v.pipe(v.string(), v.url())),
    previous: v.nullable(v.pipe(v.string(), v.url())),
    results: v.array(item),
  });

const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const dateTime = v.pipe(v.string(), v.isoTimestamp());

/** `user` of /api/login/ and /api/me/ (auth/types.ts SessionUser). */
export const UserBody = v.object({
  id,
  username: v.string(),
  email: v.string(),
  full_name: v.string(),
  role: v.picklist(ROLES),
  is_admin: v.boolean(),
  /** The user's own profile's id (`/api/profiles/{id}/`), null when the user has none. */
  profile_id: v.nullable(id),
});

export const LoginAnswer = v.object({ token: v.string(), user: UserBody });

/** profiles/profiles.ts ProfileJson. */
export const ProfileBody = v.object({
  id,
  full_name: v.string(),
  phone_number: v.string(),
  address: v.string(),
  role: v.picklist(ROLES),
  user: v.object({ id, username: v.string(), email: v.string() }),
});

/** blog/posts.ts PostJson. */
export const PostBody = v.object({
  id,
  title: v.string(),
  subtitle: v.string(),
  description: v.string(),
  full_content: v.string(),
  image: v.nullable(v.pipe(v.string(), v.url())),
  image_width: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  image_height: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  status: v.picklist(['Draft', 'Published']),
  author_name: v.string(),
  number_of_likes: v.number(),
  number_of_shares: v.number(),
  number_of_comments: v.number(),
  user_has_liked: v.boolean(),
  created_at: dateTime,
  updated_at: dateTime,
});

/** The multipart form of a post (the text fields of FullSchema, and the image file). */
export const PostForm = v.object({
  title: v.string(),
  subtitle: v.optional(v.string()),
  description: v.string(),
  full_content: v.optional(v.string()),
  status: v.picklist(['Draft', 'Published']),
  image: v.optional(v.string()),
});

export const LikeAnswer = v.object({ status: v.picklist(['liked', 'unliked']), number_of_likes: v.number() });
export const ShareAnswer = v.object({
  status: v.literal('shared'),
  number_of_shares: v.number(),
  url: v.pipe(v.string(), v.url()),
});

/** routes/comments.ts CommentJson. */
export const CommentBody = v.object({
  id,
  blog_post: id,
  author: id,
  author_name: v.string(),
  text: v.string(),
  created_at: dateTime,
});

export const ContactMessageBody = v.object({
  id,
  name: v.string(),
  email: v.string(),
  message: v.string(),
  created_at: dateTime,
});

export const CountryBody = v.object({ name: v.string(), code: v.string(), currency: v.string() });
export const CurrencyBody = v.object({ code: v.string(), description: v.string() });
export const RatesBody = v.object({
  base: v.string(),
  date: v.pipe(v.string(), v.isoDate()),
  source: v.string(),
  rates: v.record(v.string(), v.number()),
});
export const CpiBody = v.object({
  country: v.string(),
  source: v.string(),
  series: v.array(v.object({ year: v.number(), value: v.number() })),
});

/** GET /api/data/places/ (sdk PlaceAnswer, without `source`). */
export const PlaceBody = v.object({
  name: v.string(),
  lat: v.number(),
  lon: v.number(),
  /** ISO 3166-1 alpha-2. */
  country: v.string(),
  population: v.number(),
});
/** GET /api/data/geocode/: one place, and where the gazetteer comes from. */
export const GeocodeBody = v.object({ ...PlaceBody.entries, source: v.string() });
/** GET /api/data/route/ (sdk RouteAnswer). */
export const RouteBody = v.object({
  distance_m: v.number(),
  points: v.array(v.tuple([v.number(), v.number()])),
  source: v.string(),
});
/** GET /api/data/route-map/ (sdk RouteMapAnswer). */
export const RouteMapBody = v.object({
  width: v.number(),
  height: v.number(),
  outlines: v.array(v.object({ name: v.string(), d: v.string(), visited: v.boolean() })),
  route: v.string(),
  marks: v.array(v.object({ x: v.number(), y: v.number() })),
  source: v.string(),
});
/** GET /api/data/images/ (sdk ImageHit). */
export const ImageHitBody = v.object({
  id: v.string(),
  url: v.string(),
  width: v.number(),
  height: v.number(),
  label: v.string(),
  credit: v.string(),
  licence: v.string(),
  source: v.string(),
});
/** GET /api/convert/formats/ (routes/convert.ts). */
export const ConvertFormatsBody = v.array(v.object({ from: v.string(), to: v.array(v.string()) }));

export const HealthBody = v.object({
  status: v.picklist(['ok', 'error', 'draining']),
  database: v.picklist(['ok', 'unavailable', 'read-only', 'unknown']),
});

/** A tool's answer: its Result. */
export const ToolOk = v.object({ ok: v.literal(true), value: v.unknown() });
export const ToolError = v.object({ ok: v.literal(false), error: v.string() });
