/**
 * A fake Pixabay on loopback for the image search tests: `GET /api/?key=&q=&image_type=photo&per_page=10&safesearch=true`
 * answers Pixabay's shape (`{ total, totalHits, hits: [{ id, webformatURL, likes, views, … }] }`)
 * for the keywords in `photos`, and `GET /get/{id}.png` serves each photo (a small PNG). It refuses
 * a wrong key with 400, as Pixabay does, misbehaves as `mode` says, counts requests, and can be
 * stopped and started again on the same port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeMode } from './fake-provider';

/** A 2×1 red PNG. */
export const FAKE_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWP4z8Dwn4EBAAj+Af/KOtJRAAAAAElFTkSuQmCC',
  'base64',
);

export interface FakePhoto {
  id: number;
  likes: number;
  views: number;
  tags: string;
  user: string;
  /** Served from another host than the fake's: the API must not fetch it. */
  elsewhere?: boolean;
}

export interface FakePixabay {
  origin: string;
  host: string;
  /** For PIXABAY_URL. */
  url: string;
  key: string;
  mode: FakeMode;
  slowMs: number;
  /** What a search answers, by lower-cased keyword. */
  photos: Record<string, FakePhoto[]>;
  /** Every request's path and query, in order. */
  requests: string[];
  count(prefix: string): number;
  reset(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

const initialPhotos = (): Record<string, FakePhoto[]> => ({
  cat: [
    { id: 101, likes: 10, views: 100, tags: 'cat, kitten', user: 'ann' },
    { id: 102, likes: 500, views: 9000, tags: 'cat, pet, animal', user: 'bob' },
    { id: 103, likes: 50, views: 2000, tags: 'cat, sleeping', user: 'cy' },
    { id: 104, likes: 99_999, views: 99_999, tags: 'cat, hotlinked', user: 'eve', elsewhere: true },
  ],
  'red panda': [{ id: 201, likes: 1, views: 2, tags: 'red panda', user: 'dee' }],
});

export async function startFakePixabay(key = 'fake-pixabay-key'): Promise<FakePixabay> {
  let server: Server | undefined;
  let port = 0;
  const pending = new Set<NodeJS.Timeout>();

  const fake: FakePixabay = {
    origin: '',
    host: '',
    url: '',
    key,
    mode: 'ok',
    slowMs: 3000,
    photos: initialPhotos(),
    requests: [],
    count: (prefix) => fake.requests.filter((path) => path.startsWith(prefix)).length,
    reset() {
      fake.mode = 'ok';
      fake.slowMs = 3000;
      fake.photos = initialPhotos();
      fake.requests.length = 0;
    },
    async start() {
      if (server) return;
      const created = createServer((req, res) => handle(req, res));
      await new Promise<void>((resolve, reject) => {
        created.once('error', reject);
        created.listen(port, '127.0.0.1', () => resolve());
      });
      server = created;
      port = (created.address() as AddressInfo).port;
      fake.origin = `http://127.0.0.1:${port}`;
      fake.host = `127.0.0.1:${port}`;
      fake.url = `${fake.origin}/api/`;
    },
    async stop() {
      const running = server;
      if (!running) return;
      server = undefined;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      running.closeAllConnections();
      await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };

  function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
    res.writeHead(status, { 'Content-Type': type });
    res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', fake.origin);
    fake.requests.push(`${url.pathname}${url.search}`);
    const answer = () => respond(url, res);
    switch (fake.mode) {
      case 'ok':
        return answer();
      case 'html':
        return send(res, 200, '<!doctype html><html><body>Down for maintenance</body></html>', 'text/html');
      case 'wrong-shape':
        return send(
          res,
          200,
          url.pathname === '/api/' ? { total: 1, hits: 'none' } : '{}',
          'application/json',
        );
      case 'error-500':
        return send(res, 500, { error: 'internal' });
      case 'slow': {
        const timer = setTimeout(() => {
          pending.delete(timer);
          answer();
        }, fake.slowMs);
        pending.add(timer);
        return;
      }
      case 'cut':
        return req.socket.destroy();
    }
  }

  function respond(url: URL, res: ServerResponse) {
    if (url.pathname === '/api/') {
      if (url.searchParams.get('key') !== fake.key)
        return send(res, 400, '[ERROR 400] Invalid or missing API key', 'text/plain');
      const photos = fake.photos[(url.searchParams.get('q') ?? '').toLowerCase()] ?? [];
      const perPage = Number(url.searchParams.get('per_page') ?? 20);
      const hits = photos.slice(0, perPage).map((photo) => ({
        id: photo.id,
        pageURL: `${fake.origin}/photos/${photo.id}/`,
        type: 'photo',
        tags: photo.tags,
        previewURL: `${fake.origin}/get/${photo.id}-preview.png`,
        webformatURL: photo.elsewhere
          ? `http://images.example.invalid/get/${photo.id}.png`
          : `${fake.origin}/get/${photo.id}.png`,
        webformatWidth: 640,
        webformatHeight: 427,
        likes: photo.likes,
        views: photo.views,
        user: photo.user,
      }));
      return send(res, 200, { total: hits.length, totalHits: hits.length, hits });
    }
    const photo = /^\/get\/(\d+)\.png$/.exec(url.pathname);
    if (photo) return send(res, 200, FAKE_PHOTO, 'image/png');
    send(res, 404, { error: 'no such path' });
  }

  await fake.start();
  return fake;
}
