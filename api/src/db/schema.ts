/**
 * The whole data model (the old product's data model; docs/api.md). One schema serves PGlite and PostgreSQL 15:
 * nothing here may need a feature newer than PostgreSQL 15. Migrations in `../../drizzle` are
 * generated from this file (`npm run db:generate -w @toolbox/api`); the first one, hand-written,
 * creates the pg_trgm extension that the trigram indexes below need.
 */
import { POST_STATUSES, ROLES, SAVED_NAME_MAX, SAVED_RESULT_TEXT_MAX } from '@toolbox/sdk/wire';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Field limits in characters (docs/api.md). Validation schemas use the same numbers. */
export const LIMITS = {
  username: 150,
  email: 254,
  fullName: 150,
  phoneNumber: 32,
  address: 500,
  title: 200,
  subtitle: 300,
  description: 2000,
  fullContent: 100_000,
  commentText: 2000,
  contactName: 150,
  contactMessage: 5000,
  toolSlug: 100,
  calculationName: SAVED_NAME_MAX,
  calculationResultText: SAVED_RESULT_TEXT_MAX,
} as const;

/** Roles and post statuses are the SDK's (the wire types both sides import). */
export { POST_STATUSES, type PostStatus, ROLES, type Role } from '@toolbox/sdk/wire';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Ordered lists (`ORDER BY created_at DESC, id DESC`) use the ascending btree indexes below scanned
 * backwards; an index declared `.desc()` would be `DESC NULLS LAST`, which that ORDER BY cannot use.
 */

