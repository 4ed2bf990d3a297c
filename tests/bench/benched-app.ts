/**
 * What the front-end benches share: the app they time and the median they report.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { adminToken } from '../support/accounts';
import { createPost, imageBytes } from '../support/blog';
import { startTestServer, type TestServer } from '../support/server';

export interface BenchedApp {
  url: string;
  close(): Promise<void>;
}

/** The built platform the benches time: BENCH_STATIC_DIR, else platform/dist, built first when missing. */
export function builtPlatform(): string {
  const root = join(import.meta.dirname, '..', '..');
  const staticDir = process.env.BENCH_STATIC_DIR ?? join(root, 'platform', 'dist');
  if (!existsSync(join(staticDir, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@toolbox/platform'], { cwd: root, stdio: 'inherit' });
  }
  return staticDir;
}

/**
 * The app on the built platform (`builtPlatform()`), on an embedded database in a scratch folder
 * that `close` removes, with a blog to read: a page of posts (`seedBlog`).
 */
export async function startBenchedApp(): Promise<BenchedApp> {
  const server = await startTestServer({ staticDir: builtPlatform() });
  try {
    await seedBlog(server);
  } catch (error) {
    await server.close();
    throw error;
  }
  return { url: server.url, close: () => server.close() };
}

/** Posts in the blog's first page (5), the newest (shown first) with a photo: /bloguser as a visitor finds it. */
const BLOG_POSTS = 5;
const WALK = 'What was seen on a walk along the harbor, from the pier to the lighthouse. ';

/** Fills the blog as its admin, so that the benches read posts, not the empty list. */
async function seedBlog(server: TestServer) {
  const token = await adminToken(server);
  const photo = { bytes: await imageBytes('jpeg', 1200, 800), name: 'harbor.jpg', type: 'image/jpeg' };
  for (let n = 1; n <= BLOG_POSTS; n += 1) {
    const fields = {
      title: `A walk along the harbor, part ${n}`,
      description: WALK.repeat(2),
      full_content: WALK.repeat(30),
    };
    await createPost(server, token, fields, n === BLOG_POSTS ? photo : undefined);
  }
}

/** The middle value (the upper one of an even count); NaN for none. */
export const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
