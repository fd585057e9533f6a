import { api } from '../../api/api';
import { channelTag, LIST, videoChangeTags, videoItemTags } from '../../api/tags';
import type {
  ApiAnswer,
  ApiQuery,
  ApiRequestBody,
  LikeInfo,
  SelfieVideo,
  SelfieVideoListResponse,
  SelfieVideoResponse,
  UpdateVideoResponse,
  ToggleLikeResponse,
  UploadVideoResponse,
  VideoProcessingResponse,
  VideoStatus,
  Visibility,
} from '../../api/types';
import { acceptSuccessOnly } from '../../api/validate-status';
import { PAGE_SIZE } from '../../config/routes';
import { API_BASE_URL } from '../../config/runtime';

import { PROCESSING_STAGES, type ProcessingAnswer, type ProcessingStage, type RetryProcessingResponse, type SetThumbnailResponse } from './processingTypes';
import { sendUpload, type UploadVideoArgs } from './uploadRequest';

export interface SelfieVideosArgs {
  /** 1-based. */
  page: number;
}

export interface ToggleLikeArgs {
  videoId: string;
  /** The logged-in user who likes: their profile's liked list is refetched. */
  likerId: string;
}

export interface UpdateVideoArgs {
  id: string;
  /** The owner, whose profile lists are refetched (also sent as `userId`). */
  ownerId: string;
  title: string;
  description: string;
  visibility: Visibility;
  /** Let viewers download it (docs/sharing.md); unchanged when absent. */
  downloadEnabled?: boolean;
}

export interface DeleteVideoArgs {
  id: string;
  /** The owner, whose profile lists are refetched. */
  ownerId: string;
}

/** The part of the root state the upload reads; typed structurally to keep imports one-way. */
interface StateWithLanguage {
  language?: { locale?: string };
}

const videoUrl = (id: string) => `/videos/selfieVideos/${encodeURIComponent(id)}`;
const videoPositionUrl = (id: string) => `${videoUrl(id)}/position`;

/** The position route in full, for navigator.sendBeacon on page hide (it POSTs the same JSON). */
export const videoPositionBeaconUrl = (id: string) => `${API_BASE_URL}${videoPositionUrl(id)}`;

/**
 * Toggles in flight per video. A rapid double toggle must end in the server's state: the answer
 * of the last toggle sent is written into the cache, and when toggles overlapped and one of
 * them failed, the likes are refetched once all have settled.
 */
const togglesInFlight = new Map<string, { count: number; latest: string; stale: boolean }>();

/**
 * Self-shot videos (cache tags as docs/architecture.md describes the data layer):
 * - the list provides `{VideoList,'LIST'}` and `{Video,id}` per item; a video `{Video,id}`;
 *   its likes `{Likes,id}`;
 * - a like updates the likes at once (undone on failure) and invalidates only that video's
 *   Likes and the liker's User (their liked list);
 * - every change to a video (upload, edit, delete, thumbnail, retry) invalidates videoChangeTags:
 *   that Video, the owner's User, the list and both searches' answers.
 */
