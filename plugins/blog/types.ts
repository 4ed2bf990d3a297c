/** A post's status (spec 3): chosen in the form; only admins see Drafts. */
export const POST_STATUSES = ['Draft', 'Published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A blog post as the API answers it (API.md, Posts). */
export interface Post {
  id: number;
  title: string;
  subtitle: string;
  description: string;
  full_content: string;
  /** An absolute URL, or null without an image. */
  image: string | null;
  status: PostStatus;
  author_name: string;
  number_of_likes: number;
  number_of_shares: number;
  number_of_comments: number;
  /** Whether the signed-in caller likes it (false for visitors). */
  user_has_liked: boolean;
  created_at?: string;
  updated_at?: string;
}

/** A comment (API.md, Comments). */
export interface Comment {
  id: number;
  blog_post: number;
  /** The author's user id. */
  author: number;
  author_name: string;
  text: string;
  created_at?: string;
}

/** A paged list answer. */
export interface Page<T> {
  count: number;
  next?: string | null;
  previous?: string | null;
  results: T[];
}

/** POST /api/posts/{id}/like/ */
export interface LikeReply {
  status: string;
  number_of_likes?: number;
}

/** POST /api/posts/{id}/share/ */
export interface ShareReply {
  status: string;
  number_of_shares?: number;
  url?: string;
}
