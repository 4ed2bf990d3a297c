/**
 * `npm run reliability [-- case …]`: the load cases of the hardening probe (issue 16), repeated on
 * demand against the real server process (tests/support/process.ts). Cases (all by default):
 *
 * - `fuzz`: RELIABILITY_FUZZ_N (10 000) random requests over every endpoint (random methods,
 *   query strings of random bytes, bodies of random JSON, forms and bytes, random tokens), 16 at
 *   a time; counts the answers by status. Pass: no 5xx other than 503.
 * - `db-cut`: PostgreSQL only (TEST_DATABASE_URL): the server talks to a scratch database through
 *   a TCP proxy on loopback, under load (reads and comments); the proxy is cut, then restored.
 *   Reports the time to the first 503, the slowest answer while cut, any 500, and the time to
 *   recover. Pass: 503 within 5 s, no 500, recovery without a restart.
 * - `sigterm`: 50 requests in flight (big list pages and 3.8 MB uploads, each on a connection of
 *   its own) when SIGTERM arrives, sent once every one is on the wire. Pass: every one answered,
 *   exit code 0.
 * - `two-servers`: a second server on the first one's DATA_DIR. Pass: it refuses to start,
 *   naming the folder and the process.
 *
 * The fuzz and SIGTERM cases run on PGlite, or on PostgreSQL when RELIABILITY_DATABASE=postgres.
 * Exits 1 when a case fails.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@toolbox/api/db/testing';
import { type ServerProcess, spawnServer } from '../support/process';
import { startTcpProxy } from '../support/tcp-proxy';

const ADMIN = { username: 'reliability', password: `rel-${randomBytes(9).toString('hex')}` };
const FUZZ_N = Number(process.env.RELIABILITY_FUZZ_N ?? 10_000);
const results: { name: string; pass: boolean; figures: string }[] = [];

interface Started {
  server: ServerProcess;
  stop(): Promise<void>;
}

async function start(
  env: Record<string, string> = {},
  usePostgres = process.env.RELIABILITY_DATABASE === 'postgres',
): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolbox-reliability-'));
  let scratch: ScratchDatabase | undefined;
  if (usePostgres) {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('RELIABILITY_DATABASE=postgres needs TEST_DATABASE_URL.');
    scratch = await createScratchDatabase(url);
  }
  const server = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  return {
    server,
    async stop() {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(base: string, path: string, init: RequestInit = {}) {
  const res = await fetch(new URL(path, base), { redirect: 'manual', ...init });
  const text = await res.text();
  return { status: res.status, text };
}

async function adminToken(base: string): Promise<string> {
  const { text } = await call(base, '/api/login/', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return (JSON.parse(text) as { token: string }).token;
}

async function createPost(base: string, token: string, title: string): Promise<number> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ title, description: 'Reliability', status: 'Published' })) {
    form.set(key, value);
  }
  const { status, text } = await call(base, '/api/posts/', {
    method: 'POST',
    headers: { Authorization: `Token ${token}` },
    body: form,
  });
  if (status !== 201) throw new Error(`Creating a post failed: ${status} ${text}`);
  return (JSON.parse(text) as { id: number }).id;
}

/** Runs `work` for each of `count` items, `concurrency` at a time. */
async function pool<T>(
  count: number,
  concurrency: number,
  work: (index: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        out[index] = await work(index);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
// fuzz

const PATHS = [
  '/api/health/',
  '/api/login/',
  '/api/logout/',
  '/api/me/',
  '/api/profiles/',
  '/api/profiles/1/',
  '/api/profiles/999999999999/',
  '/api/data/countries/',
  '/api/data/currencies/',
  '/api/data/rates/',
  '/api/data/cpi/',
  '/api/posts/',
  '/api/posts/1/',
  '/api/posts/1/like/',
  '/api/posts/1/share/',
  '/api/posts/-1/',
  '/api/comments/',
  '/api/comments/1/',
  '/api/contact/',
  '/api/media/x.png',
  '/api/nothing/',
];
const METHODS = ['GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
const FIELDS = [
  'username',
  'password',
  'email',
  'full_name',
  'phone_number',
  'address',
  'role',
  'title',
  'subtitle',
  'description',
  'full_content',
  'status',
  'text',
  'blog_post',
  'name',
  'message',
  'page',
  'page_size',
  'search',
  'base',
  'country',
  'image',
];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function randomText(): string {
  const kind = Math.floor(Math.random() * 9);
  switch (kind) {
    case 0:
      return '\u0000';
    case 1:
      return '😀'.repeat(Math.floor(Math.random() * 300));
    case 2:
      return '\ud800x';
    case 3:
      return 'a'.repeat(Math.floor(Math.random() * 70_000));
    case 4:
      return String(Math.random() * 1e20);
    case 5:
      return "' OR 1=1; --";
    case 6:
      return '%';
    case 7:
      return randomBytes(8).toString('latin1');
    default:
      return randomBytes(6).toString('hex');
  }
}

function randomValue(depth = 0): unknown {
  const kind = Math.floor(Math.random() * (depth > 2 ? 6 : 8));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return Math.random() > 0.5;
    case 2:
      return pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER]);
    case 3:
    case 4:
    case 5:
      return randomText();
    case 6:
      return Array.from({ length: Math.floor(Math.random() * 4) }, () => randomValue(depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(Math.random() * 5) }, () => [pick(FIELDS), randomValue(depth + 1)]),
      );
  }
}

