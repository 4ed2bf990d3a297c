import type { Comment, Post } from './types';

export const NO_CONTENT = 'No content available.';

/** The post page's body (spec 2.9): the full text, else the description, else 'No content available.' */
export function postBody(post: Pick<Post, 'full_content' | 'description'>): string {
  if (post.full_content?.trim()) return post.full_content;
  if (post.description?.trim()) return post.description;
  return NO_CONTENT;
}

/** 'By {author_name} • {status}' (spec 2.8). */
export function byline(post: Pick<Post, 'author_name' | 'status'>): string {
  return `By ${post.author_name} • ${post.status}`;
}

/** A comment's author: the name, or 'User {author id}' when it has none (spec 2.8). */
export function commentAuthor(comment: Pick<Comment, 'author' | 'author_name'>): string {
  return comment.author_name?.trim() ? comment.author_name : `User ${comment.author}`;
}

/** 'Page X of Y' of the comments; at least one page. */
export function commentPageLabel(page: number, pages: number): string {
  return `Page ${page} of ${Math.max(1, pages)}`;
}
