import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { pagePlugins, tools } from '@toolbox/plugins/registry';
import { DASHBOARD_PATH, type PageRoute, type ToolEntry } from '@toolbox/sdk';
import { paramsFit } from '@toolbox/sdk/page-files';
import type { Session } from '@toolbox/sdk/react';
import { createAppHistory } from './browser-history';
import { PagePending } from './components/page-pending';
import { ToolSearch } from './components/tool-search';
import { guard, type RouterContext } from './guards';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { ErrorPage } from './pages/error-page';
import { HomePage } from './pages/home-page';
import { GuardedRouteError } from './pages/no-access-page';
import { NotFoundContent, NotFoundPage } from './pages/not-found-page';
import { PluginPage } from './pages/plugin-page';
import { ToolPage } from './pages/tool-page';

export type { RouterContext };

function Root() {
  return (
    <>
      <Outlet />
      <ToolSearch />
    </>
  );
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
});

const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
const appLayout = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: AppLayout });

const homeRoute = createRoute({ getParentRoute: () => publicLayout, path: '/', component: HomePage });
const dashboardRoute = createRoute({
  getParentRoute: () => appLayout,
  path: DASHBOARD_PATH,
  beforeLoad: guard('signed-in'),
  errorComponent: GuardedRouteError,
  component: lazyRouteComponent(() => import('./pages/dashboard-page'), 'DashboardPage'),
});

function toolRoute(tool: ToolEntry) {
  // Typed loosely: routes generated from an array have no literal paths to type anyway.
  const View = lazyRouteComponent(tool.view) as RouteComponent;
  const component: RouteComponent = () => <ToolPage tool={tool} View={View} />;
  return createRoute({
    getParentRoute: () => publicLayout,
    path: tool.route,
    component,
    // The view's chunk, on link hover/focus (defaultPreload 'intent') and before the page renders:
    // the page then renders whole (prerendered at build time, hydrated without suspending).
    loader: () => View.preload?.(),
  });
}

/**
 * The query cache's provider around page plugins' views (blog, profiles, account use TanStack Query
 * directly), loaded with their view: TanStack Query is not part of the first page.
 */
const QueriesLayer = lazyRouteComponent(() => import('./components/queries-layer'), 'QueriesProvider');

/**
 * A page plugin's route: its layout, its access guard, its document title and its lazy view. A path
 * whose parameters are not of their declared forms is none of its paths (`false` from `parse`), and
 * the router shows the not-found page, as the server sends it.
 */
function pageRoute(page: PageRoute, layout: AnyRoute) {
  const View = lazyRouteComponent(page.view) as RouteComponent;
  const component: RouteComponent = () => <PluginPage title={page.title} View={View} Layer={QueriesLayer} />;
  const fits = page.params && paramsFit(page.params);
  return createRoute({
    getParentRoute: () => layout,
    path: page.path,
    ...(fits && { params: { parse: (values: Record<string, string>) => (fits(values) ? values : false) } }),
    beforeLoad: guard(page.access),
    errorComponent: GuardedRouteError,
    component,
    loader: () => Promise.all([View.preload?.(), QueriesLayer.preload?.()]),
  });
}

const pages = pagePlugins.flatMap((plugin) => plugin.routes);
const pagesIn = (layout: PageRoute['layout'], route: AnyRoute) =>
  pages.filter((page) => page.layout === layout).map((page) => pageRoute(page, route));

const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([homeRoute, ...tools.map(toolRoute), ...pagesIn('public', publicLayout)]),
  appLayout.addChildren([dashboardRoute, ...pagesIn('app', appLayout)]),
]);

/**
 * `prerenderHistory`: a memory history when prerendering a page at build time (src/prerender.tsx);
 * in the browser, the app's own (browser-history.ts).
 */
export function createAppRouter(session: Session, prerenderHistory?: RouterHistory) {
  return createRouter({
    routeTree,
    history: prerenderHistory ?? createAppHistory(),
    ...(prerenderHistory && { isServer: true }),
    context: { session },
    defaultPreload: 'intent',
    defaultPendingComponent: PagePending,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundContent,
    // On the server it would write an inline script (refused by the content security policy).
    scrollRestoration: !prerenderHistory,
  });
}
