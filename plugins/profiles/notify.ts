import { followedBy } from '@toolbox/sdk';
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

/** One of the spec's messages as a title and a text; `detail` (a server's own text) follows as its own sentence. */
export function messageOf(key: MessageKey, detail?: string): { title: string; text: string } {
  const [title, message] = MESSAGES[key];
  return { title, text: followedBy(message, detail) };
}

/** Shows one of the spec's messages as a notification (`messageOf`). */
export function notify(key: MessageKey, detail?: string) {
  const { title, text } = messageOf(key, detail);
  show(title === 'Success' ? 'success' : 'error', title, text);
}
