import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouteComponent,
} from '@tanstack/react-router';
import { tools } from '@toolbox/plugins/registry';
import type { ToolManifest } from '@toolbox/sdk';
import { PagePending } from './components/page-pending';
import { ToolSearch } from './components/tool-search';
import { AppLayout } from './layouts/app-layout';
import { PublicLayout } from './layouts/public-layout';
import { ErrorPage } from './pages/error-page';
import { HomePage } from './pages/home-page';
import { NotFoundContent, NotFoundPage } from './pages/not-found-page';
import { ToolPage } from './pages/tool-page';

export interface RouterContext {
  queryClient: QueryClient;
}

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
  path: '/dashboard',
  component: lazyRouteComponent(() => import('./pages/dashboard-page'), 'DashboardPage'),
});

function toolRoute(tool: ToolManifest) {
  // Typed loosely: routes generated from an array have no literal paths to type anyway.
  const View = lazyRouteComponent(tool.view) as RouteComponent;
  const component: RouteComponent = () => <ToolPage tool={tool} View={View} />;
  return createRoute({
    getParentRoute: () => publicLayout,
    path: tool.route,
    component,
    // Starts the view's chunk on link hover/focus (defaultPreload 'intent') without holding navigation.
    loader: () => {
      void View.preload?.();
    },
  });
}

const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([homeRoute, ...tools.map(toolRoute)]),
  appLayout.addChildren([dashboardRoute]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingComponent: PagePending,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundContent,
    scrollRestoration: true,
  });
}
