/**
 * Images for the Meme Generator. Offline: the Noto emoji (`@iconify-json/noto`, Apache-2.0), found
 * by the English labels and tags of `emojibase-data`. The set's icons.json is 25 MB: it is read on
 * the first request for an image, only the labelled emoji are kept, and each image is served on its
 * own (`/api/data/images/{id}.svg`); the set never goes to a browser. Live when PIXABAY_KEY is set:
 * Pixabay's search (`{PIXABAY_URL}?key=&q=&image_type=photo&per_page=10&safesearch=true`), cached a
 * day per keyword; its photos are fetched by the API and passed on (`/api/data/images/pixabay-{id}.jpg`),
 * so pages never talk to Pixabay and the key never leaves the server.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import chars from '@iconify-json/noto/chars.json' with { type: 'json' };
import { type ImageHit, OFFLINE_IMAGE_CREDIT } from '@toolbox/sdk';
import emojis from 'emojibase-data/en/data.json' with { type: 'json' };
import * as v from 'valibot';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { LiveData, readCache, writeCache } from './cache';
import { type FetchedFile, fetchFile, fetchJson, ProviderError } from './fetch-json';

export const IMAGES_PER_SEARCH = 10;
/** Pixabay answers are cached this long (their photo addresses stay valid for a day). */
export const IMAGES_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Pixabay allows 100 requests a minute per key; the API stays under it and uses the fallback past it. */
export const PIXABAY_REQUESTS_PER_MINUTE = 90;
/** A Pixabay "webformat" photo is at most 640 px wide, well under this. */
const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Offline images are square; served at this size so a canvas draws them sharp. */
const EMOJI_SIZE = 512;

export const PIXABAY_LICENCE = 'Pixabay Content License';
export const OFFLINE_SOURCE = 'offline';
export const IMAGE_SOURCE = {
  offline: OFFLINE_SOURCE,
  live: (host: string) => `live: ${host}`,
  cached: 'cached live answer (provider unavailable)',
  offlineFallback: 'offline (provider unavailable)',
} as const;

/** An image file name: `cat-face.svg`, `pixabay-195893.jpg`. */
export const IMAGE_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(svg|jpg)$/;
const PIXABAY_ID = /^pixabay-(\d{1,15})$/;

interface Emoji {
  /** The Noto icon's name: the image id. */
  id: string;
  label: string;
  labelWords: string[];
  tags: string[];
  order: number;
}

/** The emoji that have both an English label and a Noto image, in emojibase's order. */
const EMOJIS: readonly Emoji[] = (() => {
  const names = chars as Record<string, string>;
  const list: Emoji[] = [];
  for (const entry of emojis) {
    const hex = entry.hexcode.toLowerCase();
    const id = names[hex] ?? names[hex.replace(/-fe0f/g, '')];
    if (!id) continue;
    const label = entry.label.toLowerCase();
    list.push({
      id,
      label,
      labelWords: words(label),
      tags: (entry.tags ?? []).map((tag) => tag.toLowerCase()),
      order: entry.order ?? list.length,
    });
  }
  return list;
})();

const EMOJI_BY_ID = new Map(EMOJIS.map((emoji) => [emoji.id, emoji]));

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** How well an emoji matches the keyword's words: lower is better, undefined is no match. */
function rank(emoji: Emoji, query: string, queryWords: string[]): number | undefined {
  if (emoji.label === query) return 0;
  if (queryWords.every((word) => emoji.labelWords.includes(word))) return 1;
  if (queryWords.every((word) => emoji.labelWords.includes(word) || emoji.tags.includes(word))) return 2;
  const last = queryWords.at(-1) ?? '';
  if (
    last.length >= 3 &&
    queryWords.slice(0, -1).every((word) => emoji.labelWords.includes(word) || emoji.tags.includes(word)) &&
    [...emoji.labelWords, ...emoji.tags].some((word) => word.startsWith(last))
  ) {
    return 3;
  }
  return undefined;
}

const offlineHit = (emoji: Emoji): ImageHit => ({
  id: emoji.id,
  url: `/api/data/images/${emoji.id}.svg`,
  width: EMOJI_SIZE,
  height: EMOJI_SIZE,
  label: emoji.label,
  credit: OFFLINE_IMAGE_CREDIT.credit,
  licence: OFFLINE_IMAGE_CREDIT.licence,
  source: OFFLINE_SOURCE,
});

/**
 * Up to 10 offline images for a keyword: an exact label first, then labels with every word of the
 * keyword, then tags, then words starting with its last word; shorter labels first within each.
 */
export function searchOffline(keyword: string, limit = IMAGES_PER_SEARCH): ImageHit[] {
  const query = keyword.trim().toLowerCase().replace(/\s+/g, ' ');
  const queryWords = words(query);
  if (queryWords.length === 0) return [];
  return EMOJIS.flatMap((emoji) => {
    const score = rank(emoji, query, queryWords);
    return score === undefined ? [] : [{ emoji, score }];
  })
    .sort(
      (a, b) =>
        a.score - b.score || a.emoji.label.length - b.emoji.label.length || a.emoji.order - b.emoji.order,
    )
    .slice(0, limit)
    .map(({ emoji }) => offlineHit(emoji));
}

