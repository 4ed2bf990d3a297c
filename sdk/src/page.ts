import type { ComponentType } from 'react';

import type { Role, SessionUser } from './wire';

export { ROLES, type Role, type SessionUser } from './wire';

/**
 * Who may open a page: anyone, any signed-in user, or signed-in users with one of these roles.
 * The platform guards the route (redirect to login, or a "no access" page); the API enforces it.
 */
export type Access = 'anyone' | 'signed-in' | readonly Role[];

type Loader = () => Promise<{ default: ComponentType }>;

export interface PageRoute {
  /** A permanent path; `$name` marks a parameter (`/posts/$id`). */
  path: string;
  /** The document title (`· Toolbox` is added). */
  title: string;
  /** `public`: top bar and footer. `app`: the signed-in sidebar. */
  layout: 'public' | 'app';
  access: Access;
  view: Loader;
}

/** Places on platform screens that plugins may fill, each with a lazily loaded component. */
export type SlotName = 'home-aside';

export interface PagesManifest {
  kind: 'pages';
  /** The plugin's folder name. */
  id: string;
  routes: readonly PageRoute[];
  slots?: Partial<Record<SlotName, Loader>>;
}

/** Declares a built-in plugin of pages (accounts, profiles, blog): routes with their access rules. */
export function definePages(definition: Omit<PagesManifest, 'kind'>): PagesManifest {
  for (const route of definition.routes) {
    if (!route.path.startsWith('/'))
      throw new Error(`Route "${route.path}" of ${definition.id} must start with /`);
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
