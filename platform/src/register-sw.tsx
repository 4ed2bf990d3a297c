import { Button, notify } from '@toolbox/sdk/react';

function showUpdatePrompt() {
  notify(
    'info',
    'A new version is available',
    <Button
      size="xs"
      style={{ marginTop: 'var(--mantine-spacing-xs)' }}
      onClick={() => window.location.reload()}
    >
      Reload
    </Button>,
    { id: 'new-version', autoClose: false },
  );
}

/**
 * Production only. The worker skips waiting and claims open pages, so a deployment takes over at
 * once; an open page is told to reload (a lazy chunk that vanished with the old deployment reloads
 * the page: reload-on-stale-chunk.ts, installed by the entry).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD) return;

  if (!('serviceWorker' in navigator)) return;
  // The first install also changes the controller (the worker claims the page that installed it);
  // a change of a controller the page already had means a new version, on that page too.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) showUpdatePrompt();
    controlled = true;
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
