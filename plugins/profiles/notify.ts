import { notify as show } from '@toolbox/sdk/react';

/**
 * The spec's messages (section 8) as notifications: the title is the part before the colon
 * ('Success', 'Error', 'Validation Error') and the message the rest, so the whole text is on screen.
 * The export messages ('Export Success', 'Export Error') are the shared export module's
 * (`../_shared/lists/export/notify`).
 */
export const MESSAGES = {
  fetchFailed: ['Error', 'Failed to fetch profiles'],
  deleted: ['Success', 'Profile deleted successfully'],
  deleteFailed: ['Error', 'Failed to delete profile'],
  updated: ['Success', 'Profile updated successfully'],
  created: ['Success', 'Profile created successfully'],
  saveFailed: ['Error', 'Save failed. Please check the form and try again.'],
  validation: ['Validation Error', 'Please fill all required fields'],
} as const satisfies Record<string, readonly [string, string]>;

export type MessageKey = keyof typeof MESSAGES;

/** Shows one of the spec's messages; `detail` (a server's own text) goes on a second line. */
export function notify(key: MessageKey, detail?: string) {
  const [title, message] = MESSAGES[key];
  show(title === 'Success' ? 'success' : 'error', title, detail ? `${message} ${detail}` : message);
}
