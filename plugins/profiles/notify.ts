import { notifications } from '@mantine/notifications';

/**
 * The spec's messages (section 8) as notifications: the title is the part before the colon
 * ('Success', 'Error', 'Export Error', …) and the message the rest, so the whole text is on screen.
 */
export const MESSAGES = {
  fetchFailed: ['Error', 'Failed to fetch profiles'],
  deleted: ['Success', 'Profile deleted successfully'],
  deleteFailed: ['Error', 'Failed to delete profile'],
  updated: ['Success', 'Profile updated successfully'],
  created: ['Success', 'Profile created successfully'],
  saveFailed: ['Error', 'Save failed. Please check the form and try again.'],
  validation: ['Validation Error', 'Please fill all required fields'],
  excelDone: ['Export Success', 'Excel file has been downloaded.'],
  csvDone: ['Export Success', 'CSV exported successfully.'],
  printBlocked: ['Export Error', 'Failed to open print window'],
  noData: ['Export Error', 'No data available to export.'],
  exportFailed: ['Export Error', 'The export failed.'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof MESSAGES;

const COLORS: Record<string, string> = {
  Success: 'teal',
  'Export Success': 'teal',
};

/** Shows one of the spec's messages; `detail` (a server's own text) goes on a second line. */
export function notify(key: MessageKey, detail?: string) {
  const [title, message] = MESSAGES[key];
  notifications.show({
    title,
    message: detail ? `${message} ${detail}` : message,
    color: COLORS[title] ?? 'red',
    // Mantine's close button has no name and its grey description fails AA contrast (axe).
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
