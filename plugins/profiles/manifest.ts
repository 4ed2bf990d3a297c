import { definePages } from '@toolbox/sdk';

/** Profile administration: admins manage profiles; managers read and export them. */
export default definePages({
  id: 'profiles',
  routes: [
    {
      path: '/profile',
      title: 'Profiles',
      layout: 'app',
      access: ['admin', 'manager'],
      view: () => import('./view'),
      nav: [{ place: 'sidebar', label: 'Profile', order: 10, access: ['admin', 'manager'] }],
    },
  ],
});
