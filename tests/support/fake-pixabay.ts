/**
 * A fake Pixabay on loopback for the image search tests: `GET /api/?key=&q=&image_type=photo&per_page=10&safesearch=true`
 * answers Pixabay's shape (`{ total, totalHits, hits: [{ id, webformatURL, likes, views, … }] }`)
 * for the keywords in `photos`, and `GET /get/{id}.png` serves each photo (a small PNG). It refuses
 * a wrong key with 400, as Pixabay does, misbehaves as `mode` says, counts requests, and can be
 * stopped and started again on the same port.
 */
import { type FakeRequest, type FakeService, type Send, startFakeService } from './fake-service';

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

export interface FakePixabay extends FakeService {
  /** For PIXABAY_URL. */
  url: string;
  key: string;
  /** What a search answers, by lower-cased keyword. */
  photos: Record<string, FakePhoto[]>;
  reset(): void;
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
  const service = await startFakeService({
    respond: (request, send) => respond(request, send),
    htmlPage: '<!doctype html><html><body>Down for maintenance</body></html>',
    wrongShape: ({ url }) => (url.pathname === '/api/' ? { total: 1, hits: 'none' } : '{}'),
  });
  const fake: FakePixabay = Object.assign(service, {
    url: `${service.origin}/api/`,
    key,
    photos: initialPhotos(),
    reset() {
      service.resetService();
      fake.photos = initialPhotos();
    },
  });

  function respond({ url }: FakeRequest, send: Send) {
    if (url.pathname === '/api/') {
      if (url.searchParams.get('key') !== fake.key)
        return send(400, '[ERROR 400] Invalid or missing API key', 'text/plain');
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
      return send(200, { total: hits.length, totalHits: hits.length, hits });
    }
    const photo = /^\/get\/(\d+)\.png$/.exec(url.pathname);
    if (photo) return send(200, FAKE_PHOTO, 'image/png');
    send(404, { error: 'no such path' });
  }

  return fake;
}
