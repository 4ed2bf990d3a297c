import { notifications } from '@mantine/notifications';

export type NotifyTone = 'success' | 'error' | 'info';

const COLORS: Record<NotifyTone, string> = { success: 'teal', error: 'red', info: 'blue' };

/**
 * Shows a notification whose whole text is readable: the close button has a name and the
 * description keeps the text colour (Mantine's grey fails AA contrast; axe checks both). The one
 * way plugins show a notification.
 */
export function notify(tone: NotifyTone, title: string, message: string): void {
  notifications.show({
    title,
    message,
    color: COLORS[tone],
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
