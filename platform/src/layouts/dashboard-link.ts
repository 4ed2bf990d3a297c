import type { NavEntry } from '@toolbox/sdk';

/** The platform's own signed-in page, where a login leads. */
export const DASHBOARD_PATH = '/dashboard';

/** Its link, first in the sidebar (the public header has an icon button to it: DashboardButton). */
export const DASHBOARD_LINK: NavEntry = {
  to: DASHBOARD_PATH,
  label: 'Dashboard',
  order: 0,
  access: 'signed-in',
};
