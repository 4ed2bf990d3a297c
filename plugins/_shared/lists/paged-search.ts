import { useDebouncedCallback } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useQueryRead } from '@toolbox/sdk/react';
import { SEARCH_MAX } from '@toolbox/sdk/wire';
import { useCallback, useState } from 'react';
import { LIST_PLACE_KEYS, type ListPlace } from './list-place';

const SEARCH_DELAY_MS = 300;

/**
 * The list's place read from the address's query, each part that is missing or not one the list
 * offers read as its default (page 1, `defaultSize`, no search). A search longer than the API takes
 * is cut to its first `SEARCH_MAX` characters, as the search box would hold it.
 */
export function placeOf<Size extends string | number>(
  query: Record<string, unknown>,
  sizes: readonly Size[],
  defaultSize: Size,
): ListPlace<Size> {
  const page = Number(query.page);
  // The router reads `?search=10` as a number.
  const search = ['string', 'number'].includes(typeof query.search) ? String(query.search).trim() : '';
  return {
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    size: sizes.find((size) => String(size) === String(query.size)) ?? defaultSize,
    search: Array.from(search).slice(0, SEARCH_MAX).join('').trim(),
  };
}

/** The query that says `place`: its defaults left out, so a list at its start has a bare address. */
export function queryOf<Size>(place: ListPlace<Size>, defaultSize: Size): Record<string, unknown> {
  return {
    page: place.page > 1 ? place.page : undefined,
    size: place.size === defaultSize ? undefined : place.size,
    search: place.search === '' ? undefined : place.search,
  };
}

/**
 * The state of a paged, searchable list (profiles, posts): the search box's text, the search
 * applied after a pause in typing, the page and the page size. A new search or page size goes
 * back to page 1 (spec 4). The page, size and search live in the address (decision 156): Back from
 * a post, a reload or a shared link finds the list where it was. A new page is a new history entry
 * (Back goes to the page before); a new search or size replaces the entry.
 */
export function usePagedSearch<Size extends string | number>(defaultPageSize: Size, sizes: readonly Size[]) {
  const navigate = useNavigate();
  const place = placeOf(useQueryRead(LIST_PLACE_KEYS), sizes, defaultPageSize);
  const [searchInput, setSearchInput] = useState(place.search);
  const go = useCallback(
    (next: Partial<ListPlace<Size>>, replace: boolean) =>
      void navigate({
        to: '.',
        search: (query: Record<string, unknown>) => ({
          ...query,
          ...queryOf({ ...placeOf(query, sizes, defaultPageSize), ...next }, defaultPageSize),
        }),
        replace,
      } as never),
    [navigate, sizes, defaultPageSize],
  );
  const setPage = useCallback((page: number, replace = false) => go({ page }, replace), [go]);
  const applySearch = useDebouncedCallback(
    (value: string) => go({ search: value.trim(), page: 1 }, true),
    SEARCH_DELAY_MS,
  );

  return {
    page: place.page,
    /** Another page: a new history entry, or in place of this one (`replace`: a page that is gone). */
    setPage,
    pageSize: place.size,
    setPageSize: (size: Size) => go({ size, page: 1 }, true),
    searchInput,
    search: place.search,
    onSearchInput(value: string) {
      setSearchInput(value);
      applySearch(value);
    },
  };
}
