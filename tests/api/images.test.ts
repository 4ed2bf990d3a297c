/**
 * GET /api/data/images/?q= and /api/data/images/{id}.svg|jpg: the offline emoji (hits, ranking,
 * no hits, refused queries, single images) and a fake Pixabay on loopback (live answer, cache,
 * failures, fallbacks, its photos passed on by the API).
 */
import { NULL_CHARACTER } from '@toolbox/api/http/text-input';
import type { ImageHit } from '@toolbox/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PHOTO, type FakePixabay, startFakePixabay } from '../support/fake-pixabay';
import type { FakeMode } from '../support/fake-provider';
import { describeEachDatabase, type TestServer } from '../support/server';

const HOUR = 60 * 60 * 1000;
const TIMEOUT_MS = 1000;
const EMPTY = 'Please enter a keyword like "cat" or "dog"';

let clock = Date.now();
const now = () => clock;
const advance = (ms: number) => {
  clock += ms;
};

let pixabay: FakePixabay;
let broken: FakePixabay;
beforeAll(async () => {
  pixabay = await startFakePixabay();
  broken = await startFakePixabay();
});
afterAll(async () => {
  await pixabay?.stop();
  await broken?.stop();
});

const search = (api: TestServer, q: string) =>
  api.json<ImageHit[]>(`/api/data/images/?q=${encodeURIComponent(q)}`);

describeEachDatabase('image search, offline', (api) => {
  it('finds up to ten emoji for "cat", the exact label first, each with its credit and licence', async () => {
    const { status, headers, body } = await search(api, 'cat');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=600');
    expect(body).toHaveLength(10);
    expect(body[0]).toEqual({
      id: 'cat',
      url: '/api/data/images/cat.svg',
      width: 512,
      height: 512,
      label: 'cat',
      credit: 'Noto Emoji by Google',
      licence: 'Apache-2.0',
      source: 'offline',
    });
    // Then the labels with the word, shortest first; tags ("tiger": cat) come after them.
    expect(body[1]?.label).toBe('cat face');
    const lengths = body.slice(1).map((hit) => hit.label.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    const labels = body.map((hit) => hit.label);
    expect(labels.every((label) => label.split(/\W+/).includes('cat'))).toBe(true);
    expect(new Set(body.map((hit) => hit.id)).size).toBe(10);
  });

  it('ranks an exact label first whatever the case and spacing, and finds by tag', async () => {
    const dog = await search(api, '  DOG ');
    expect(dog.status).toBe(200);
    expect(dog.body[0]?.label).toBe('dog');
    expect(dog.body.map((hit) => hit.label)).toEqual(
      expect.arrayContaining(['dog face', 'guide dog', 'service dog', 'hot dog', 'poodle']),
    );
    const pizza = await search(api, 'pizza');
    // The mushroom is tagged "pizza".
    expect(pizza.body.map((hit) => hit.label)).toEqual(['pizza', 'brown mushroom']);
    const kitten = await search(api, 'kitten');
    expect(kitten.body.map((hit) => hit.label)).toContain('cat face');
    const twoWords = await search(api, 'hot dog');
    expect(twoWords.body[0]?.label).toBe('hot dog');
  });

  it('answers an empty list when nothing matches', async () => {
    for (const q of ['zzzzqqq', 'xylophonist']) {
      const { status, body } = await search(api, q);
      expect(status, q).toBe(200);
      expect(body, q).toEqual([]);
    }
  });

  it('refuses an empty, unsafe or huge keyword with 400', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['/api/data/images/', { q: [EMPTY] }],
      ['/api/data/images/?q=', { q: [EMPTY] }],
      ['/api/data/images/?q=%20%20', { q: [EMPTY] }],
      [`/api/data/images/?q=${'a'.repeat(101)}`, { q: ['Keep the keyword under 100 characters.'] }],
      [`/api/data/images/?q=${'cat%20'.repeat(500)}`, { q: ['Keep the keyword under 100 characters.'] }],
      [
        '/api/data/images/?q=%3Cscript%3E',
        { q: ['Use letters, digits, spaces, hyphens and apostrophes only.'] },
      ],
      // The API's one text rule answers a NUL before the route's own checks.
      ['/api/data/images/?q=cat%00', { q: [NULL_CHARACTER] }],
      [
        '/api/data/images/?q=..%2F..%2Fetc',
        { q: ['Use letters, digits, spaces, hyphens and apostrophes only.'] },
      ],
      ['/api/data/images/?q=cat&q=dog', { q: ['Send one keyword.'] }],
    ];
    for (const [path, errors] of cases) {
      const { status, body } = await api.json(path);
      expect(status, path).toBe(400);
      expect(body, path).toEqual(errors);
    }
    // A keyword too large for a request line is refused by the server before the route.
    const huge = await api.request(`/api/data/images/?q=${'cat%20'.repeat(20_000)}`);
    expect(huge.status).toBe(431);
  });

  it('serves each image on its own as an SVG that shows itself and nothing else', async () => {
    const res = await api.request('/api/data/images/cat-face.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = await res.text();
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="512" height="512" viewBox="0 0 128 128">/,
    );
    expect(svg).toMatch(/<\/svg>$/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    // A single emoji, not the set: a few kilobytes.
    expect(svg.length).toBeLessThan(100_000);
  });

  it('serves every image the search names', async () => {
    const { body } = await search(api, 'dog');
    for (const hit of body) {
      const res = await api.request(hit.url);
      expect(res.status, hit.url).toBe(200);
      expect(await res.text(), hit.url).toMatch(/^<svg /);
    }
  });

  it('answers 404 for an image that does not exist or a name that is not an image', async () => {
    for (const path of [
      '/api/data/images/no-such-emoji.svg',
      '/api/data/images/cat-face.png',
      '/api/data/images/CAT.svg',
      '/api/data/images/..%2Fpackage.json',
      '/api/data/images/pixabay-101.jpg',
      '/api/data/images/cat.jpg',
    ]) {
      const { status, body } = await api.json(path);
      expect(status, path).toBe(404);
      expect(body, path).toEqual({ error: 'Image not found.' });
    }
  });
});

