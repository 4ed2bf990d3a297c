import { definePages } from '@toolbox/sdk';
import { LIST_PLACE_KEYS } from '../_shared/lists/list-place';

/**
 * The blog (spec 2.8, 2.9). /blog is the list in the signed-in layout and so needs a session
 * (access 'signed-in': the sidebar is for signed-in users; visitors are sent to the login page and
 * come back); /bloguser is the same list in the public layout for everyone; /posts/{id} is public.
 * Admin controls appear for admins wherever the list or a post is shown; the API enforces them.
 */
export default definePages({
  id: 'blog',
  routes: [
    {
      path: '/blog',
      title: 'Blog Posts',
      layout: 'app',
      access: 'signed-in',
      view: () => import('./list-view'),
      nav: [{ place: 'sidebar', label: 'Blog', order: 20 }],
    },
    {
      path: '/bloguser',
      title: 'Blog',
      layout: 'public',
      access: 'anyone',
      view: () => import('./list-view'),
      // Its first page of posts is in the HTML the server sends (decision 161), also at an address
      // whose query is not the list's place (decision 170).
      renderedWithData: true,
      readsQuery: LIST_PLACE_KEYS,
      nav: [
        { place: 'top-bar', label: 'Blog', order: 30 },
        { place: 'footer', label: 'Blog', order: 50 },
      ],
    },
    {
      path: '/posts/$id',
      title: 'Post',
      layout: 'public',
      access: 'anyone',
      view: () => import('./post-view'),
      // A post's id; any other path under /posts/ is not found (decision 144).
      params: { id: 'id' },
      // Any post's page, while the post is on its way, is this one's: prerendered once (decision 140).
      prerenderAt: '/posts/1',
      // The server sends it rendered with the post that path names (decision 163), whatever the
      // address's query (decision 170).
      renderedWithData: true,
      readsQuery: [],
    },
  ],
});
