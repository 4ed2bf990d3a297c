import { Button } from '@mantine/core';
// The store only (the container loads with the first notification, components/notifications-host.tsx).
// A dynamic import of the package would keep all of it, container included, in the first page.
import { notifications } from '@mantine/notifications';

const RELOAD_KEY = 'toolbox:reloaded-for-chunk';

function showUpdatePrompt() {
  notifications.show({
    id: 'new-version',
    title: 'A new version is available',
    message: (
      <Button size="xs" mt="xs" onClick={() => window.location.reload()}>
        Reload
      </Button>
    ),
    autoClose: false,
  });
}

/**
 * Production only. The worker skips waiting and claims open pages, so a deployment takes over at
 * once; an open page is told to reload, and a lazy chunk that vanished with the old deployment
 * reloads the page (at most once a minute, so an offline failure cannot loop).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD) return;

  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    event.preventDefault();
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
  });

  if (!('serviceWorker' in navigator)) return;
  // The first install also changes the controller; only a replacement means a new version.
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) showUpdatePrompt();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        setInterval(() => void registration.update(), 60 * 60 * 1000);
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
  });
}