export const videosApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSelfieVideos: build.query<SelfieVideoListResponse, SelfieVideosArgs>({
      query: ({ page }) => ({
        url: '/videos/selfieVideos',
        params: { page: Math.max(1, Math.floor(page) || 1), perPage: PAGE_SIZE } satisfies ApiQuery<'listVideos'>,
      }),
      transformResponse: (raw: unknown): SelfieVideoListResponse => {
        const body = (raw && typeof raw === 'object' ? raw : {}) as Partial<SelfieVideoListResponse>;
        const videos = Array.isArray(body.videos) ? body.videos : [];
        const total = Number(body.total);
        return { videos, total: Number.isFinite(total) && total > 0 ? total : videos.length };
      },
      providesTags: (result) => [...videoItemTags(result?.videos), { type: 'VideoList' as const, id: LIST }],
    }),

    /** Counts a view on the server (once per viewer per day); served from cache for 5 minutes. */
    getSelfieVideo: build.query<SelfieVideoResponse, string>({
      query: (id) => ({ url: videoUrl(id), validateStatus: acceptSuccessOnly }),
      // Its uploader's subscriber count too: subscribing refetches it (channelTag).
      providesTags: (result, _error, id) => [{ type: 'Video', id }, ...(result ? [channelTag(result.video.user)] : [])],
    }),

    /**
     * Where a video is in the media pipeline (light: counts no view). The pages poll it while the
     * video is processing (see useVideoProcessing) and then invalidate that Video.
     */
    getVideoProcessing: build.query<ProcessingAnswer, string>({
      query: (id) => ({ url: `${videoUrl(id)}/processing`, validateStatus: acceptSuccessOnly }),
      transformResponse: (raw: unknown): ProcessingAnswer => normalizeProcessing(raw),
      providesTags: (_result, _error, id) => [{ type: 'VideoProcessing', id }],
    }),

    getVideoLikes: build.query<LikeInfo, string>({
      query: (id) => `${videoUrl(id)}/likes`,
      transformResponse: (raw: Partial<LikeInfo> | undefined): LikeInfo => ({
        likes: Math.max(0, Number(raw?.likes) || 0),
        likedByUser: raw?.likedByUser === true,
      }),
      providesTags: (_result, _error, id) => [{ type: 'Likes', id }],
    }),

    toggleLike: build.mutation<ToggleLikeResponse, ToggleLikeArgs>({
      query: ({ videoId }) => ({
        url: `${videoUrl(videoId)}/toggle-like`,
        method: 'POST',
        body: {},
        validateStatus: acceptSuccessOnly,
      }),
      invalidatesTags: (result, _error, { videoId, likerId }) =>
        result
          ? [
              { type: 'Likes', id: videoId },
              { type: 'User', id: likerId },
            ]
          : [],
      async onQueryStarted({ videoId }, { dispatch, queryFulfilled, requestId }) {
        const entry = togglesInFlight.get(videoId) ?? { count: 0, latest: requestId, stale: false };
        entry.count += 1;
        entry.latest = requestId;
        togglesInFlight.set(videoId, entry);

        // Optimistic: flip likedByUser and move the count by one, as the server will.
        const patch = dispatch(
          videosApi.util.updateQueryData('getVideoLikes', videoId, (draft) => {
            draft.likedByUser = !draft.likedByUser;
            draft.likes = Math.max(0, draft.likes + (draft.likedByUser ? 1 : -1));
          }),
        );

        let answer: ToggleLikeResponse | undefined;
        try {
          answer = (await queryFulfilled).data;
        } catch (failure) {
          console.error('Failed to toggle like:', (failure as { error?: unknown })?.error ?? failure);
        }
        entry.count -= 1;
        const alone = entry.count === 0;

        if (answer) {
          // The server's word wins. An earlier toggle's answer is already outdated by a later one.
          if (entry.latest === requestId && typeof answer.liked === 'boolean' && Number.isFinite(answer.likes)) {
            const { liked, likes } = answer;
            dispatch(
              videosApi.util.updateQueryData('getVideoLikes', videoId, (draft) => {
                draft.likedByUser = liked;
                draft.likes = Math.max(0, likes);
              }),
            );
          }
        } else if (alone && !entry.stale) {
          // The common case: a single toggle failed, so its snapshot is exactly what to restore.
          patch.undo();
        } else {
          // Overlapping toggles: restoring a snapshot could clobber another toggle's change, so
          // the server is asked once all have settled.
          entry.stale = true;
        }

        if (alone) {
          togglesInFlight.delete(videoId);
          if (entry.stale) dispatch(videosApi.util.invalidateTags([{ type: 'Likes', id: videoId }]));
        }
      },
    }),

    /** Where the signed-in viewer is in the video (204; provides nothing: the page keeps playing). */
    saveVideoPosition: build.mutation<null, { id: string; seconds: number }>({
      query: ({ id, seconds }) => ({ url: videoPositionUrl(id), method: 'PUT', body: { seconds } }),
    }),

    updateVideo: build.mutation<UpdateVideoResponse, UpdateVideoArgs>({
      query: ({ id, ownerId, title, description, visibility, downloadEnabled }) => ({
        url: videoUrl(id),
        method: 'PATCH',
        body: {
          title,
          description,
          visibility,
          ...(downloadEnabled === undefined ? {} : { downloadEnabled }),
          userId: ownerId,
        } satisfies ApiRequestBody<'updateVideo'>,
        validateStatus: acceptSuccessOnly,
      }),
      invalidatesTags: (result, _error, { id, ownerId }) => (result ? videoChangeTags({ videoId: id, ownerId: result.video?.user ?? ownerId }) : []),
    }),

    deleteVideo: build.mutation<ApiAnswer<'deleteVideo', 200>, DeleteVideoArgs>({
      query: ({ id }) => ({ url: videoUrl(id), method: 'DELETE', validateStatus: acceptSuccessOnly }),
      invalidatesTags: (result, _error, { id, ownerId }) => (result ? videoChangeTags({ videoId: id, ownerId }) : []),
    }),

    /**
     * Runs a failed video through the media pipeline again (owner only, failed only). Its Video,
     * processing state, the owner's lists and the public list are refetched; the video page
     * switches to the live progress at once with the answer's video.
     */
    retryProcessing: build.mutation<RetryProcessingResponse, DeleteVideoArgs>({
      query: ({ id }) => ({ url: `${videoUrl(id)}/retry`, method: 'POST', body: {}, validateStatus: acceptSuccessOnly }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const fresh = data.video;
          dispatch(
            videosApi.util.updateQueryData('getVideoProcessing', id, (draft) => {
              Object.assign(draft, { status: 'processing', processingProgress: 0, processingError: null, processingStage: 'queued' });
            }),
          );
          dispatch(
            videosApi.util.updateQueryData('getSelfieVideo', id, (draft) => {
              if (!draft.video) return;
              Object.assign(draft.video, fresh ?? {}, fresh ? {} : { status: 'processing', processingProgress: 0, processingError: null });
            }),
          );
        } catch {
          // The page shows the refusal; the cache is left as it was.
        }
      },
      invalidatesTags: (result, _error, { id, ownerId }) =>
        result ? [...videoChangeTags({ videoId: id, ownerId }), { type: 'VideoProcessing', id }] : [],
    }),

    /** Sets or changes a video's thumbnail (owner only; multipart `thumbnailFile`). */
    setVideoThumbnail: build.mutation<SetThumbnailResponse, DeleteVideoArgs & { file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('thumbnailFile', file, file.name);
        return { url: `${videoUrl(id)}/thumbnail`, method: 'PUT', body, validateStatus: acceptSuccessOnly };
      },
      invalidatesTags: (result, _error, { id, ownerId }) => (result ? videoChangeTags({ videoId: id, ownerId }) : []),
    }),

    /** Multipart upload over XMLHttpRequest so the page can show progress (fetch cannot report it). */
    uploadVideo: build.mutation<UploadVideoResponse, UploadVideoArgs>({
      queryFn: (args, { signal, getState }) =>
        sendUpload(args, { signal, locale: (getState() as StateWithLanguage).language?.locale }),
      invalidatesTags: (result) => (result ? videoChangeTags({ videoId: result.video?._id, ownerId: result.video?.user }) : []),
    }),
  }),
});

