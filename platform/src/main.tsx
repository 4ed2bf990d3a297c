import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './global.css';

import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createApiClient } from '@toolbox/sdk';
import { ApiProvider, ComputeProvider, connectComputeWorker } from '@toolbox/sdk/react';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './register-sw';
import { createAppRouter } from './router';
import { getToken } from './session';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const router = createAppRouter(queryClient);
const api = createApiClient({ getToken });
// The worker starts with the first calculation, not with the first page.
const compute = connectComputeWorker(
  () => new Worker(new URL('./compute.worker.ts', import.meta.url), { type: 'module' }),
);
// Notifications shown before this loads wait in Mantine's store and appear once it has.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);
const colorSchemeManager = localStorageColorSchemeManager();

// After a client-side page change, move focus to the new content so screen readers announce it.
router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
  if (fromLocation && pathChanged) document.getElementById('main')?.focus({ preventScroll: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Suspense fallback={null}>
        <Notifications />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api}>
          <ComputeProvider api={compute}>
            <RouterProvider router={router} />
          </ComputeProvider>
        </ApiProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

registerServiceWorker();
