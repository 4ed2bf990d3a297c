import { isTrackingKey } from '@toolbox/sdk/page-files';

/** What the build knows of a prerendered page's query. */
export interface PageQueryFacts {
  path: string;
  /** The keys its route says its views read (a route's `readsQuery`), if it says. */
  readsQuery?: readonly string[];
  /** A tool's page: the keys it reads are its form's fields, which the form says as it renders. */
  keysFromForm?: boolean;
}

/**
 * The keys of the address's query a prerendered page reads, written on its `#root` (decision 172):
 * its route's `readsQuery`, or for a tool's page the fields its form said it reads as the build
 * rendered it (`noted`); undefined when neither says (any key counts). The build fails on a key a view
 * reads that its route does not name, and on one named as a link's tracking tag (decision 171),
 * which the app never reads.
 */
export function pageQueryKeys(page: PageQueryFacts, noted: readonly string[]): string[] | undefined {
  const tagged = noted.filter(isTrackingKey);
  if (tagged.length > 0) {
    throw new Error(
      `${page.path}: a field is named as a link's tracking tag, which no page reads: ${tagged.join(', ')}`,
    );
  }
  if (page.readsQuery) {
    const unnamed = noted.filter((key) => !page.readsQuery?.includes(key));
    if (unnamed.length > 0) {
      throw new Error(
        `${page.path}: its views read ${unnamed.join(', ')} of the query, which its route's readsQuery does not name`,
      );
    }
    return [...page.readsQuery];
  }
  return page.keysFromForm && noted.length > 0 ? [...new Set(noted)] : undefined;
}
