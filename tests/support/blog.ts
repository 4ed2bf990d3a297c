/**
 * Blog helpers for black-box tests: multipart post forms, posts created through the API, and test
 * images made with sharp.
 *
 *   const post = await createPost(api, admin.token, { title: 'Hello', status: 'Published' });
 *   const png = await imageBytes('png', 40, 30);
 *   await api.json(`/api/posts/${post.id}/`, { method: 'PATCH', headers: authHeader(admin.token),
 *     body: postForm({}, { bytes: png, name: 'x.png' }) });
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { authHeader, login, uniqueUsername } from './accounts';
import type { TestServer } from './server';

export interface PostBody {
  id: number;
  title: string;
  subtitle: string;
  description: string;
  full_content: string;
  image: string | null;
  image_width: number | null;
  image_height: number | null;
  status: 'Draft' | 'Published';
  author_name: string;
  number_of_likes: number;
  number_of_shares: number;
  number_of_comments: number;
  user_has_liked: boolean;
  created_at: string;
  updated_at: string;
}

export interface PageBody<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface Upload {
  bytes: Uint8Array;
  name?: string;
  /** The declared type; the server must not believe it. */
  type?: string;
}

/** A multipart body of text fields and, optionally, an image file (or a text value for `image`). */
export function postForm(fields: Record<string, string>, image?: Upload | string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (typeof image === 'string') form.append('image', image);
  else if (image) {
    const blob = new Blob([image.bytes as Uint8Array<ArrayBuffer>], {
      type: image.type ?? 'application/octet-stream',
    });
    form.append('image', blob, image.name ?? 'image');
  }
  return form;
}

export const DEFAULT_POST = {
  title: 'A post',
  subtitle: 'Its subtitle',
  description: 'What it is about',
  full_content: 'The whole text.',
  status: 'Published',
} as const;

/** Creates a post as `token` (an admin) and answers it; throws unless the answer is 201. */
export async function createPost(
  api: Pick<TestServer, 'json'>,
  token: string,
  fields: Record<string, string> = {},
  image?: Upload,
): Promise<PostBody> {
  const { status, body } = await api.json<PostBody>('/api/posts/', {
    method: 'POST',
    headers: authHeader(token),
    body: postForm({ ...DEFAULT_POST, ...fields }, image),
  });
  if (status !== 201) throw new Error(`Creating a post failed: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** A small solid image in one of the accepted formats. */
export async function imageBytes(
  format: 'png' | 'jpeg' | 'webp' | 'gif',
  width = 32,
  height = 24,
): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: '#2a6f97' } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

/** A JPEG carrying EXIF (author, copyright, GPS-like comment) and an orientation tag. */
export async function jpegWithExif(width = 40, height = 20): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'Private', ImageDescription: 'home' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return new Uint8Array(buffer);
}

/**
 * A real PNG of at least `minBytes`: random pixels barely compress, so the file is about
 * width × height × 3 bytes.
 */
export async function noisyPng(minBytes: number): Promise<Uint8Array> {
  const side = Math.ceil(Math.sqrt(minBytes / 3)) + 8;
  const pixels = new Uint8Array(side * side * 3);
  for (let offset = 0; offset < pixels.length; offset += 65_536) {
    crypto.getRandomValues(pixels.subarray(offset, Math.min(pixels.length, offset + 65_536)));
  }
  const buffer = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (buffer.byteLength < minBytes) throw new Error('noisyPng came out too small');
  return new Uint8Array(buffer);
}

/** The path of an absolute image URL the API answered, for `api.request`. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * `count` signed-in members, made a few at a time with one admin session (faster than calling
 * createAccount, which signs the admin in for every account). Answers `{ userId, token }` each.
 */
export async function createMembers(
  api: Pick<TestServer, 'json' | 'admin'>,
  count: number,
  batch = 10,
): Promise<{ userId: number; token: string }[]> {
  const adminToken = await login(api, api.admin.username, api.admin.password);
  const made: { userId: number; token: string }[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    made.push(
      ...(await Promise.all(
        Array.from({ length: size }, async () => {
          const username = uniqueUsername('liker');
          const password = `pw-${randomBytes(9).toString('hex')}`;
          const created = await api.json<{ user: { id: number } }>('/api/profiles/', {
            method: 'POST',
            headers: authHeader(adminToken),
            body: {
              username,
              password,
              email: `${username}@example.com`,
              full_name: `Liker ${username}`,
              phone_number: '+256 700 000000',
              role: 'member',
            },
          });
          if (created.status !== 201) {
            throw new Error(`Creating ${username} failed: ${created.status} ${JSON.stringify(created.body)}`);
          }
          return { userId: created.body.user.id, token: await login(api, username, password) };
        }),
      )),
    );
  }
  return made;
}
