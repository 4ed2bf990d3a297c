import type { ComponentType } from 'react';
import { type ParamForms, patternToRegExp } from './page-files';
import type { Role, SessionUser } from './wire';

export { ROLES, type Role, type SessionUser } from './wire';

/**
 * Who may open a page: anyone, any signed-in user, or signed-in users with one of these roles.
 * The platform guards the route (redirect to login, or a "no access" page); the API enforces it.
 */
export type Access = 'anyone' | 'signed-in' | readonly Role[];

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * The key of the login page's query that names the page to go back to once signed in
 * (`/login?redirect=/account`): guards and a login prompt write it, the login page reads it.
 */
export const LOGIN_REDIRECT = 'redirect';

/** The platform's signed-in home page: where a login leads, and the signed-in header's way back. */
export const DASHBOARD_PATH = '/dashboard';

/** Where a link to a page is shown: the public top bar, the public footer, the signed-in sidebar. */
export type NavPlace = 'top-bar' | 'footer' | 'sidebar';

/** A link to its route, declared by the route: the platform renders the lists from the registry. */
export interface NavLink {
  place: NavPlace;
  label: string;
  /**
   * Position in the list, smallest first. The platform's own links come first with 0: Home (top bar
   * and footer) and Dashboard (sidebar).
   */
  order: number;
  /** Who sees the link (default `'anyone'`); the route's own access rule still guards the page. */
  access?: Access;
}

export interface PageRoute {
  /** A permanent path; `$name` marks a parameter (`/posts/$id`). */
  path: string;
  /** The document title (`· Toolbox` is added). */
  title: string;
  /** `public`: top bar and footer. `app`: the signed-in sidebar. */
  layout: 'public' | 'app';
  access: Access;
  view: Loader;
  /** Links to this route in the top bar, footer or sidebar. */
  nav?: readonly NavLink[];
  /**
   * `login`: the sign-in page, where guards send visitors (`?redirect=<the page>`). Exactly one
   * route of all plugins has it.
   */
  role?: 'login';
  /**
   * For a route with a parameter, public and open to anyone: one path of it (`/posts/1`) whose page,
   * while its data is on its way, is the same for every value of the parameter. The build
   * prerenders that page once; the server sends it for every path of the route, and the browser
   * adopts it there (decision 140).
   */
  prerenderAt?: string;
  /**
   * A public page whose first paint should show its data: the server renders it at each request,
   * for a visitor, with the answers of the public API reads its views make as they open (the first
   * page of posts, a post), kept while those answers stay the same. The browser adopts it with that
   * data. Without it the page is prerendered at build time in its loading state (decision 161). A
   * route with parameters needs `prerenderAt` too: its page prerendered there is the one rendered
   * with data at each of its paths, the route's parameters in its reads (decision 163).
   */
  renderedWithData?: true;
  /**
   * For a public page open to anyone, which the build prerenders: the keys of the address's query its
   * views read (a list's `page` and `search`, the login page's `redirect`; none for an information
   * page or a post). An address whose query names none of them (`?utm_source=x`, `?src=x`, from a
   * link shared on another site) shows what the path alone shows: the browser adopts the page as
   * sent (decision 172), and a page rendered with its data is rendered as the path alone (decision
   * 170). One that names a key read here is drawn afresh by the app, with its data read in the
   * browser. Not said: any key counts. Name every key a view reads, through a constant both share
   * (`LOGIN_REDIRECT`), and have the view read it with `useQueryRead`, which tells the build: the
   * build fails on a key a view reads that is not named here (lint refuses the router's `useSearch`
   * and `useLocation` in a plugin, which the build would not hear).
   */
  readsQuery?: readonly string[];
  /**
   * The form of each of the path's parameters that has one (`{ id: 'id' }` for `/posts/$id`, the
   * forms of PARAM_FORMS): a path whose value is not of its form is no path of this route, and the
   * server, the service worker and the browser's router answer it with the not-found page
   * (decision 144).
   */
  params?: ParamForms;
  /**
   * `false`: left out of the sitemap (`/sitemap.xml`), the list of the site's pages search engines
   * are given. A public page open to anyone is listed by default; say `false` for one about the
   * visitor's own state (sign-in, their saved calculations). A route with a parameter is listed at
   * each of its paths the API can name: the blog's `/posts/$id` at each published post (decision 167).
   */
  listed?: false;
}

