/** Sharing and discovery (docs/sharing.md): related videos, "Up next", downloads. */
export { RelatedVideos, UpNext, UP_NEXT_SECONDS, UP_NEXT_STORAGE_KEY } from './RelatedVideos';
export { DownloadLinks } from './DownloadLinks';
export { sharingApi, useGetRelatedVideosQuery, type RelatedVideosArgs } from './sharingApi';
