// The store only (the container loads with the first notification, components/notifications-host.tsx).
// A dynamic import of the package would keep all of it, container included, in the first page.
import { notifications } from '@mantine/notifications';
import { Button } from '@toolbox/sdk/react';

function showUpdatePrompt() {
  notifications.show({
    id: 'new-version',
    title: 'A new version is available',
    message: (
      <Button
        size="xs"
        style={{ marginTop: 'var(--mantine-spacing-xs)' }}
        onClick={() => window.location.reload()}
      >
        Reload
      </Button>
    ),
    autoClose: false,
  });
}

/**
 * Production only. The worker skips waiting and claims open pages, so a deployment takes over at
 * once; an open page is told to reload (a lazy chunk that vanished with the old deployment reloads
 * the page: reload-on-stale-chunk.ts, installed by the entry).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD) return;

  if (!('serviceWorker' in navigator)) return;
  // The first install also changes the controller; only a replacement means a new version.
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) showUpdatePrompt();
  });
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        setInterval(() => void registration.update(), 60 * 60 * 1000);
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  };
  // After the page's own loading (the app usually starts once the page has loaded).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
