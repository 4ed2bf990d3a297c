import { definePages } from '@toolbox/sdk';

/** The public information pages of spec 2.10 and 2.11; each view is its own lazy chunk. */
export default definePages({
  id: 'info-pages',
  routes: [
    {
      path: '/about',
      title: 'About',
      layout: 'public',
      access: 'anyone',
      view: () => import('./about'),
      readsQuery: [],
      nav: [
        { place: 'top-bar', label: 'About Us', order: 10 },
        { place: 'footer', label: 'About', order: 10 },
      ],
    },
    {
      path: '/faq',
      title: 'FAQ',
      layout: 'public',
      access: 'anyone',
      view: () => import('./faq'),
      readsQuery: [],
      nav: [{ place: 'footer', label: 'FAQ', order: 30 }],
    },
    {
      path: '/privacy',
      title: 'Privacy Policy',
      layout: 'public',
      access: 'anyone',
      view: () => import('./privacy'),
      readsQuery: [],
      nav: [{ place: 'footer', label: 'Privacy', order: 20 }],
    },
    {
      path: '/termscond',
      title: 'Terms & Conditions',
      layout: 'public',
      access: 'anyone',
      view: () => import('./terms'),
      readsQuery: [],
      nav: [{ place: 'footer', label: 'Terms & Conditions', order: 60 }],
    },
    {
      path: '/contact',
      title: 'Contact Us',
      layout: 'public',
      access: 'anyone',
      view: () => import('./contact'),
      readsQuery: [],
      nav: [
        { place: 'top-bar', label: 'Contact Us', order: 20 },
        { place: 'footer', label: 'Contact', order: 40 },
      ],
    },
  ],
});
