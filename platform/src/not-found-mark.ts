/** What `#root`'s data-prerendered holds on the prerendered 404 page (a path would never be this). */
export const NOT_FOUND_MARK = 'not-found';
