import { readDraft } from '@toolbox/sdk/react';

/** The keys of the blog's drafts (`useDraft`, `keepDraft` in the SDK): one per post for each form. */
export const commentDraftKey = (postId: number) => `blog:comment:${postId}`;

/** Whether a comment on the post was left unsent (its panel opens with it). */
export const hasCommentDraft = (postId: number) => readDraft(commentDraftKey(postId)) !== undefined;

/** An admin's post form: the new post, or the post being edited. */
export const postDraftKey = (postId: number | undefined) =>
  postId === undefined ? 'blog:post:new' : `blog:post:${postId}`;
