/**
 * `npm run bench:api`: the API's read paths against a real PostgreSQL database, as delivered.
 * 1. Creates BENCH_DATABASE_URL's database when missing, migrates it, and (unless BENCH_SEED=0 and
 *    it already holds BENCH_POSTS posts) seeds BENCH_POSTS posts inside the database
 *    (generate_series; api/src/db/seed-posts.ts), then prints the plans (EXPLAIN ANALYZE) of a
 *    rare-word and a common-word search page.
 * 2. Starts `api/src/server.ts` on it (BENCH_PORT; WEB_CONCURRENCY passed through), and measures
 *    with wrk, DURATION seconds at each of CONNECTIONS: list page 1 and page 50 (page_size 10), a
 *    rare-word and a common-word search (rotating through word lists, one word per request, so no
 *    single answer serves the run) and one post's detail (rotating through 100 posts).
 *    It does so twice: as delivered (anonymous answers kept in memory, decision 034), and with
 *    ANSWER_CACHE_ENTRIES=0, so every request does the database work (what grows with the table).
 * Prints one line per endpoint and connection count: req/s, p50, p99, non-2xx answers.
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/toolbox_bench_api), BENCH_POSTS (10000),
 * BENCH_PORT (3102), DURATION (10), WARMUP (2), CONNECTIONS ("1,50"), BENCH_SEED (1),
 * BENCH_CACHE ("on,off": which of the two runs).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { countPosts, listPostsQuery } from '@toolbox/api/blog/posts';
import { openDatabase } from '@toolbox/api/db';
import { rowsOf, searchPath } from '@toolbox/api/db/lists';
import { COMMON_WORDS, RARE_WORDS, seedPosts } from '@toolbox/api/db/seed-posts';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';

const root = join(import.meta.dirname, '..', '..');
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/toolbox_bench_api';
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3102);
const DURATION = Number(process.env.DURATION ?? 10);
const WARMUP = Number(process.env.WARMUP ?? 2);
const CONNECTIONS = (process.env.CONNECTIONS ?? '1,50').split(',').map(Number);
const SEED = process.env.BENCH_SEED !== '0';
const CACHE_MODES = (process.env.BENCH_CACHE ?? 'on,off')
  .split(',')
  .filter((mode) => mode === 'on' || mode === 'off');
/** Common words, each in roughly 40 % of the posts. */
const COMMON = ['harbor', 'garden', 'river', 'window', 'silver', 'summer', 'market', 'pilot'];
const BASE = `http://127.0.0.1:${PORT}`;

async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) await admin.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