/** A trigram GIN index, so `ILIKE '%term%'` searches use an index. */
const trigram = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: LIMITS.username }).notNull(),
    email: varchar('email', { length: LIMITS.email }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'manager', 'member')`),
  ],
);

/** Lucia-guide sessions: the id is the SHA-256 (hex) of the token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .unique('profiles_user_id_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: varchar('full_name', { length: LIMITS.fullName }).notNull().default(''),
    phoneNumber: varchar('phone_number', { length: LIMITS.phoneNumber }).notNull().default(''),
    address: varchar('address', { length: LIMITS.address }).notNull().default(''),
    /**
     * What profile search reads (decision 057): the profile's full name, phone number and address
     * and its user's username, email and role, lower-cased and joined by U+001F, with one trigram
     * index. It spans two tables, so triggers keep it (migration 0006), not a generated column:
     * never written by the API, never selected into an answer (see profiles/profiles.ts).
     */
    searchText: text('search_text').notNull().default(''),
  },
  // fastupdate off: each write goes into the index itself, not a pending list that every search
  // reads until a vacuum (which PGlite never runs by itself) merges it: profiles are written
  // rarely and one at a time, searched often.
  (t) => [trigram('profiles_search_text_trgm_idx', t.searchText).with({ fastupdate: false })],
);

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: LIMITS.title }).notNull(),
    subtitle: varchar('subtitle', { length: LIMITS.subtitle }).notNull().default(''),
    description: varchar('description', { length: LIMITS.description }).notNull(),
    fullContent: varchar('full_content', { length: LIMITS.fullContent }).notNull().default(''),
    /** Storage key of the re-encoded image, or null. The API turns it into an absolute URL. */
    image: text('image'),
    /** The stored image's size in pixels (after re-encoding); null without one, or for an image stored before they were kept. */
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    status: text('status', { enum: POST_STATUSES }).notNull().default('Draft'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    numberOfLikes: integer('number_of_likes').notNull().default(0),
    numberOfShares: integer('number_of_shares').notNull().default(0),
    numberOfComments: integer('number_of_comments').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    /**
     * What search reads (decision 031): the four searched fields lower-cased and joined by U+001F,
     * so one trigram index and one case-sensitive LIKE (several times cheaper than four ILIKEs)
     * find a substring of any field. Never selected into an answer (see blog/posts.ts).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(title || chr(31) || subtitle || chr(31) || description || chr(31) || full_content)`,
      ),
  },
  (t) => [
    check('posts_status_check', sql`${t.status} in ('Draft', 'Published')`),
    check(
      'posts_image_size_check',
      sql`(${t.imageWidth} is null and ${t.imageHeight} is null) or (${t.image} is not null and ${t.imageWidth} > 0 and ${t.imageHeight} > 0)`,
    ),
    check(
      'posts_counters_check',
      sql`${t.numberOfLikes} >= 0 and ${t.numberOfShares} >= 0 and ${t.numberOfComments} >= 0`,
    ),
    index('posts_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('posts_created_at_idx').on(t.createdAt, t.id),
    index('posts_author_id_idx').on(t.authorId),
    trigram('posts_search_text_trgm_idx', t.searchText),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_id_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: varchar('text', { length: LIMITS.commentText }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_post_id_created_at_idx').on(t.postId, t.createdAt, t.id),
    index('comments_author_id_idx').on(t.authorId),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: LIMITS.contactName }).notNull(),
    email: varchar('email', { length: LIMITS.email }).notNull(),
    message: varchar('message', { length: LIMITS.contactMessage }).notNull(),
    /** The sender's address as the API saw it (null when unknown). */
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

/**
 * One row per counted event (a failed login, a contact message, a live-provider call), keyed by
 * what is throttled, e.g. `login:<address>:<username>`. Shared by every API node because it lives
 * in the database; a limiter counts rows with `created_at` inside its window and deletes older ones.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('rate_limit_events_key_created_at_idx').on(t.key, t.createdAt),
    index('rate_limit_events_created_at_idx').on(t.createdAt),
  ],
);

/** Answers of live data providers, keyed by provider and query, e.g. `rates:USD`. */
export const dataCache = pgTable('data_cache', {
  key: text('key').primaryKey(),
  body: jsonb('body').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row the database keeps exact (triggers in migrations 0003 and 0004): how many posts there are, how
 * many are Published, and a version that grows whenever a post is added, removed, or has its
 * status or searched text changed (what a cached search count depends on).
 */
export const postStats = pgTable(
  'post_stats',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    published: bigint('published', { mode: 'number' }).notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * Grows whenever anything a post's answer shows may have changed (migration 0004): any change
     * to posts (counters included), an author's username or full name, a deleted author. A public
     * answer kept in memory is good while this stays the same (http/answer-cache.ts).
     */
    answersVersion: bigint('answers_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('post_stats_singleton_check', sql`${t.singleton}`)],
);

/** The two lists of tool slugs a user keeps (routes/me.ts): favourites, and recently used tools. */
export const TOOL_LIST_KINDS = ['favourites', 'recent'] as const;
export type ToolListKind = (typeof TOOL_LIST_KINDS)[number];

/** One row per user and list: the slugs in the user's order (a JSON array of strings). */
export const userToolLists = pgTable(
  'user_tool_lists',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TOOL_LIST_KINDS }).notNull(),
    slugs: jsonb('slugs').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('user_tool_lists_kind_check', sql`${t.kind} in ('favourites', 'recent')`),
  ],
);

/**
 * A saved calculation: a tool's input (what its URL holds) with a name and the result text as it
 * read when saved. Newest first means by `updated_at`, then id.
 */
export const savedCalculations = pgTable(
  'saved_calculations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool: varchar('tool', { length: LIMITS.toolSlug }).notNull(),
    name: varchar('name', { length: LIMITS.calculationName }).notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    resultText: varchar('result_text', { length: LIMITS.calculationResultText }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_calculations_user_updated_at_idx').on(t.userId, t.updatedAt, t.id),
    index('saved_calculations_user_tool_updated_at_idx').on(t.userId, t.tool, t.updatedAt, t.id),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type Profile = typeof profiles.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type PostLike = typeof postLikes.$inferSelect;
export type Comment = typeof comments.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type DataCacheEntry = typeof dataCache.$inferSelect;
export type SavedCalculationRow = typeof savedCalculations.$inferSelect;