describeEachDatabase(
  'image search, from a live provider',
  (api) => {
    beforeAll(() => {
      pixabay.reset();
    });
    const ageEverything = () => advance(25 * HOUR);

    it('answers the live photos, most liked and viewed first, without a photo from another host', async () => {
      const { status, headers, body } = await search(api, 'Cat');
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('public, max-age=600');
      expect(body.map((hit) => hit.id)).toEqual(['pixabay-102', 'pixabay-103', 'pixabay-101']);
      expect(body[0]).toEqual({
        id: 'pixabay-102',
        url: '/api/data/images/pixabay-102.jpg',
        width: 640,
        height: 427,
        label: 'cat, pet, animal',
        credit: 'bob on Pixabay',
        licence: 'Pixabay Content License',
        source: `live: ${pixabay.host}`,
      });
      expect(pixabay.requests).toEqual([
        `/api/?key=${pixabay.key}&q=cat&image_type=photo&per_page=10&safesearch=true`,
      ]);
      // The key never reaches the page.
      expect(JSON.stringify(body)).not.toContain(pixabay.key);
      expect(JSON.stringify(body)).not.toContain(pixabay.origin);
    });

    it('passes a live photo on through the API', async () => {
      const res = await api.request('/api/data/images/pixabay-102.jpg');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(FAKE_PHOTO);
      expect(pixabay.requests.at(-1)).toBe('/get/102.png');
      // A photo the search never named, or one from another host, is not fetched.
      expect((await api.json('/api/data/images/pixabay-999.jpg')).status).toBe(404);
      expect((await api.json('/api/data/images/pixabay-104.jpg')).status).toBe(404);
    });

    it('serves the cached answer within the day without asking again', async () => {
      advance(23 * HOUR);
      pixabay.photos.cat = [];
      const { body } = await search(api, 'cat');
      expect(body.map((hit) => hit.id)).toEqual(['pixabay-102', 'pixabay-103', 'pixabay-101']);
      expect(pixabay.count('/api/')).toBe(1);
    });

    it('uses the offline emoji when the provider has no photo for the keyword', async () => {
      const { status, body } = await search(api, 'pizza');
      expect(status).toBe(200);
      expect(body.map((hit) => [hit.label, hit.source])).toEqual([
        ['pizza', 'offline'],
        ['brown mushroom', 'offline'],
      ]);
      expect(pixabay.count('/api/')).toBe(2);
    });

    it.each<FakeMode>(['html', 'wrong-shape', 'error-500', 'cut', 'slow'])(
      'falls back to the cached answer, else the offline emoji, when the provider answers %s',
      async (mode) => {
        ageEverything();
        pixabay.mode = mode;
        const started = performance.now();
        const cached = await search(api, 'cat');
        expect(cached.status).toBe(200);
        expect(cached.headers.get('cache-control')).toBe('no-store');
        expect(cached.body.map((hit) => [hit.id, hit.source])).toEqual([
          ['pixabay-102', 'cached live answer (provider unavailable)'],
          ['pixabay-103', 'cached live answer (provider unavailable)'],
          ['pixabay-101', 'cached live answer (provider unavailable)'],
        ]);
        const never = await search(api, 'dog');
        expect(never.status).toBe(200);
        expect(never.headers.get('cache-control')).toBe('no-store');
        expect(never.body[0]).toMatchObject({ id: 'dog', source: 'offline (provider unavailable)' });
        expect(performance.now() - started).toBeLessThan(pixabay.slowMs);
      },
    );

    it('answers 503 when a photo cannot be fetched, and recovers', async () => {
      ageEverything();
      pixabay.mode = 'error-500';
      const down = await api.json('/api/data/images/pixabay-103.jpg');
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: 'The image is not available right now.' });
      pixabay.mode = 'html';
      expect((await api.json('/api/data/images/pixabay-103.jpg')).status).toBe(503);
      pixabay.mode = 'ok';
      const back = await api.request('/api/data/images/pixabay-103.jpg');
      expect(back.status).toBe(200);
      expect(Buffer.from(await back.arrayBuffer())).toEqual(FAKE_PHOTO);
    });

    it('falls back when the provider is down, and is live again when it is back', async () => {
      ageEverything();
      await pixabay.stop();
      try {
        const { body } = await search(api, 'red panda');
        // No emoji shows a red panda.
        expect(body).toEqual([]);
        const pizza = await search(api, 'pizza');
        expect(pizza.body[0]).toMatchObject({ label: 'pizza', source: 'offline (provider unavailable)' });
      } finally {
        await pixabay.start();
      }
      ageEverything();
      const { body } = await search(api, 'red panda');
      expect(body.map((hit) => [hit.id, hit.source])).toEqual([['pixabay-201', `live: ${pixabay.host}`]]);
    });
  },
  { providers: () => ({ pixabayKey: pixabay.key, pixabayUrl: pixabay.url, timeoutMs: TIMEOUT_MS, now }) },
);

describeEachDatabase(
  'image search, with a key the provider refuses',
  (api) => {
    it('answers the offline emoji as a fallback', async () => {
      advance(2 * 60 * 1000);
      const { status, headers, body } = await search(api, 'cat');
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(body[0]).toMatchObject({ id: 'cat', source: 'offline (provider unavailable)' });
      expect(broken.count('/api/')).toBeGreaterThan(0);
    });
  },
  { providers: () => ({ pixabayKey: 'wrong-key', pixabayUrl: broken.url, timeoutMs: TIMEOUT_MS, now }) },
);

describe('the fake Pixabay', () => {
  it('keeps its port across a stop and a start', async () => {
    const before = pixabay.origin;
    await pixabay.stop();
    await pixabay.start();
    expect(pixabay.origin).toBe(before);
  });
});
