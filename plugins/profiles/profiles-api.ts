import { type ApiClient, ApiError } from '@toolbox/sdk';
import type { Profile, ProfilePage } from './types';

export const PROFILES_PATH = '/api/profiles/';
/** The API's largest page (API.md, Paging); "All" and exports read every page of this size. */
export const MAX_PAGE_SIZE = 1000;

export function profilePath(id: number): string {
  return `${PROFILES_PATH}${id}/`;
}

export function fetchProfilePage(
  api: ApiClient,
  { page, pageSize, search }: { page: number; pageSize: number; search: string },
  signal?: AbortSignal,
): Promise<ProfilePage> {
  return api.get<ProfilePage>(PROFILES_PATH, { page, page_size: pageSize, search: search.trim() }, signal);
}

/**
 * Every profile matching `search`, read page by page (1000 at a time, one request after another so
 * the server is never flooded). `onProgress(fetched, count)` after each page. Stops at the count,
 * at an empty page, or when a page past the end answers 404 (rows deleted meanwhile).
 */
export async function fetchAllProfiles(
  api: ApiClient,
  search: string,
  {
    signal,
    onProgress,
  }: { signal?: AbortSignal; onProgress?: (fetched: number, count: number) => void } = {},
): Promise<ProfilePage> {
  const results: Profile[] = [];
  let count = 0;
  for (let page = 1; ; page++) {
    let answer: ProfilePage;
    try {
      answer = await fetchProfilePage(api, { page, pageSize: MAX_PAGE_SIZE, search }, signal);
    } catch (error) {
      if (page > 1 && error instanceof ApiError && error.status === 404) break;
      throw error;
    }
    count = answer.count;
    results.push(...answer.results);
    onProgress?.(results.length, count);
    if (answer.results.length === 0 || results.length >= count) break;
  }
  return { count: Math.max(count, results.length), results };
}
