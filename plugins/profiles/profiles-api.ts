import type { ApiClient } from '@toolbox/sdk';
import { type FetchAllOptions, fetchAllPages } from '../_shared/lists/export/fetch-all';
import { PROFILES_PATH } from '../_shared/profiles/paths';
import type { ProfilePage } from './types';

export function fetchProfilePage(
  api: ApiClient,
  { page, pageSize, search }: { page: number; pageSize: number; search: string },
  signal?: AbortSignal,
): Promise<ProfilePage> {
  return api.get<ProfilePage>(PROFILES_PATH, { page, page_size: pageSize, search: search.trim() }, signal);
}

/**
 * Every profile matching `search`, read page by page with the API's largest page (1000), one
 * request after another (`fetchAllPages`). `onProgress(fetched, count)` after each page. Used by
 * "Show: All" and the exports.
 */
export function fetchAllProfiles(
  api: ApiClient,
  search: string,
  { signal, onProgress }: Pick<FetchAllOptions, 'signal' | 'onProgress'> = {},
): Promise<ProfilePage> {
  return fetchAllPages(
    (page, pageSize, pageSignal) => fetchProfilePage(api, { page, pageSize, search }, pageSignal),
    { signal, onProgress },
  );
}
