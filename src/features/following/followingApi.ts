import { api } from '../../api/api';
import { channelTag, LIST, videoItemTags } from '../../api/tags';
import type {
  ApiAnswer,
  ApiRequestBody,
  NotificationKind,
  NotificationSettingsResponse,
  NotificationsResponse,
  SaveNotificationSettingsResponse,
  SubscribeResponse,
  SubscriptionsResponse,
  SubscriptionVideosResponse,
  UnreadNotificationsResponse,
  UnsubscribeEmailsResponse,
  UserProfileResponse,
  HistoryClearedResponse,
  HistoryResponse,
  HistorySettingsResponse,
  PlaylistResponse,
  PlaylistsResponse,
  PlaylistVisibility,
} from '../../api/types';
import { acceptSuccessOnly } from '../../api/validate-status';

export interface SubscribeArgs {
  userId: string;
  subscribe: boolean;
}

export interface PageArgs {
  page: number;
  perPage: number;
}

export type SettingsChanges = Partial<Record<NotificationKind, { inApp?: boolean; email?: boolean }>>;

/** The feed's list id under the Subscription tag. */
const FEED = 'FEED';

/**
 * Following (docs/following.md).
 * - Subscribing invalidates that user's profile (`User`, the count and the button), the video
 *   answers of that uploader (`channelTag`: they carry the count and the state) and the viewer's
 *   subscriptions and feed (`Subscription`).
 * - Notifications carry `Notification` LIST; marking read and the live unread count (the bell's
 *   event stream) invalidate it. Settings carry `NotificationSettings`, and saving them also
 *   refetches the notifications (a kind switched off leaves the list).
 */
