/** The blog's wire types are the SDK's (one definition shared with the API). */
export {
  type Comment,
  type LikeReply,
  type Page,
  POST_STATUSES,
  type Post,
  type PostStatus,
  type ShareReply,
} from '@toolbox/sdk';
