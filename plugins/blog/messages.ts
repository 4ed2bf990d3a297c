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
  loadFailed: 'Failed to load the post.',
  confirmDelete: 'Delete this post?',
  loadingPosts: 'Loading posts...',
  loadingPost: 'Loading post...',
  loadingComments: 'Loading comments...',
  noPosts: 'No posts found.',
  commentsFailed: 'Failed to load comments.',
  draftRestored: 'Your unsaved changes were kept. Cancel gives them up.',
} as const;

/** How long a comment's status message stays (spec 9). */
export const MESSAGE_TIMEOUT_MS = 3000;