const STATUSES: readonly VideoStatus[] = ['processing', 'ready', 'failed'];

/** The processing answer with every field in range, whatever the server sent. */
export function normalizeProcessing(raw: unknown): ProcessingAnswer {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof ProcessingAnswer, unknown>>;
  const status = STATUSES.includes(body.status as VideoStatus) ? (body.status as VideoStatus) : 'processing';
  const progress = Number(body.processingProgress);
  return {
    success: body.success !== false,
    status,
    processingProgress: status === 'ready' ? 100 : Number.isFinite(progress) ? Math.min(100, Math.max(0, Math.round(progress))) : 0,
    processingError: typeof body.processingError === 'string' && body.processingError.trim() ? body.processingError : null,
    // Never invented while processing: a server that sends no stage gets no stage line.
    processingStage: PROCESSING_STAGES.includes(body.processingStage as ProcessingStage)
      ? (body.processingStage as ProcessingStage)
      : status === 'ready'
        ? 'done'
        : status === 'failed'
          ? 'failed'
          : null,
    processingErrorCode:
      status === 'failed' && typeof body.processingErrorCode === 'string' ? (body.processingErrorCode as VideoProcessingResponse['processingErrorCode']) : null,
    queuePosition: positiveIntegerOrNull(body.queuePosition, 1),
    etaSeconds: positiveIntegerOrNull(body.etaSeconds, 0),
    hlsUrl: typeof body.hlsUrl === 'string' && body.hlsUrl ? body.hlsUrl : null,
  };
}

function positiveIntegerOrNull(value: unknown, min: number): number | null {
  const number = Number(value);
  return value !== null && value !== undefined && Number.isFinite(number) && number >= min ? Math.round(number) : null;
}

export const {
  useGetSelfieVideosQuery,
  useGetSelfieVideoQuery,
  useGetVideoProcessingQuery,
  useGetVideoLikesQuery,
  useToggleLikeMutation,
  useUpdateVideoMutation,
  useDeleteVideoMutation,
  useUploadVideoMutation,
  useSaveVideoPositionMutation,
  useRetryProcessingMutation,
  useSetVideoThumbnailMutation,
} = videosApi;

/** Page count of a list of `total` videos, `PAGE_SIZE` per page. */
export function pageCount(total: number): number {
  return total > 0 ? Math.ceil(total / PAGE_SIZE) : 0;
}

export type { SelfieVideo };
