/** The keys of the blog's drafts (`useDraft`, `keepDraft` in the SDK): one per post for each form. */
export const commentDraftKey = (postId: number) => `blog:comment:${postId}`;

/** An admin's post form: the new post, or the post being edited. */
export const postDraftKey = (postId: number | undefined) =>
  postId === undefined ? 'blog:post:new' : `blog:post:${postId}`;