/**
 * Places on platform screens that plugins may fill, each with a lazily loaded component.
 * `home-aside`: beside Home's introduction, for visitors only. `header-actions`: the header's action
 * area of both layouts (the public top bar, before the search button and the colour-scheme toggle;
 * the signed-in sidebar, beside the toggle), for icon buttons. `dashboard-actions`: under the Tool
 * Navigator's menus (buttons leading to a plugin's pages).
 */
export type SlotName = 'home-aside' | 'header-actions' | 'dashboard-actions';

export interface PagesManifest {
  kind: 'pages';
  /** The plugin's folder name. */
  id: string;
  routes: readonly PageRoute[];
  slots?: Partial<Record<SlotName, Loader>>;
}

/** Whether the build prerenders a route: a public page open to anyone, of one path or prerendered once. */
const prerendered = (route: PageRoute): boolean =>
  route.layout === 'public' &&
  route.access === 'anyone' &&
  (!route.path.includes('$') || route.prerenderAt !== undefined);

/** Declares a built-in plugin of pages (accounts, profiles, blog): routes with their access rules. */
export function definePages(definition: Omit<PagesManifest, 'kind'>): PagesManifest {
  for (const route of definition.routes) {
    if (!route.path.startsWith('/'))
      throw new Error(`Route "${route.path}" of ${definition.id} must start with /`);
    for (const name of Object.keys(route.params ?? {})) {
      if (!route.path.split('/').includes(`$${name}`))
        throw new Error(`Route "${route.path}" of ${definition.id} has no parameter ${name}`);
    }
    if (route.prerenderAt !== undefined && !patternToRegExp(route.path, route.params).test(route.prerenderAt))
      throw new Error(
        `Route "${route.path}" of ${definition.id} cannot be prerendered at ${route.prerenderAt}`,
      );
    if (route.renderedWithData && !prerendered(route))
      throw new Error(
        `Route "${route.path}" of ${definition.id} cannot be rendered with data: not a public page of one path or prerendered once`,
      );
    if (route.readsQuery && !prerendered(route))
      throw new Error(
        `Route "${route.path}" of ${definition.id} names the query it reads but is not prerendered`,
      );
  }
  return { kind: 'pages', ...definition };
}

/** Whether `user` may open a page with `access`. */
export function canAccess(access: Access, user: SessionUser | null): boolean {
  if (access === 'anyone') return true;
  if (!user) return false;
  if (access === 'signed-in') return true;
  return access.includes(user.role);
}

/** A link as the platform renders it: the route's path with the link's label, order and access. */
export interface NavEntry {
  to: string;
  label: string;
  order: number;
  access: Access;
}

/** The links of `place` declared by `plugins`' routes, in their order (ties keep declaration order). */
export function navEntries(plugins: readonly PagesManifest[], place: NavPlace): NavEntry[] {
  return plugins
    .flatMap((plugin) => plugin.routes)
    .flatMap((route) =>
      (route.nav ?? [])
        .filter((link) => link.place === place)
        .map((link) => ({
          to: route.path,
          label: link.label,
          order: link.order,
          access: link.access ?? 'anyone',
        })),
    )
    .sort((a, b) => a.order - b.order);
}

/** The path of the one route with role `login`; throws when there is none or more than one. */
export function loginPathOf(plugins: readonly PagesManifest[]): string {
  const logins = plugins.flatMap((plugin) => plugin.routes).filter((route) => route.role === 'login');
  if (logins.length !== 1) {
    throw new Error(`Exactly one page route must have role 'login' (found ${logins.length})`);
  }
  return (logins[0] as PageRoute).path;
}
