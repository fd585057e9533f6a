/**
 * The comments feature's public face: the Comments thread for a video page and its endpoints.
 */
export { Comments, type CommentsProps } from './Comments';
export {
  commentsApi,
  isPendingComment,
  useGetCommentsInfiniteQuery,
  flattenCommentPages,
  useCreateCommentMutation,
  useDeleteCommentMutation,
  type CreateCommentArgs,
  type DeleteCommentArgs,
  type CommentsPage,
  type CommentPages,
} from './commentsApi';
