import { definePages } from '@toolbox/sdk';
import { COMPARE_IDS_KEY, COMPARE_PATH, SAVED_PATH } from './paths';

/**
 * The person's saved calculations (issue 14): the list at /saved (grouped by tool, search, open,
 * rename, delete, export) and the side-by-side comparison at /saved/compare. For visitors and members
 * alike: a visitor's live in the browser, a member's in the account. No link in the top bar, footer
 * or sidebar: an icon button in the header's action area and a button on the Tool Navigator. Not in
 * the sitemap: what they show is the visitor's own.
 */
export default definePages({
  id: 'saved',
  routes: [
    {
      path: SAVED_PATH,
      title: 'Saved calculations',
      layout: 'public',
      access: 'anyone',
      view: () => import('./saved-view'),
      readsQuery: [],
      listed: false,
    },
    {
      path: COMPARE_PATH,
      title: 'Compare saved calculations',
      layout: 'public',
      access: 'anyone',
      view: () => import('./compare-view'),
      readsQuery: [COMPARE_IDS_KEY],
      listed: false,
    },
  ],
  slots: {
    'header-actions': () => import('./header-button'),
    'dashboard-actions': () => import('./dashboard-button'),
  },
});
