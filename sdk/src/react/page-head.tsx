import { createContext, useContext, useEffect } from 'react';

/** What a view says of its page for the document's `<head>`. */
export interface PageHead {
  /** The document title without the site's name (`· Toolbox` is added). */
  title: string;
  /** The page's description, for search results and shared links. */
  description?: string;
  /** An absolute URL of the page's image, for a shared link's preview. */
  image?: string;
}

/** The site's name: after every page's own title, and first in Home's. */
export const SITE_NAME = 'Toolbox';

/** A page's document title: its own, then the site's name. */
export const documentTitle = (title: string): string => `${title} · ${SITE_NAME}`;

const NoteHead = createContext<((head: PageHead) => void) | null>(null);

/**
 * Given by a server render (the renderer of pages rendered with their data): each `usePageHead`
 * tells it what it renders, and the page is sent with the last it was told in its `<head>`.
 */
export const PageHeadNotes = NoteHead.Provider;

/**
 * Names the page after what the view shows, once it has it: the document title in the browser, and
 * the title, description and image of the page as a server render sends it. A passive effect on purpose,
 * not Mantine's `useDocumentTitle`: the platform's page sets the route's title in a layout effect,
 * which runs after this view's layout effects when both mount together (view chunk and data
 * already loaded, as on a second visit), and would win.
 */
export function usePageHead(head: PageHead): void {
  useContext(NoteHead)?.(head);
  const title = documentTitle(head.title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
