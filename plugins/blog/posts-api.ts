import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@toolbox/sdk';
import type { Comment, LikeReply, Page, Post, ShareReply } from './types';

export const POSTS_PATH = '/api/posts/';
export const COMMENTS_PATH = '/api/comments/';
/** The API's page size of comments (spec 9). */
export const COMMENTS_PAGE_SIZE = 5;

export const postPath = (id: number) => `${POSTS_PATH}${id}/`;
export const likePath = (id: number) => `${POSTS_PATH}${id}/like/`;
export const sharePath = (id: number) => `${POSTS_PATH}${id}/share/`;

/** Query keys: every post query starts with `posts`, so one invalidation refreshes them all. */
export const postKeys = {
  all: ['posts'] as const,
  lists: ['posts', 'list'] as const,
  list: (query: { page: number; pageSize: number; search: string; viewer: number | null }) =>
    ['posts', 'list', query] as const,
  details: (id: number) => ['posts', 'detail', id] as const,
  detail: (id: number, viewer: number | null) => ['posts', 'detail', id, viewer] as const,
  comments: (postId: number) => ['comments', postId] as const,
  commentPage: (postId: number, page: number) => ['comments', postId, page] as const,
};

export function fetchPostPage(
  api: ApiClient,
  { page, pageSize, search }: { page: number; pageSize: number; search: string },
  signal?: AbortSignal,
): Promise<Page<Post>> {
  return api.get<Page<Post>>(POSTS_PATH, { page, page_size: pageSize, search: search.trim() }, signal);
}

export function fetchPost(api: ApiClient, id: number, signal?: AbortSignal): Promise<Post> {
  return api.get<Post>(postPath(id), undefined, signal);
}

export function fetchComments(
  api: ApiClient,
  postId: number,
  page: number,
  signal?: AbortSignal,
): Promise<Page<Comment>> {
  return api.get<Page<Comment>>(COMMENTS_PATH, { blog_post: postId, page }, signal);
}

export const likePost = (api: ApiClient, id: number) => api.post<LikeReply>(likePath(id));
export const sharePost = (api: ApiClient, id: number) => api.post<ShareReply>(sharePath(id));
export const sendComment = (api: ApiClient, postId: number, text: string) =>
  api.post<Comment>(COMMENTS_PATH, { blog_post: postId, text });

/**
 * Spec 4, Like: 'liked' raises the count and marks the post liked; anything else lowers it (never
 * below 0) and unmarks it. The server's own count wins when it sends one (exact under concurrency).
 */
export function applyLike(post: Post, reply: LikeReply): Post {
  const liked = reply.status === 'liked';
  const guess = liked ? post.number_of_likes + 1 : Math.max(0, post.number_of_likes - 1);
  const count = typeof reply.number_of_likes === 'number' ? reply.number_of_likes : guess;
  return { ...post, user_has_liked: liked, number_of_likes: count };
}

/** Spec 4, Share: the count rises by one (the server's count when it sends one). */
export function applyShare(post: Post, reply: ShareReply): Post {
  const count =
    typeof reply.number_of_shares === 'number' ? reply.number_of_shares : post.number_of_shares + 1;
  return { ...post, number_of_shares: count };
}

/** Changes one post wherever it is cached: in every list page and in its detail. */
export function patchPost(queryClient: QueryClient, id: number, change: (post: Post) => Post) {
  queryClient.setQueriesData<Page<Post>>({ queryKey: postKeys.lists }, (page) =>
    page ? { ...page, results: page.results.map((post) => (post.id === id ? change(post) : post)) } : page,
  );
  queryClient.setQueriesData<Post>({ queryKey: postKeys.details(id) }, (post) =>
    post ? change(post) : post,
  );
}
