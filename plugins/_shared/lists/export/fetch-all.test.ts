import { ApiError } from '@toolbox/sdk';
import { describe, expect, it, vi } from 'vitest';
import { fetchAllPages, MAX_PAGE_SIZE } from './fetch-all';

/** A fake list of `total` numbered records in pages, recording the pages asked for. */
function fakeList(total: number, { shrinkTo }: { shrinkTo?: number } = {}) {
  let served = total;
  const read = vi.fn(async (page: number, size: number) => {
    const start = (page - 1) * size;
    if (page > 1 && start >= served) throw new ApiError(404, { error: 'Invalid page.' });
    const results = Array.from(
      { length: Math.max(0, Math.min(size, served - start)) },
      (_, i) => start + i + 1,
    );
    const answer = { count: served, results };
    if (shrinkTo !== undefined) served = shrinkTo;
    return answer;
  });
  return read;
}

describe('fetchAllPages', () => {
  it('reads every page of the largest size, one after another, reporting progress', async () => {
    const read = fakeList(2500);
    const progress: [number, number][] = [];
    const all = await fetchAllPages(read, { onProgress: (done, count) => progress.push([done, count]) });
    expect(all.count).toBe(2500);
    expect(all.results).toHaveLength(2500);
    expect(all.results.at(-1)).toBe(2500);
    expect(read.mock.calls.map(([page, size]) => [page, size])).toEqual([
      [1, MAX_PAGE_SIZE],
      [2, MAX_PAGE_SIZE],
      [3, MAX_PAGE_SIZE],
    ]);
    expect(progress).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500],
    ]);
  });

  it('is one request for an empty list', async () => {
    const read = fakeList(0);
    expect(await fetchAllPages(read)).toEqual({ count: 0, results: [] });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('stops quietly when rows vanish meanwhile and a later page is past the end', async () => {
    const read = fakeList(1500, { shrinkTo: 900 });
    const all = await fetchAllPages(read);
    expect(all.results).toHaveLength(1000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('passes on an error of the first page', async () => {
    const read = vi.fn(async () => {
      throw new ApiError(500, { error: 'down' });
    });
    await expect(fetchAllPages(read)).rejects.toThrow('down');
  });

  it('reads pages of another size when asked', async () => {
    const read = fakeList(12);
    const all = await fetchAllPages(read, { pageSize: 5 });
    expect(all.results).toHaveLength(12);
    expect(read).toHaveBeenCalledTimes(3);
  });
});
