/**
 * The videos feature's public face: endpoints and hooks, the self-shot card and the like button.
 * The pages are not re-exported on purpose: the router lazy-loads them from their own modules
 * (default exports), and importing this file must not pull them in.
 */
export {
  videosApi,
  pageCount,
  useGetSelfieVideosQuery,
  useGetSelfieVideoQuery,
  useGetVideoLikesQuery,
  useToggleLikeMutation,
  useUpdateVideoMutation,
  useDeleteVideoMutation,
  useUploadVideoMutation,
  type SelfieVideosArgs,
  type ToggleLikeArgs,
  type UpdateVideoArgs,
  type DeleteVideoArgs,
} from './videosApi';
export {
  VideoCardForSelfie,
  VisibilityBadge,
  UploaderLink,
  selfieCardMedia,
  type VideoCardForSelfieProps,
} from './VideoCardForSelfie';
export { CardFailedReason } from './ProcessingStatus';
export { LikeButton, type LikeButtonProps } from './LikeButton';
export { type UploadVideoArgs, MAX_VIDEO_BYTES, MAX_THUMBNAIL_BYTES } from './uploadRequest';