interface IconSet {
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string; [transform: string]: unknown }>;
  width?: number;
  height?: number;
}

let svgs: Promise<Map<string, string>> | undefined;

/** Reads the 25 MB icon set once per process and keeps the SVG of each labelled emoji (about 10 MB). */
function loadSvgs(): Promise<Map<string, string>> {
  svgs ??= (async () => {
    const path = createRequire(import.meta.url).resolve('@iconify-json/noto/icons.json');
    const set = JSON.parse(await readFile(path, 'utf8')) as IconSet;
    const map = new Map<string, string>();
    for (const id of EMOJI_BY_ID.keys()) {
      const alias = set.aliases?.[id];
      // Aliases that flip or rotate their parent are left out (no labelled emoji is one today).
      const name = alias && Object.keys(alias).length === 1 ? alias.parent : id;
      const icon = set.icons[name];
      if (!icon) continue;
      const width = icon.width ?? set.width ?? 16;
      const height = icon.height ?? set.height ?? 16;
      map.set(
        id,
        `<svg xmlns="http://www.w3.org/2000/svg" width="${EMOJI_SIZE}" height="${EMOJI_SIZE}" viewBox="0 0 ${width} ${height}">${icon.body}</svg>`,
      );
    }
    return map;
  })();
  // A failed read is tried again by the next request.
  svgs.catch(() => {
    svgs = undefined;
  });
  return svgs;
}

/** An offline image's SVG, or undefined when there is no such image. */
export async function offlineSvg(id: string): Promise<string | undefined> {
  if (!EMOJI_BY_ID.has(id)) return undefined;
  return (await loadSvgs()).get(id);
}

// --- Pixabay ---------------------------------------------------------------------------------

const PixabayHit = v.looseObject({
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  webformatURL: v.pipe(v.string(), v.url()),
  webformatWidth: v.pipe(v.number(), v.integer(), v.minValue(1)),
  webformatHeight: v.pipe(v.number(), v.integer(), v.minValue(1)),
  likes: v.optional(v.pipe(v.number(), v.finite()), 0),
  views: v.optional(v.pipe(v.number(), v.finite()), 0),
  tags: v.optional(v.string(), ''),
  user: v.optional(v.string(), ''),
});

const PixabayAnswer = v.looseObject({ hits: v.array(PixabayHit) });

export interface LivePhoto {
  id: string;
  /** The provider's address of the photo; never sent to a browser. */
  photoUrl: string;
  width: number;
  height: number;
  label: string;
  credit: string;
}

const LivePhotoSchema = v.object({
  id: v.pipe(v.string(), v.regex(PIXABAY_ID)),
  photoUrl: v.pipe(v.string(), v.url()),
  width: v.number(),
  height: v.number(),
  label: v.string(),
  credit: v.string(),
});

const CachedSearch = v.object({ host: v.string(), photos: v.array(LivePhotoSchema) });
type CachedSearch = v.InferOutput<typeof CachedSearch>;

/** The provider's own host or one under it (Pixabay serves photos from pixabay.com and cdn.pixabay.com). */
function sameSite(photoUrl: string, providerHost: string): boolean {
  const { protocol, hostname } = new URL(photoUrl);
  const site = providerHost.replace(/:\d+$/, '').replace(/^www\./, '');
  return (
    /^https?:$/.test(protocol) &&
    (hostname === site || hostname.endsWith(`.${site}`) || hostname === `www.${site}`)
  );
}

/** Reads a Pixabay answer: its photos, most liked and viewed first; anything else is a ProviderError. */
export function parsePixabay(json: unknown, providerHost: string): LivePhoto[] {
  const parsed = v.safeParse(PixabayAnswer, json);
  if (!parsed.success) {
    throw new ProviderError(`answered an unexpected shape (${v.getDotPath(parsed.issues[0]) ?? 'root'})`);
  }
  return parsed.output.hits
    .filter((hit) => sameSite(hit.webformatURL, providerHost))
    .sort((a, b) => b.likes + b.views - (a.likes + a.views))
    .slice(0, IMAGES_PER_SEARCH)
    .map((hit) => ({
      id: `pixabay-${hit.id}`,
      photoUrl: hit.webformatURL,
      width: hit.webformatWidth,
      height: hit.webformatHeight,
      label: hit.tags.slice(0, 200),
      credit: hit.user ? `${hit.user.slice(0, 100)} on Pixabay` : 'Pixabay',
    }));
}

const photoKey = (id: string) => `image:${id}`;

const liveHit = (photo: LivePhoto, source: string): ImageHit => ({
  id: photo.id,
  url: `/api/data/images/${photo.id}.jpg`,
  width: photo.width,
  height: photo.height,
  label: photo.label,
  credit: photo.credit,
  licence: PIXABAY_LICENCE,
  source,
});

