/** Where a list keeps its place in the page's address: `?page=3&size=10&search=cat` (decision 156). */
export interface ListPlace<Size> {
  page: number;
  size: Size;
  search: string;
}

/**
 * The keys of the address's query a list reads: a page rendered with its data names them as the
 * query it reads (`readsQuery`, decision 170), so an address with any other query still shows the
 * list's start at first paint.
 */
export const LIST_PLACE_KEYS = [
  'page',
  'size',
  'search',
] as const satisfies readonly (keyof ListPlace<unknown>)[];
