/**
 * The following feature's public face: its endpoints, the subscribe button, the header's bell
 * and the notification settings. The pages (subscriptions, notifications, unsubscribe) are not
 * re-exported: the router lazy-loads them from their own modules.
 */
export {
  followingApi,
  useSetSubscriptionMutation,
  useGetSubscriptionsQuery,
  useGetSubscriptionVideosQuery,
  useGetNotificationsQuery,
  useGetUnreadNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
} from './followingApi';
export { SubscribeButton, type SubscribeButtonProps } from './SubscribeButton';
export { NotificationBell } from './NotificationBell';
export { NotificationSettingsForm } from './NotificationSettingsForm';
export { SaveToPlaylist } from './SaveToPlaylist';
export { PlaylistsSection } from './PlaylistsSection';
export { PlaylistNav, playlistVideoPath, usePlaylistPlace } from './PlaylistNav';
