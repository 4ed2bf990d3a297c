import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

const SEARCH_DELAY_MS = 300;

/**
 * The state of a paged, searchable list (profiles, posts): the search box's text, the search
 * applied after a pause in typing, the page and the page size. A new search or page size goes
 * back to page 1 (spec 4).
 */
export function usePagedSearch<Size>(defaultPageSize: Size) {
  const [pageSize, setPageSizeState] = useState<Size>(defaultPageSize);
  const [page, setPage] = useState(1);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const applySearch = useDebouncedCallback((value: string) => {
    setSearch(value.trim());
    setPage(1);
  }, SEARCH_DELAY_MS);

  return {
    page,
    setPage,
    pageSize,
    setPageSize(size: Size) {
      setPageSizeState(size);
      setPage(1);
    },
    searchInput,
    search,
    onSearchInput(value: string) {
      setSearchInput(value);
      applySearch(value);
    },
  };
}
