import { describe, expect, it } from 'vitest';
import { canAccess, definePages, loginPathOf, navEntries, type PageRoute, type SessionUser } from './page';

const user = (role: SessionUser['role']): SessionUser => ({
  id: 1,
  username: 'ann',
  email: 'ann@example.com',
  full_name: 'Ann',
  role,
  is_admin: role === 'admin',
});

describe('canAccess', () => {
  it('lets anyone open a public page', () => {
    expect(canAccess('anyone', null)).toBe(true);
  });
  it('needs a session for signed-in pages', () => {
    expect(canAccess('signed-in', null)).toBe(false);
    expect(canAccess('signed-in', user('member'))).toBe(true);
  });
  it('needs one of the roles for role pages', () => {
    expect(canAccess(['admin', 'manager'], user('member'))).toBe(false);
    expect(canAccess(['admin', 'manager'], user('manager'))).toBe(true);
    expect(canAccess(['admin'], null)).toBe(false);
  });
});

describe('definePages', () => {
  it('refuses a relative path', () => {
    expect(() =>
      definePages({
        id: 'x',
        routes: [
          {
            path: 'x',
            title: 'X',
            layout: 'public',
            access: 'anyone',
            view: async () => ({ default: () => null }),
          },
        ],
      }),
    ).toThrow(/must start with/);
  });

  /** A plugin of one route, `/posts/$id`, with what `options` add to it. */
  const postPlugin = (options: Pick<PageRoute, 'prerenderAt' | 'params'>) => ({
    id: 'x',
    routes: [
      {
        path: '/posts/$id',
        title: 'Post',
        layout: 'public' as const,
        access: 'anyone' as const,
        view: async () => ({ default: () => null }),
        ...options,
      },
    ],
  });

  it('prerenders a route with a parameter only at a path of that route', () => {
    expect(definePages(postPlugin({ prerenderAt: '/posts/1' })).routes[0]?.prerenderAt).toBe('/posts/1');
    for (const elsewhere of ['/posts', '/posts/1/edit', '/blog/1']) {
      expect(() => definePages(postPlugin({ prerenderAt: elsewhere })), elsewhere).toThrow(
        /cannot be prerendered at/,
      );
    }
  });

  it("declares the forms of a route's own parameters only, and prerenders it at a path of those forms", () => {
    const plugin = definePages(postPlugin({ params: { id: 'id' }, prerenderAt: '/posts/1' }));
    expect(plugin.routes[0]?.params).toEqual({ id: 'id' });
    expect(() => definePages(postPlugin({ params: { slug: 'id' } }))).toThrow(/has no parameter slug/);
    expect(() => definePages(postPlugin({ params: { id: 'id' }, prerenderAt: '/posts/first' }))).toThrow(
      /cannot be prerendered at/,
    );
  });

  /** Plugin `x` with one public page, `/news`, open to anyone, and `changes`. */
  const news = (changes: Partial<PageRoute>) => ({
    id: 'x',
    routes: [
      {
        path: '/news',
        title: 'News',
        layout: 'public' as const,
        access: 'anyone' as const,
        view: async () => ({ default: () => null }),
        ...changes,
      },
    ],
  });

  it('renders with its data only a public page open to anyone, of one path or prerendered once', () => {
    const route = (changes: Partial<PageRoute>) => news({ renderedWithData: true, ...changes });
    expect(definePages(route({})).routes[0]?.renderedWithData).toBe(true);
    const once = { path: '/news/$id', params: { id: 'id' as const }, prerenderAt: '/news/1' };
    expect(definePages(route(once)).routes[0]?.renderedWithData).toBe(true);
    const refused: Partial<PageRoute>[] = [
      { path: '/news/$id' },
      { ...once, layout: 'app' },
      { layout: 'app' },
      { access: 'signed-in' },
      { access: ['admin'] },
    ];
    for (const changes of refused) {
      expect(() => definePages(route(changes)), JSON.stringify(changes)).toThrow(
        /cannot be rendered with data/,
      );
    }
  });

  it('names the query a page reads only for a page the build prerenders (decision 172)', () => {
    const route = (changes: Partial<PageRoute>) => news({ readsQuery: ['page'], ...changes });
    expect(definePages(route({ renderedWithData: true })).routes[0]?.readsQuery).toEqual(['page']);
    expect(definePages(route({})).routes[0]?.readsQuery).toEqual(['page']);
    const once = { path: '/news/$id', params: { id: 'id' as const }, prerenderAt: '/news/1' };
    expect(definePages(route({ ...once, readsQuery: [] })).routes[0]?.readsQuery).toEqual([]);
    const refused: Partial<PageRoute>[] = [
      { path: '/news/$id' },
      { layout: 'app' },
      { access: 'signed-in' },
      { access: ['admin'], readsQuery: [] },
    ];
    for (const changes of refused) {
      expect(() => definePages(route(changes)), JSON.stringify(changes)).toThrow(
        /names the query it reads but is not prerendered/,
      );
    }
  });
});

describe('navEntries and loginPathOf', () => {
  const view = async () => ({ default: () => null });
  const plugins = [
    definePages({
      id: 'a',
      routes: [
        {
          path: '/b',
          title: 'B',
          layout: 'public',
          access: 'anyone',
          view,
          nav: [
            { place: 'top-bar', label: 'B', order: 20 },
            { place: 'footer', label: 'Bee', order: 5, access: 'signed-in' },
          ],
        },
        { path: '/in', title: 'In', layout: 'public', access: 'anyone', view, role: 'login' },
      ],
    }),
    definePages({
      id: 'c',
      routes: [
        {
          path: '/c',
          title: 'C',
          layout: 'app',
          access: 'anyone',
          view,
          nav: [{ place: 'top-bar', label: 'C', order: 10 }],
        },
      ],
    }),
  ];

  it('lists the links of one place in their order, with their route path and access', () => {
    expect(navEntries(plugins, 'top-bar')).toEqual([
      { to: '/c', label: 'C', order: 10, access: 'anyone' },
      { to: '/b', label: 'B', order: 20, access: 'anyone' },
    ]);
    expect(navEntries(plugins, 'footer')).toEqual([
      { to: '/b', label: 'Bee', order: 5, access: 'signed-in' },
    ]);
    expect(navEntries(plugins, 'sidebar')).toEqual([]);
  });

  it('finds the one login route and refuses none', () => {
    expect(loginPathOf(plugins)).toBe('/in');
    expect(() => loginPathOf(plugins.slice(1))).toThrow("Exactly one page route must have role 'login'");
  });
});
