import { DASHBOARD_PATH, type NavEntry } from '@toolbox/sdk';

/** The dashboard's link, first in the sidebar (the public header has an icon button to it: DashboardButton). */
export const DASHBOARD_LINK: NavEntry = {
  to: DASHBOARD_PATH,
  label: 'Dashboard',
  order: 0,
  access: 'signed-in',
};