export interface ImagesProviderOptions {
  /** PIXABAY_KEY; unset means offline images only. */
  key?: string | undefined;
  /** PIXABAY_URL, default `https://pixabay.com/api/`. */
  url?: string | undefined;
  timeoutMs: number;
  now?: (() => number) | undefined;
}

export const DEFAULT_PIXABAY_URL = 'https://pixabay.com/api/';

export interface ImageSearchAnswer {
  hits: ImageHit[];
  /** A fallback answer (the provider failed): not to be kept by browsers. */
  fallback: boolean;
}

export type PhotoAnswer =
  | { status: 'ok'; file: FetchedFile }
  | { status: 'not-found' }
  | { status: 'unavailable' };

export interface ImagesService {
  search(db: Database, logger: Logger, keyword: string): Promise<ImageSearchAnswer>;
  /** A live photo found by an earlier search, fetched from the provider. */
  photo(db: Database, logger: Logger, id: string): Promise<PhotoAnswer>;
}

const isPhotoType = (type: string) => /^image\/(jpeg|png|webp|gif)$/.test(type);

export function createImagesService({
  key,
  url,
  timeoutMs,
  now = Date.now,
}: ImagesProviderOptions): ImagesService {
  const providerUrl = url ?? DEFAULT_PIXABAY_URL;
  const host = new URL(providerUrl).host;
  const live = new LiveData({ name: 'images', now });
  const recent: number[] = [];

  /** True when one more call stays under the provider's per-minute allowance. */
  const withinAllowance = () => {
    const minuteAgo = now() - 60_000;
    while (recent.length > 0 && (recent[0] ?? 0) <= minuteAgo) recent.shift();
    if (recent.length >= PIXABAY_REQUESTS_PER_MINUTE) return false;
    recent.push(now());
    return true;
  };

  const fetchSearch = async (db: Database, logger: Logger, query: string): Promise<CachedSearch> => {
    if (!withinAllowance()) throw new ProviderError('is past its allowance of requests this minute');
    const address = new URL(providerUrl);
    address.searchParams.set('key', key ?? '');
    address.searchParams.set('q', query);
    address.searchParams.set('image_type', 'photo');
    address.searchParams.set('per_page', String(IMAGES_PER_SEARCH));
    address.searchParams.set('safesearch', 'true');
    const photos = parsePixabay(await fetchJson(address.href, { timeoutMs }), host);
    // Each photo is remembered on its own, so `/api/data/images/pixabay-{id}.jpg` finds it.
    const fetchedAt = new Date(now());
    for (const photo of photos) {
      try {
        await writeCache(db, photoKey(photo.id), photo, fetchedAt);
      } catch (error) {
        logger.error(`images: could not cache ${photo.id}`, error);
      }
    }
    return { host, photos };
  };

  return {
    async search(db, logger, keyword) {
      const offline = () => searchOffline(keyword);
      if (!key) return { hits: offline(), fallback: false };
      const query = keyword.trim().toLowerCase().replace(/\s+/g, ' ');
      const result = await live.get(db, logger, {
        key: `images:pixabay:${query}`,
        maxAgeMs: IMAGES_MAX_AGE_MS,
        fetch: () => fetchSearch(db, logger, query),
        fromCache: (body) => {
          const parsed = v.safeParse(CachedSearch, body);
          return parsed.success ? parsed.output : undefined;
        },
      });
      const fallback = result.status !== 'live';
      // The provider is down, or has no photo for the keyword: the emoji may still have one.
      if (result.status === 'unavailable' || result.value.photos.length === 0) {
        const hits = offline();
        return {
          hits: fallback ? hits.map((hit) => ({ ...hit, source: IMAGE_SOURCE.offlineFallback })) : hits,
          fallback,
        };
      }
      const source = result.status === 'live' ? IMAGE_SOURCE.live(result.value.host) : IMAGE_SOURCE.cached;
      return {
        hits: result.value.photos.map((photo) => liveHit(photo, source)),
        fallback,
      };
    },

    async photo(db, logger, id) {
      if (!key || !PIXABAY_ID.test(id)) return { status: 'not-found' };
      let photo: LivePhoto | undefined;
      try {
        const row = await readCache(db, photoKey(id));
        const parsed = row && v.safeParse(LivePhotoSchema, row.body);
        photo = parsed?.success ? parsed.output : undefined;
      } catch (error) {
        logger.error(`images: could not read ${id}`, error);
        return { status: 'unavailable' };
      }
      if (!photo || !sameSite(photo.photoUrl, host)) return { status: 'not-found' };
      try {
        const file = await fetchFile(photo.photoUrl, {
          timeoutMs,
          maxBytes: MAX_PHOTO_BYTES,
          accept: isPhotoType,
        });
        return { status: 'ok', file };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        logger.warn(`images: provider failed for ${id}: ${error.message}`);
        return { status: 'unavailable' };
      }
    },
  };
}