/** Percent-encodes `text`; a lone surrogate (which encodeURIComponent refuses) goes as its raw bytes, never UTF-8. */
function encodeLoosely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text.replace(/[\ud800-\udfff]/g, '\u0000'), 'utf8')]
      .map((byte) => (byte === 0 ? '%ED%A0%80' : `%${byte.toString(16).padStart(2, '0')}`))
      .join('');
  }
}

function randomQuery(): string {
  if (Math.random() < 0.3) return '';
  const pairs = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => {
    const value =
      Math.random() < 0.5
        ? [...randomBytes(1 + Math.floor(Math.random() * 6))]
            .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
            .join('')
        : encodeLoosely(String(randomValue(3)));
    return `${pick(FIELDS)}=${value}`;
  });
  return `?${pairs.join('&')}`;
}

function randomBody(): { body?: BodyInit; contentType?: string } {
  const kind = Math.floor(Math.random() * 6);
  if (kind === 0) return {};
  if (kind === 1) return { body: JSON.stringify(randomValue()), contentType: 'application/json' };
  if (kind === 2)
    return {
      body: randomBytes(Math.floor(Math.random() * 2000)),
      contentType: pick(['application/json', 'text/plain', 'application/octet-stream']),
    };
  if (kind === 3) {
    const form = new FormData();
    for (let index = 0; index < 4; index += 1) {
      if (Math.random() < 0.2) form.set('image', new Blob([randomBytes(200)]), 'x.png');
      else form.set(pick(FIELDS), String(randomValue(3)));
    }
    return { body: form };
  }
  if (kind === 4)
    return {
      body: `${pick(FIELDS)}=${encodeLoosely(randomText())}&x=%FF%00`,
      contentType: 'application/x-www-form-urlencoded',
    };
  return { body: '{"title": "unterminated', contentType: 'application/json' };
}

/** A request that got no answer, told in full: what was sent and why the client gave up. */
function describeFailure(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  error: unknown,
): string {
  const shown = path.length > 120 ? `${path.slice(0, 120)}… (${path.length} characters)` : path;
  const headerText = Object.entries(headers)
    .map(
      ([name, value]) => `${name}: ${value.length > 40 ? `${value.slice(0, 40)}… (${value.length})` : value}`,
    )
    .join('; ');
  let causes = '';
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as { code?: string; message?: string };
    causes += ` ← ${code ? `${code}: ` : ''}${message ?? String(current)}`;
  }
  return `${method} ${shown} [${headerText || 'no headers'}] body ${bodySize(body)}:${causes}`;
}

function bodySize(body: BodyInit | undefined): string {
  if (body === undefined) return 'none';
  if (typeof body === 'string') return `${Buffer.byteLength(body)} B`;
  if (body instanceof Uint8Array) return `${body.byteLength} B`;
  if (body instanceof FormData) {
    let bytes = 0;
    for (const [, value] of body) bytes += typeof value === 'string' ? Buffer.byteLength(value) : value.size;
    return `form of about ${bytes} B`;
  }
  return 'stream';
}