async function prepare() {
  await ensureDatabase();
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: '' });
  try {
    const db = database.db;
    await db.execute(sql`insert into users (username, email, password_hash, role)
      values ('bench-author', 'bench-author@example.invalid', '-', 'admin') on conflict do nothing`);
    const [author] = await database.execute<{ id: number }>(
      sql`select id from users where username = 'bench-author'`,
    );
    const [have] = await database.execute<{ n: number }>(sql`select count(*)::int as n from posts`);
    if (SEED || Number(have?.n) !== POSTS) {
      const started = performance.now();
      await seedPosts(db, POSTS, Number(author?.id));
      console.log(`seeded ${POSTS} posts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    for (const [label, word] of [
      ['rare word', RARE_WORDS[0]],
      ['common word', COMMON[0]],
    ] as const) {
      // The page's path as the API chooses it: from the count (decision 077).
      const path = searchPath(word ?? '', await countPosts(db, null, word ?? ''));
      const query = listPostsQuery(db, null, word ?? '', { limit: 10, offset: 0 }, path);
      const plan = rowsOf<Record<string, string>>(
        await db.execute(sql`explain (analyze, costs off, timing off, summary on) ${query}`),
      );
      console.log(`\nplan of a ${label} search page (${word}):`);
      for (const row of plan) console.log(`  ${Object.values(row)[0]}`);
    }
    const [newest] = await database.execute<{ id: number }>(sql`select max(id)::int as id from posts`);
    return Number(newest?.id ?? 1);
  } finally {
    await database.close();
  }
}

async function startApi(cache: string) {
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
    cwd: join(root, 'api'),
    env: {
      ...process.env,
      DATABASE_URL,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      ...(cache === 'off' ? { ANSWER_CACHE_ENTRIES: '0' } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${BASE}/api/health/`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the API did not answer within 60 s');
}

const LUA = `
local paths = {PATHS}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
done = function(summary, latency, requests)
  local bad = summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.1f %.2f %.2f %d\\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, bad))
end
`;

function wrk(paths: string[], connections: number, seconds: number, dir: string) {
  const script = join(dir, 'rotate.lua');
  writeFileSync(script, LUA.replace('{PATHS}', `{${paths.map((path) => JSON.stringify(path)).join(',')}}`));
  const threads = String(Math.min(2, connections));
  const output = execFileSync(
    'wrk',
    ['-t', threads, '-c', String(connections), '-d', `${seconds}s`, '-s', script, BASE],
    { encoding: 'utf8' },
  );
  const line = output.split('\n').find((text) => text.startsWith('RESULT '));
  if (!line) throw new Error(`wrk said:\n${output}`);
  const [rps, p50, p99, bad] = line.slice(7).split(' ').map(Number);
  return { rps: rps ?? 0, p50: p50 ?? 0, p99: p99 ?? 0, bad: bad ?? 0 };
}

async function main() {
  try {
    execFileSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' });
  } catch {
    throw new Error('wrk is needed: apt-get install -y wrk');
  }
  const newest = await prepare();
  const dir = mkdtempSync(join(tmpdir(), 'api-bench-'));
  const endpoints: [string, string[]][] = [
    ['list page 1', ['/api/posts/?page=1&page_size=10']],
    ['list page 50', ['/api/posts/?page=50&page_size=10']],
    ['search rare word', RARE_WORDS.map((word) => `/api/posts/?search=${word}&page_size=10`)],
    ['search common word', COMMON.map((word) => `/api/posts/?search=${word}&page_size=10`)],
    ['detail', Array.from({ length: 100 }, (_, index) => `/api/posts/${newest - index}/`)],
  ];
  try {
    for (const cache of CACHE_MODES) {
      const api = await startApi(cache);
      try {
        console.log(
          `\n${POSTS} posts, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? '(cores)'}, ${DURATION} s each, ` +
            (cache === 'on'
              ? 'as delivered (answers kept in memory)'
              : 'ANSWER_CACHE_ENTRIES=0 (database work on every request)'),
        );
        console.log(
          `load average before: ${loadavg()
            .map((n) => n.toFixed(2))
            .join(' ')}`,
        );
        console.log('endpoint                 conns     req/s    p50 ms    p99 ms  errors');
        for (const connections of CONNECTIONS) {
          for (const [label, paths] of endpoints) {
            if (WARMUP > 0) wrk(paths, connections, WARMUP, dir);
            const result = wrk(paths, connections, DURATION, dir);
            console.log(
              `${label.padEnd(24)} ${String(connections).padStart(5)} ${result.rps.toFixed(0).padStart(9)} ${result.p50
                .toFixed(2)
                .padStart(9)} ${result.p99.toFixed(2).padStart(9)} ${String(result.bad).padStart(7)}`,
            );
          }
        }
      } finally {
        await stopApi(api);
      }
    }
    console.log(`\ncommon words: ${COMMON.join(' ')}; rare words: ${RARE_WORDS.join(' ')}`);
    console.log(`(${COMMON_WORDS.length} words in the seeded text)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** SIGTERM to the API's process group, then waits until its port is free for the next run. */
async function stopApi(api: ReturnType<typeof spawn>) {
  const exited = new Promise((resolve) => api.once('exit', resolve));
  if (api.pid) process.kill(-api.pid, 'SIGTERM');
  await exited;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
