import { notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';

/** The spec's texts (sections 5 and 8) and the few this plugin adds. */
export const TEXT = {
  likeLogin: 'Please log in to like posts',
  shareLogin: 'Please log in to share posts',
  commentLogin: 'Please log in to comment',
  commentEmpty: 'Please enter a comment',
  commentSent: '✅ Comment sent successfully!',
  commentFailed: '❌ Failed to send comment.',
  noComments: 'No comments yet.',
  commentPlaceholder: 'Write your comment...',
  fetchFailed: 'Failed to fetch posts',
  shareFailed: 'Failed to share post.',
  likeFailed: 'Failed to like post.',
  notFound: 'Post not found.',
  confirmDelete: 'Delete this post?',
  loadingPosts: 'Loading posts...',
  loadingPost: 'Loading post...',
  noPosts: 'No posts found.',
  commentsFailed: 'Failed to load comments.',
} as const;

/** How long a comment's status message stays (spec 9). */
export const MESSAGE_TIMEOUT_MS = 3000;

/** Mantine's error red fails AA contrast as text: a stronger shade in each scheme. */
export const ERROR_TEXT = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';
export const READABLE_ERRORS = { '--mantine-color-error': ERROR_TEXT } as CSSProperties;

type Tone = 'success' | 'error' | 'info';
const COLORS: Record<Tone, string> = { success: 'teal', error: 'red', info: 'blue' };

/** A notification whose text keeps AA contrast and whose close button has a name (axe). */
export function notify(tone: Tone, title: string, message: string) {
  notifications.show({
    title,
    message,
    color: COLORS[tone],
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