async function fuzz() {
  const { server, stop } = await start();
  try {
    const token = await adminToken(server.url);
    await createPost(server.url, token, 'Fuzzed');
    const tokens = [undefined, `Token ${token}`, 'Token nonsense', 'Bearer ', `Token ${'x'.repeat(5000)}`];
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let networkErrors = 0;
    const started = performance.now();
    await pool(FUZZ_N, 16, async () => {
      const method = pick(METHODS);
      const path = `${pick(PATHS)}${randomQuery()}`;
      const { body, contentType } = method === 'GET' || method === 'HEAD' ? {} : randomBody();
      const headers: Record<string, string> = {};
      const auth = pick(tokens);
      if (auth) headers.Authorization = auth;
      if (contentType) headers['Content-Type'] = contentType;
      try {
        const res = await fetch(new URL(path, server.url), { method, headers, body, redirect: 'manual' });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500 && res.status !== 503 && failures.length < 30)
          failures.push(`${method} ${path} → ${res.status}`);
      } catch (error) {
        networkErrors += 1;
        if (failures.length < 30) failures.push(describeFailure(method, path, headers, body, error));
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const fiveHundreds = [...statuses]
      .filter(([status]) => status >= 500 && status !== 503)
      .reduce((sum, [, n]) => sum + n, 0);
    const byStatus = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
    results.push({
      name: 'fuzz',
      pass: fiveHundreds === 0 && networkErrors === 0,
      figures: `${FUZZ_N} requests in ${seconds.toFixed(0)} s; 5xx other than 503: ${fiveHundreds}; network errors: ${networkErrors}; by status: ${byStatus}${failures.length ? `\n    ${failures.join('\n    ')}` : ''}`,
    });
  } finally {
    await stop();
  }
}

// ---------------------------------------------------------------------------------------------
// database cut under load

async function databaseCut() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    results.push({ name: 'db-cut', pass: true, figures: 'not run: needs TEST_DATABASE_URL (PostgreSQL)' });
    return;
  }
  const scratch = await createScratchDatabase(adminUrl);
  const target = new URL(scratch.url);
  const proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
  target.hostname = '127.0.0.1';
  target.port = String(proxy.port);
  const dataDir = mkdtempSync(join(tmpdir(), 'toolbox-reliability-'));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: target.toString(),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  try {
    const token = await adminToken(server.url);
    const postId = await createPost(server.url, token, 'Under load');
    let phase: 'before' | 'cut' | 'restored' = 'before';
    let cutAt = 0;
    let restoredAt = 0;
    let first503 = Number.NaN;
    let firstOkAfter = Number.NaN;
    let slowestWhileCut = 0;
    let fiveHundreds = 0;
    let networkErrors = 0;
    let refusedWrites = 0;
    let running = true;
    const loop = async (worker: number) => {
      let written = 0;
      while (running) {
        const isWrite = worker % 2 === 0;
        const sentIn = phase;
        const started = performance.now();
        try {
          const res = isWrite
            ? await fetch(new URL('/api/comments/', server.url), {
                method: 'POST',
                headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
                body: JSON.stringify({ blog_post: postId, text: `w${worker}-${written++}` }),
              })
            : await fetch(new URL('/api/posts/?page_size=20', server.url));
          await res.arrayBuffer();
          const now = performance.now();
          if (sentIn === 'cut') slowestWhileCut = Math.max(slowestWhileCut, now - started);
          if (res.status === 503 && phase === 'cut' && Number.isNaN(first503)) first503 = now - cutAt;
          if (res.status === 503 && isWrite) refusedWrites += 1;
          if (res.status < 500 && phase === 'restored' && Number.isNaN(firstOkAfter))
            firstOkAfter = now - restoredAt;
          if (res.status >= 500 && res.status !== 503) fiveHundreds += 1;
        } catch {
          networkErrors += 1;
        }
      }
    };
    const loops = Array.from({ length: 8 }, (_, index) => loop(index));
    await new Promise((resolveWait) => setTimeout(resolveWait, 2000));
    cutAt = performance.now();
    phase = 'cut';
    await proxy.cut();
    await new Promise((resolveWait) => setTimeout(resolveWait, 8000));
    restoredAt = performance.now();
    await proxy.restore();
    phase = 'restored';
    await new Promise((resolveWait) => setTimeout(resolveWait, 8000));
    running = false;
    await Promise.all(loops);
    const pass =
      first503 < 5000 && slowestWhileCut < 5000 && fiveHundreds === 0 && !Number.isNaN(firstOkAfter);
    results.push({
      name: 'db-cut',
      pass,
      figures:
        `first 503 ${first503.toFixed(0)} ms after the cut; slowest answer while cut ${slowestWhileCut.toFixed(0)} ms; ` +
        `writes refused with 503: ${refusedWrites}; 5xx other than 503: ${fiveHundreds}; network errors: ${networkErrors}; ` +
        `first success ${firstOkAfter.toFixed(0)} ms after the database came back (no restart)`,
    });
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await proxy.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// SIGTERM under load

/** A request on its way: `sent` once its first bytes are on the wire, `answered` with the status. */
interface Sent {
  sent: Promise<void>;
  answered: Promise<number>;
}

/**
 * Sends a request on a connection of its own; a body goes in slices of 256 KiB, so that a large one
 * is still arriving when the signal comes.
 */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Sent {
  let onSent: () => void = () => {};
  const sent = new Promise<void>((resolveSent) => {
    onSent = resolveSent;
  });
  const answered = new Promise<number>((resolveStatus, reject) => {
    const req = httpRequest(new URL(path, base), { method, headers, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolveStatus(res.statusCode ?? 0));
      res.on('error', reject);
    });
    if (!body) {
      req.end(onSent);
      return;
    }
    let offset = 0;
    const sendMore = () => {
      if (offset >= body.length) return void req.end();
      const slice = body.subarray(offset, offset + 256 * 1024);
      offset += slice.length;
      const first = offset === slice.length;
      req.write(slice, () => {
        if (first) onSent();
        setImmediate(sendMore);
      });
    };
    sendMore();
  });
  // A request refused before it was sent counts as lost, not as waiting for ever.
  answered.catch(onSent);
  return { sent, answered };
}

/** A POST of `bytes` random bytes as an image upload. */
function upload(base: string, token: string, bytes: number): Sent {
  const boundary = `rel${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nBig upload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="status"\r\n\r\nDraft\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const payload = Buffer.concat([head, randomBytes(bytes), tail]);
  return send(
    base,
    'POST',
    '/api/posts/',
    {
      Authorization: `Token ${token}`,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(payload.length),
    },
    payload,
  );
}

async function sigterm() {
  const { server, stop } = await start({ SHUTDOWN_TIMEOUT_MS: '30000' });
  try {
    const token = await adminToken(server.url);
    await pool(60, 4, (index) => createPost(server.url, token, `Post ${index}`));
    const requests: Sent[] = [];
    for (let index = 0; index < 50; index += 1) {
      requests.push(
        index % 2 === 0
          ? upload(server.url, token, 3_800_000)
          : send(server.url, 'GET', '/api/posts/?page_size=100', { Authorization: `Token ${token}` }),
      );
    }
    // In flight: every request on the wire (a fixed wait would let a busy client send some after
    // the signal, to a server that rightly refuses new connections by then).
    await Promise.all(requests.map((request) => request.sent));
    const inFlight = requests.map((request) => request.answered);
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const settled = await Promise.allSettled(inFlight);
    const exitCode = await server.exited;
    const stoppedMs = performance.now() - signalled;
    const lost = settled.filter((outcome) => outcome.status === 'rejected').length;
    const statuses = new Map<string, number>();
    for (const outcome of settled) {
      const key = outcome.status === 'fulfilled' ? String(outcome.value) : 'lost';
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }
    const fiveHundreds = settled.filter((o) => o.status === 'fulfilled' && o.value >= 500).length;
    results.push({
      name: 'sigterm',
      pass: lost === 0 && fiveHundreds === 0 && exitCode === 0,
      figures: `50 requests in flight (25 uploads of 3.8 MB, 25 list pages of 100): lost ${lost}, 5xx ${fiveHundreds}; answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}; exit code ${exitCode} after ${stoppedMs.toFixed(0)} ms`,
    });
  } finally {
    await stop();
  }
}

// ---------------------------------------------------------------------------------------------
// two servers on one folder

async function twoServers() {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolbox-reliability-'));
  const first = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    let second: ServerProcess | undefined;
    let message = '';
    try {
      second = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    } catch (error) {
      message = String((error as Error).message);
    }
    if (second) {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    const names = message.includes(dataDir) && message.includes(`process ${first.child.pid}`);
    results.push({
      name: 'two-servers',
      pass: !second && names,
      figures: second
        ? 'the second server started'
        : `refused: ${message.split('\n').find((line) => line.includes('in use')) ?? message}`,
    });
  } finally {
    first.child.kill('SIGTERM');
    await first.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const CASES: Record<string, () => Promise<void>> = {
  fuzz,
  'db-cut': databaseCut,
  sigterm,
  'two-servers': twoServers,
};

const wanted = process.argv.slice(2).filter((arg) => arg !== '--');
for (const name of wanted.length > 0 ? wanted : Object.keys(CASES)) {
  const run = CASES[name];
  if (!run) {
    console.error(`Unknown case ${name}: one of ${Object.keys(CASES).join(', ')}`);
    process.exit(2);
  }
  console.log(`… ${name}`);
  try {
    await run();
  } catch (error) {
    results.push({ name, pass: false, figures: `failed to run: ${String(error)}` });
  }
  const result = results.at(-1);
  if (result) console.log(`${result.pass ? 'PASS' : 'FAIL'} ${result.name}: ${result.figures}`);
}
process.exit(results.every((result) => result.pass) ? 0 : 1);
