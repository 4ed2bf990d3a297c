import { type ApiClient, ApiError } from '@toolbox/sdk';
import { describe, expect, it, vi } from 'vitest';
import { fetchAllProfiles } from './profiles-api';
import type { Profile } from './types';

const profile = (id: number): Profile => ({
  id,
  full_name: `Person ${id}`,
  phone_number: '1',
  address: '',
  role: 'member',
  user: null,
});

/** A fake client serving `total` profiles in pages, recording the queries. */
function fakeApi(total: number, { shrinkTo }: { shrinkTo?: number } = {}) {
  const queries: Record<string, unknown>[] = [];
  let served = total;
  const get = vi.fn(async (_path: string, query?: Record<string, unknown>) => {
    queries.push(query ?? {});
    const page = Number(query?.page);
    const size = Number(query?.page_size);
    const start = (page - 1) * size;
    if (page > 1 && start >= served) throw new ApiError(404, { error: 'Invalid page.' });
    const results = Array.from({ length: Math.max(0, Math.min(size, served - start)) }, (_, i) =>
      profile(start + i + 1),
    );
    const answer = { count: served, results };
    if (shrinkTo !== undefined) served = shrinkTo;
    return answer;
  });
  return { api: { get } as unknown as ApiClient, queries };
}

describe('fetchAllProfiles', () => {
  it('reads every page of 1000 one after another with the search, reporting progress', async () => {
    const { api, queries } = fakeApi(2500);
    const progress: [number, number][] = [];
    const all = await fetchAllProfiles(api, ' ann ', { onProgress: (f, c) => progress.push([f, c]) });
    expect(all.results).toHaveLength(2500);
    expect(all.results.at(-1)?.id).toBe(2500);
    expect(queries).toEqual([
      { page: 1, page_size: 1000, search: 'ann' },
      { page: 2, page_size: 1000, search: 'ann' },
      { page: 3, page_size: 1000, search: 'ann' },
    ]);
    expect(progress).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
  });

  it('makes one request when everything fits, and none more for an empty result', async () => {
    expect((await fetchAllProfiles(fakeApi(3).api, '')).results).toHaveLength(3);
    const empty = fakeApi(0);
    expect(await fetchAllProfiles(empty.api, 'nobody')).toEqual({ count: 0, results: [] });
    expect(empty.queries).toHaveLength(1);
  });

  it('stops when rows vanish meanwhile and a later page answers 404', async () => {
    const { api } = fakeApi(1500, { shrinkTo: 900 });
    expect((await fetchAllProfiles(api, '')).results).toHaveLength(1000);
  });

  it('passes other errors on', async () => {
    const api = { get: vi.fn().mockRejectedValue(new ApiError(403, { error: 'Forbidden' })) };
    await expect(fetchAllProfiles(api as unknown as ApiClient, '')).rejects.toThrow('Forbidden');
  });
});