export const followingApi = api.injectEndpoints({
  endpoints: (build) => ({
    setSubscription: build.mutation<SubscribeResponse, SubscribeArgs>({
      query: ({ userId, subscribe }) => ({
        url: `/users/${encodeURIComponent(userId)}/subscribe`,
        method: subscribe ? 'POST' : 'DELETE',
        validateStatus: acceptSuccessOnly,
      }),
      invalidatesTags: (result, _error, { userId }) =>
        result
          ? [
              { type: 'User' as const, id: userId },
              // The video answers of this uploader carry the count and the state too.
              channelTag(userId),
              { type: 'Subscription' as const, id: LIST },
              { type: 'Subscription' as const, id: FEED },
            ]
          : [],
    }),

    /** The uploader's profile answer, for its subscriber count where a page has no profile (the video page). */
    getChannel: build.query<UserProfileResponse, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}`, validateStatus: acceptSuccessOnly }),
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),

    getSubscriptions: build.query<SubscriptionsResponse, PageArgs>({
      query: (params) => ({ url: '/subscriptions', params, validateStatus: acceptSuccessOnly }),
      providesTags: [{ type: 'Subscription', id: LIST }],
    }),

    getSubscriptionVideos: build.query<SubscriptionVideosResponse, PageArgs>({
      query: (params) => ({ url: '/subscriptions/videos', params }),
      providesTags: (result) => [{ type: 'Subscription', id: FEED }, ...videoItemTags(result?.videos)],
    }),

    getNotifications: build.query<NotificationsResponse, { page: number }>({
      query: ({ page }) => ({ url: '/notifications', params: { page }, validateStatus: acceptSuccessOnly }),
      providesTags: [{ type: 'Notification', id: LIST }],
    }),

    getUnreadNotifications: build.query<UnreadNotificationsResponse, void>({
      query: () => ({ url: '/notifications/unread', validateStatus: acceptSuccessOnly }),
      providesTags: [{ type: 'Notification', id: LIST }],
    }),

    markNotificationsRead: build.mutation<UnreadNotificationsResponse, { ids?: string[] }>({
      query: ({ ids }) => ({
        url: '/notifications/read',
        method: 'POST',
        body: (ids ? { ids } : {}) satisfies ApiRequestBody<'markNotificationsRead'>,
        validateStatus: acceptSuccessOnly,
      }),
      invalidatesTags: [{ type: 'Notification', id: LIST }],
    }),

    getNotificationSettings: build.query<NotificationSettingsResponse, void>({
      query: () => ({ url: '/notifications/settings', validateStatus: acceptSuccessOnly }),
      providesTags: ['NotificationSettings'],
    }),

    saveNotificationSettings: build.mutation<SaveNotificationSettingsResponse, SettingsChanges>({
      query: (settings) => ({
        url: '/notifications/settings',
        method: 'PUT',
        body: { settings } satisfies ApiRequestBody<'updateNotificationSettings'>,
        validateStatus: acceptSuccessOnly,
      }),
      invalidatesTags: (result) => (result ? ['NotificationSettings', { type: 'Notification', id: LIST }] : []),
    }),

    unsubscribeEmails: build.mutation<UnsubscribeEmailsResponse, string>({
      query: (token) => ({
        url: '/notifications/unsubscribe',
        method: 'POST',
        body: { token } satisfies ApiRequestBody<'unsubscribeFromEmails'>,
        validateStatus: acceptSuccessOnly,
      }),
      invalidatesTags: ['NotificationSettings'],
    }),

    getHistory: build.query<HistoryResponse, PageArgs>({
      query: (params) => ({ url: '/history', params, validateStatus: acceptSuccessOnly }),
      providesTags: [{ type: 'History', id: LIST }],
    }),

    /** Forgets one video (`videoId`) or the whole history. */
    clearHistory: build.mutation<HistoryClearedResponse, { videoId?: string }>({
      query: ({ videoId }) => ({
        url: videoId ? `/history/${encodeURIComponent(videoId)}` : '/history',
        method: 'DELETE',
        validateStatus: acceptSuccessOnly,
      }),
      // The resume position goes with the entry: the video's own answer changes too.
      invalidatesTags: (result, _error, { videoId }) =>
        result ? [{ type: 'History' as const, id: LIST }, ...(videoId ? [{ type: 'Video' as const, id: videoId }] : ['Video' as const])] : [],
    }),

    setHistoryPaused: build.mutation<HistorySettingsResponse, boolean>({
      query: (paused) => ({
        url: '/history/settings',
        method: 'PUT',
        body: { paused } satisfies ApiRequestBody<'updateHistorySettings'>,
        validateStatus: acceptSuccessOnly,
      }),
      invalidatesTags: (result) => (result ? [{ type: 'History', id: LIST }] : []),
    }),

    /** A user's public playlists, or (no owner) all of the viewer's own, Watch later first. */
    getPlaylists: build.query<PlaylistsResponse, { owner?: string }>({
      query: ({ owner }) => ({ url: '/playlists', params: owner ? { owner } : {}, validateStatus: acceptSuccessOnly }),
      providesTags: (result) => [{ type: 'Playlist', id: LIST }, ...(result?.playlists ?? []).map((p) => ({ type: 'Playlist' as const, id: p._id }))],
    }),

    getPlaylist: build.query<PlaylistResponse, string>({
      query: (id) => ({ url: `/playlists/${encodeURIComponent(id)}`, validateStatus: acceptSuccessOnly }),
      providesTags: (_result, _error, id) => [{ type: 'Playlist', id }],
    }),

    createPlaylist: build.mutation<PlaylistResponse, { title: string; description?: string; visibility: PlaylistVisibility }>({
      query: (body) => ({ url: '/playlists', method: 'POST', body: body satisfies ApiRequestBody<'createPlaylist'>, validateStatus: acceptSuccessOnly }),
      invalidatesTags: (result) => (result ? [{ type: 'Playlist', id: LIST }] : []),
    }),

    deletePlaylist: build.mutation<ApiAnswer<'deletePlaylist', 200>, string>({
      query: (id) => ({ url: `/playlists/${encodeURIComponent(id)}`, method: 'DELETE', validateStatus: acceptSuccessOnly }),
      invalidatesTags: (result, _error, id) => (result ? [{ type: 'Playlist', id: LIST }, { type: 'Playlist', id }] : []),
    }),

    /** Adds (`position` absent: at the end), moves (`move`) or removes (`remove`) a video. */
    changePlaylistVideo: build.mutation<
      PlaylistResponse,
      { playlistId: string; videoId: string } & ({ action: 'add'; position?: number } | { action: 'move'; position: number } | { action: 'remove' })
    >({
      query: (args) => {
        const base = `/playlists/${encodeURIComponent(args.playlistId)}/videos`;
        if (args.action === 'add') {
          return { url: base, method: 'POST', body: { videoId: args.videoId, ...(args.position === undefined ? {} : { position: args.position }) }, validateStatus: acceptSuccessOnly };
        }
        const url = `${base}/${encodeURIComponent(args.videoId)}`;
        return args.action === 'move'
          ? { url, method: 'PATCH', body: { position: args.position }, validateStatus: acceptSuccessOnly }
          : { url, method: 'DELETE', validateStatus: acceptSuccessOnly };
      },
      invalidatesTags: (result, _error, { playlistId }) => (result ? [{ type: 'Playlist', id: LIST }, { type: 'Playlist', id: playlistId }] : []),
    }),
  }),
});

export const {
  useSetSubscriptionMutation,
  useGetChannelQuery,
  useGetSubscriptionsQuery,
  useGetSubscriptionVideosQuery,
  useGetNotificationsQuery,
  useGetUnreadNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useUnsubscribeEmailsMutation,
  useGetHistoryQuery,
  useClearHistoryMutation,
  useSetHistoryPausedMutation,
  useGetPlaylistsQuery,
  useGetPlaylistQuery,
  useCreatePlaylistMutation,
  useDeletePlaylistMutation,
  useChangePlaylistVideoMutation,
} = followingApi;
