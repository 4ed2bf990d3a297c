/**
 * Notifications: `notify`, the one way the app and its plugins show one, and `NotificationsHost`,
 * which the app renders once inside its MantineProvider. Mantine's notifications (their store, their
 * container and its transitions) load with the first notification asked for, not with the first page
 * (decision 174): until then a page carries only this module.
 */
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';

export type NotifyTone = 'success' | 'error' | 'info';

export interface NotifyOptions {
  /** A notification with this id is shown once: asked for again while it is open, nothing changes. */
  id?: string;
  /** How long it stays open, in ms (default Mantine's 4 s), or `false` to stay until it is closed. */
  autoClose?: number | false;
}

const COLORS: Record<NotifyTone, string> = { success: 'teal', error: 'red', info: 'blue' };

const loadMantineNotifications = () => import('./mantine-notifications');

let loading: ReturnType<typeof loadMantineNotifications> | undefined;
/** Whether a notification has been asked for on this page: the host then loads the container. */
let asked = false;
const hosts = new Set<() => void>();

/**
 * Shows a notification whose whole text is readable: the close button has a name and the
 * description keeps the text colour (Mantine's grey fails AA contrast; axe checks both). It shows
 * once Mantine's notifications have loaded (one request the first time on a page; precached after).
 */
export function notify(
  tone: NotifyTone,
  title: string,
  message: ReactNode,
  options: NotifyOptions = {},
): void {
  if (!asked) {
    asked = true;
    for (const host of hosts) host();
  }
  loading ??= loadMantineNotifications();
  loading.then(
    ({ notifications }) =>
      notifications.show({
        ...(options.id !== undefined && { id: options.id }),
        ...(options.autoClose !== undefined && { autoClose: options.autoClose }),
        title,
        message,
        color: COLORS[tone],
        closeButtonProps: { 'aria-label': 'Close notification' },
        styles: { description: { color: 'var(--mantine-color-text)' } },
      }),
    (error: unknown) => {
      // Not loaded (offline before the worker had the file): the next notification asks again.
      loading = undefined;
      console.error('A notification could not be shown', error);
    },
  );
}

const Container = lazy(() =>
  loadMantineNotifications().then(({ Notifications }) => ({ default: Notifications })),
);

function subscribe(host: () => void) {
  hosts.add(host);
  return () => {
    hosts.delete(host);
  };
}

/** Mantine's notifications container, from the first notification asked for on the page. */
export function NotificationsHost() {
  const needed = useSyncExternalStore(
    subscribe,
    () => asked,
    () => false,
  );
  return needed ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
