import { describe, expect, it } from 'vitest';
import type { ApiClient } from './api-client';
import { memoryStorage } from './testing';
import type { MergeRequest } from './wire';
import {
  BROWSER_KEY,
  browserBackend,
  canonicalJson,
  defaultCalculationName,
  mergeIntoAccount,
  mergeRequestOf,
  readBrowserData,
  sameCalculation,
  toggled,
  withRecent,
  YOUR_TOOLS_MESSAGES,
} from './your-tools';

/** A clock that moves one second per call. */
function clock() {
  let t = Date.UTC(2026, 10, 24, 12, 0, 0);
  return () => {
    t += 1000;
    return new Date(t);
  };
}

const draft = (name: string, input: Record<string, unknown> = { weight: 70 }) => ({
  tool: 'bmi-calculator',
  name,
  input,
  result_text: 'BMI 22.9',
});

describe('favourites and recent tools', () => {
  it('toggles a favourite, keeping the order', () => {
    expect(toggled(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggled(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
  it('puts the latest tool first, once, and keeps eight', () => {
    expect(withRecent(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    const many = ['1', '2', '3', '4', '5', '6', '7', '8'];
    expect(withRecent(many, 'new')).toEqual(['new', '1', '2', '3', '4', '5', '6', '7']);
  });
});

describe('the browser store', () => {
  it('saves, lists newest first, searches, renames and deletes', async () => {
    const store = browserBackend(memoryStorage(), clock());
    const first = await store.save(draft('Morning'));
    const second = await store.save({ ...draft('Evening'), tool: 'loan-calculator' });
    expect((await store.calculations()).map((c) => c.name)).toEqual(['Evening', 'Morning']);
    expect((await store.calculations({ tool: 'bmi-calculator' })).map((c) => c.id)).toEqual([first.id]);
    expect((await store.calculations({ search: 'EVEN' })).map((c) => c.id)).toEqual([second.id]);
    const renamed = await store.rename(first.id, '  Before breakfast ');
    expect(renamed.name).toBe('Before breakfast');
    expect(renamed.updated_at > renamed.created_at).toBe(true);
    await store.remove(second.id);
    expect((await store.calculations()).map((c) => c.name)).toEqual(['Before breakfast']);
    await expect(store.remove(second.id)).rejects.toThrow(YOUR_TOOLS_MESSAGES.notFound);
  });

  it('refuses an empty name, an input over 8 KB and a full browser', async () => {
    const store = browserBackend(memoryStorage({}, 20_000));
    await expect(store.save(draft('  '))).rejects.toThrow(YOUR_TOOLS_MESSAGES.nameRequired);
    await expect(store.save(draft('Big', { text: 'x'.repeat(9000) }))).rejects.toThrow(
      YOUR_TOOLS_MESSAGES.tooLarge,
    );
    await store.save(draft('Fits', { text: 'x'.repeat(8000) }));
    await store.save(draft('Fits too', { text: 'x'.repeat(8000) }));
    await expect(store.save(draft('No room', { text: 'x'.repeat(8000) }))).rejects.toThrow(
      YOUR_TOOLS_MESSAGES.storageFull,
    );
    expect((await store.calculations()).length).toBe(2);
  });

  it('reads damaged storage as empty, and keeps ids unique after it', async () => {
    const storage = memoryStorage();
    storage.setItem(BROWSER_KEY, '{not json');
    expect(readBrowserData(storage)).toEqual({ favourites: [], recents: [], calculations: [], nextId: 1 });
    storage.setItem(
      BROWSER_KEY,
      JSON.stringify({
        favourites: ['a', 3],
        calculations: [
          { id: 7, tool: 'x' },
          { ...draft('ok'), id: 4, created_at: 'a', updated_at: 'a' },
        ],
      }),
    );
    const data = readBrowserData(storage);
    expect(data.favourites).toEqual([]);
    expect(data.calculations.map((c) => c.id)).toEqual([4]);
    expect(data.nextId).toBe(5);
  });
});

describe('the merge on sign-in', () => {
  it('sends favourites, recents and calculations oldest first, then clears the browser', async () => {
    const storage = memoryStorage();
    const browser = browserBackend(storage, clock());
    await browser.setFavourites(['unit-converter', 'bmi-calculator']);
    await browser.setRecents(['bmi-calculator']);
    await browser.save(draft('First'));
    await browser.save(draft('Second', { weight: 80 }));
    const sent: { path: string; body: unknown }[] = [];
    const api = {
      post: async (path: string, body: unknown) => {
        sent.push({ path, body });
        return {
          favourites: ['unit-converter', 'bmi-calculator'],
          recent_tools: ['bmi-calculator'],
          calculations_added: 2,
          calculations_over_limit: 0,
        };
      },
    } as unknown as ApiClient;
    const reply = await mergeIntoAccount(api, browser);
    expect(reply?.calculations_added).toBe(2);
    expect(sent).toEqual([
      {
        path: '/api/me/merge/',
        body: {
          favourites: ['unit-converter', 'bmi-calculator'],
          recent_tools: ['bmi-calculator'],
          calculations: [draft('First'), draft('Second', { weight: 80 })],
        } satisfies MergeRequest,
      },
    ]);
    expect(storage.getItem(BROWSER_KEY)).toBeNull();
    // Nothing left: no second request.
    expect(await mergeIntoAccount(api, browser)).toBeNull();
    expect(sent.length).toBe(1);
  });

  it('keeps the browser copy when the account could not take it', async () => {
    const storage = memoryStorage();
    const browser = browserBackend(storage);
    await browser.setFavourites(['unit-converter']);
    const api = { post: () => Promise.reject(new Error('offline')) } as unknown as ApiClient;
    await expect(mergeIntoAccount(api, browser)).rejects.toThrow('offline');
    expect(mergeRequestOf(browser.data()).favourites).toEqual(['unit-converter']);
  });

  it('tells the same calculation saved twice, whatever the key order', () => {
    expect(sameCalculation(draft('A', { a: 1, b: 2 }), draft('A', { b: 2, a: 1 }))).toBe(true);
    expect(sameCalculation(draft('A', { a: 1 }), draft('B', { a: 1 }))).toBe(false);
    expect(canonicalJson({ b: { d: 1, c: 2 }, a: [3] })).toBe('{"a":[3],"b":{"c":2,"d":1}}');
  });

  it('names a calculation after its tool and result, on one line and not too long', () => {
    expect(defaultCalculationName('BMI Calculator', 'BMI: 22.9\nNormal')).toBe(
      'BMI Calculator: BMI: 22.9 Normal',
    );
    expect(defaultCalculationName('X', 'y'.repeat(300)).length).toBe(200);
  });
});
