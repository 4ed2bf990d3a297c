import { definePages } from '@toolbox/sdk';

/** The public information pages of spec 2.10 and 2.11; each view is its own lazy chunk. */
export default definePages({
  id: 'info-pages',
  routes: [
    { path: '/about', title: 'About', layout: 'public', access: 'anyone', view: () => import('./about') },
    { path: '/faq', title: 'FAQ', layout: 'public', access: 'anyone', view: () => import('./faq') },
    {
      path: '/privacy',
      title: 'Privacy Policy',
      layout: 'public',
      access: 'anyone',
      view: () => import('./privacy'),
    },
    {
      path: '/termscond',
      title: 'Terms & Conditions',
      layout: 'public',
      access: 'anyone',
      view: () => import('./terms'),
    },
    {
      path: '/contact',
      title: 'Contact Us',
      layout: 'public',
      access: 'anyone',
      view: () => import('./contact'),
    },
  ],
});
