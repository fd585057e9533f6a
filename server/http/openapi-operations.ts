/**
 * What the OpenAPI document says about each operation besides its schemas: operationId (the
 * name of the generated client type, src/api/generated/openapi.ts), summary, tag and who may call
 * it. Keyed by method and OpenAPI path. A route may instead set summary/operationId/tags in its
 * own schema (those win); an operation with neither fails `npm run openapi` and the OpenAPI test,
 * so a new route cannot reach the document undescribed.
 *
 * `auth`:
 * - `public`: no session involved (`security: []`);
 * - `optional`: anyone, but a session cookie changes the answer (the owner sees a private video):
 *   `security: [{}, { cookieAuth: [] }]`;
 * - `session`: 401 without a session (`security: [{ cookieAuth: [] }]`);
 * - `staff`: as `session`, and 403 for users who are neither moderator nor admin.
 * A route guarded by requireUser/requireModerator must say `session`/`staff` (checked when the
 * document is built).
 */
export type OperationAuth = 'public' | 'optional' | 'session' | 'staff';

export interface OperationInfo {
  operationId: string;
  summary: string;
  tag: Tag;
  auth: OperationAuth;
}

export const TAGS = {
  health: 'Liveness and readiness',
  session: 'Accounts: registration, login, e-mail verification, password reset, wallet sign-in',
  videos: 'Self-shot videos: list, read, edit, delete, processing state',
  upload: 'Uploading a video: multipart in one request, or resumable (tus 1.0)',
  likes: 'Likes on videos',
  comments: 'Threaded comments on videos',
  users: 'Public profiles and the own profile',
  search: 'Keyword and AI search',
  descriptions: 'Visitor-submitted descriptions of catalogue videos (reviewed by moderators)',
  moderation: 'Reports and the moderator API (moderator or admin role)',
  playback: 'Watching: the resume position',
  following: 'Following: subscriptions to uploaders, their feed, notifications and their settings, playlists, watch history',
  media: 'Uploaded media files: videos, HLS renditions, thumbnails (byte ranges, conditional requests)',
} as const;
export type Tag = keyof typeof TAGS;

const op = (operationId: string, tag: Tag, auth: OperationAuth, summary: string): OperationInfo => ({
  operationId,
  summary,
  tag,
  auth,
});

export const OPERATIONS: Record<string, OperationInfo> = {
  'get /health': op('getHealth', 'health', 'public', 'Health check (database, load and start-up)'),
  'get /v0/api/health': op('getApiHealth', 'health', 'public', 'Health check under the API prefix'),

  'get /v0/api/check-session': op('checkSession', 'session', 'optional', 'Whether the session cookie is valid, and its user'),
  'post /v0/api/auth/register': op('register', 'session', 'public', 'Create an account'),
  'post /v0/api/auth/login': op('login', 'session', 'public', 'Log in with e-mail and password'),
  'post /v0/api/auth/logout': op('logout', 'session', 'optional', 'Log out (ends the session, if any)'),
  'post /v0/api/auth/verify': op('verifyEmail', 'session', 'public', 'Confirm an e-mail address with the mailed token'),
  'post /v0/api/auth/forgot-password': op('forgotPassword', 'session', 'public', 'Mail a password reset link'),
  'post /v0/api/auth/send-verification': op('sendVerification', 'session', 'public', 'Mail the verification link again'),
  'post /v0/api/auth/reset-password': op('resetPassword', 'session', 'optional', 'Set a new password with the mailed token'),
  'get /v0/api/auth/metamask/challenge': op('getWalletChallenge', 'session', 'public', 'A message for the wallet to sign'),
  'post /v0/api/auth/metamask/login': op('walletLogin', 'session', 'public', 'Log in with a signed wallet challenge'),

  'post /v0/api/action/upload-description': op('submitDescription', 'descriptions', 'optional', 'Suggest a description for a catalogue video'),
  'post /v0/api/search/normal-search': op('searchVideos', 'search', 'public', 'Keyword search over public videos (title, description, captions; matching caption lines)'),
  'post /v0/api/search/ai-search': op('aiSearch', 'search', 'public', 'Natural-language search over videos and the catalogue'),

  'post /v0/api/movies/upload': op('uploadVideo', 'upload', 'session', 'Upload a video and its thumbnail'),
  'post /v0/api/uploads': op('createResumableUpload', 'upload', 'session', 'Create a resumable (tus 1.0) upload: Upload-Length and Upload-Metadata'),
  'options /v0/api/uploads': op('getResumableUploadOptions', 'upload', 'public', 'tus discovery: version, extensions, size limit'),
  'options /v0/api/uploads/{id}': op('getResumableUploadOptionsForId', 'upload', 'public', 'tus discovery (CORS preflight of an upload URL)'),
  'head /v0/api/uploads/{id}': op('getResumableUploadOffset', 'upload', 'session', "The own upload's offset (Upload-Offset)"),
  'patch /v0/api/uploads/{id}': op(
    'appendResumableUpload',
    'upload',
    'session',
    'Append bytes at Upload-Offset; the last chunk creates the video (Video-Id header)',
  ),
  'delete /v0/api/uploads/{id}': op('terminateResumableUpload', 'upload', 'session', 'Terminate the own upload (its bytes are removed)'),
  'get /v0/api/videos/selfieVideos': op('listVideos', 'videos', 'public', 'Public videos, newest first, paged'),
  'get /v0/api/videos/selfieVideos/{id}': op('getVideo', 'videos', 'optional', 'One video (counts a view per viewer per day)'),
  'patch /v0/api/videos/selfieVideos/{id}': op('updateVideo', 'videos', 'session', 'Edit the own video'),
  'delete /v0/api/videos/selfieVideos/{id}': op('deleteVideo', 'videos', 'session', 'Delete the own video'),
  'get /v0/api/videos/selfieVideos/{id}/processing': op(
    'getVideoProcessing',
    'videos',
    'optional',
    'Where the video is in processing: stage, queue position and ETA for the owner (light polling, no view counted)',
  ),
  'get /v0/api/videos/selfieVideos/{id}/related': op(
    'listRelatedVideos',
    'videos',
    'optional',
    'Public videos related to this one (AI search index, then the same uploader)',
  ),
  'get /v0/api/videos/selfieVideos/{id}/download': op(
    'downloadVideo',
    'videos',
    'optional',
    'The video as a file download (when its owner allows downloads)',
  ),
  'get /v0/api/videos/selfieVideos/{id}/likes': op('getVideoLikes', 'likes', 'optional', "A video's like count and whether the viewer likes it"),
  'put /v0/api/videos/selfieVideos/{id}/position': op('saveVideoPosition', 'playback', 'session', "Save the signed-in viewer's position in a video"),
  'post /v0/api/videos/selfieVideos/{id}/position': op(
    'saveVideoPositionBeacon',
    'playback',
    'session',
    'Save the position (the same, as POST for navigator.sendBeacon; text/plain JSON accepted)',
  ),
  'post /v0/api/videos/selfieVideos/{id}/retry': op('retryVideoProcessing', 'videos', 'session', "Run a failed own video's processing again"),
  'put /v0/api/videos/selfieVideos/{id}/captions/{lang}': op('putCaptions', 'videos', 'session', 'Add or replace the own video\'s caption track of a language (multipart captionFile, optional label)'),
  'delete /v0/api/videos/selfieVideos/{id}/captions/{lang}': op('deleteCaptions', 'videos', 'session', 'Remove the own video\'s caption track of a language'),
  'put /v0/api/videos/selfieVideos/{id}/thumbnail': op('replaceThumbnail', 'upload', 'session', 'Set or change the own video\'s thumbnail (multipart thumbnailFile)'),
  'post /v0/api/videos/selfieVideos/{id}/toggle-like': op('toggleLike', 'likes', 'session', 'Like or unlike a video'),

  'get /v0/api/comments/{id}': op('listComments', 'comments', 'optional', "A video's comments (id: the video)"),
  'post /v0/api/comments/create': op('createComment', 'comments', 'session', 'Post a comment or a reply'),
  'delete /v0/api/comments/{id}': op('deleteComment', 'comments', 'session', 'Delete a comment and its replies (id: the comment)'),

  'get /v0/api/users/{id}': op('getUserProfile', 'users', 'optional', "A user's profile with the first page of their uploads and liked videos"),
  'get /v0/api/users/{id}/videos': op('listUserVideos', 'users', 'optional', "A page of a user's uploads, newest first"),
  'get /v0/api/users/{id}/liked': op('listUserLikedVideos', 'users', 'optional', 'A page of the videos a user liked, most recently liked first'),
  'patch /v0/api/users/profile': op('updateProfile', 'users', 'session', 'Edit the own profile'),

  'post /v0/api/users/{id}/subscribe': op('subscribeToUser', 'following', 'session', 'Follow an uploader (idempotent)'),
  'delete /v0/api/users/{id}/subscribe': op('unsubscribeFromUser', 'following', 'session', 'Stop following an uploader (idempotent)'),
  'get /v0/api/subscriptions': op('listSubscriptions', 'following', 'session', 'The uploaders the viewer follows, most recently followed first'),
  'get /v0/api/subscriptions/videos': op('listSubscriptionVideos', 'following', 'session', 'Newest public videos of the uploaders the viewer follows'),
  'get /v0/api/notifications': op('listNotifications', 'following', 'session', "A page of the viewer's notifications, newest first, with the unread count"),
  'get /v0/api/notifications/unread': op('getUnreadNotificationCount', 'following', 'session', 'The unread notification count (ETag for polling)'),
  'get /v0/api/notifications/stream': op('streamUnreadNotificationCount', 'following', 'session', 'The unread count as server-sent events, live'),
  'post /v0/api/notifications/read': op('markNotificationsRead', 'following', 'session', 'Mark some or all of the own notifications read'),
  'get /v0/api/notifications/settings': op('getNotificationSettings', 'following', 'session', 'Per-kind notification preferences (in the app, by e-mail)'),
  'put /v0/api/notifications/settings': op('updateNotificationSettings', 'following', 'session', 'Change per-kind notification preferences'),
  'post /v0/api/notifications/unsubscribe': op('unsubscribeFromEmails', 'following', 'public', "Stop notification e-mails with the digest's signed link"),
  'post /v0/api/notifications/unsubscribe/one-click': op('unsubscribeOneClick', 'following', 'public', "Stop notification e-mails: the digest's List-Unsubscribe URL (RFC 8058 one-click)"),
  'get /v0/api/notifications/unsubscribe/one-click': op('openUnsubscribeLink', 'following', 'public', "The digest's List-Unsubscribe URL opened: changes nothing, links to the notification settings"),
  'get /v0/api/history': op('listHistory', 'following', 'session', 'The watch history, newest first, with where to resume'),
  'delete /v0/api/history': op('clearHistory', 'following', 'session', 'Forget the whole watch history'),
  'delete /v0/api/history/{videoId}': op('removeHistoryEntry', 'following', 'session', 'Forget one video of the watch history'),
  'put /v0/api/history/settings': op('updateHistorySettings', 'following', 'session', 'Pause or resume recording the watch history'),
  'get /v0/api/playlists': op('listPlaylists', 'following', 'optional', "A user's public playlists, or all of the viewer's own"),
  'post /v0/api/playlists': op('createPlaylist', 'following', 'session', 'Create a playlist'),
  'get /v0/api/playlists/watch-later': op('getWatchLater', 'following', 'session', 'The viewer\'s private "Watch later" playlist'),
  'get /v0/api/playlists/{id}': op('getPlaylist', 'following', 'optional', 'A playlist with the videos the viewer may see, in order'),
  'patch /v0/api/playlists/{id}': op('updatePlaylist', 'following', 'session', 'Rename, describe or share a playlist'),
  'delete /v0/api/playlists/{id}': op('deletePlaylist', 'following', 'session', 'Delete a playlist'),
  'post /v0/api/playlists/{id}/videos': op('addToPlaylist', 'following', 'session', 'Add a video to a playlist (or move it there)'),
  'patch /v0/api/playlists/{id}/videos/{videoId}': op('moveInPlaylist', 'following', 'session', 'Move a video within a playlist'),
  'delete /v0/api/playlists/{id}/videos/{videoId}': op('removeFromPlaylist', 'following', 'session', 'Remove a video from a playlist'),

  'post /v0/api/reports': op('createReport', 'moderation', 'session', 'Report a video, comment or user'),
  'get /v0/api/admin/reports': op('listReports', 'moderation', 'staff', 'Reports, open or resolved'),
  'post /v0/api/admin/reports/{id}/resolve': op('resolveReport', 'moderation', 'staff', 'Resolve a report'),
  'post /v0/api/admin/videos/{id}/hide': op('hideVideo', 'moderation', 'staff', 'Hide a video from everyone but its owner'),
  'post /v0/api/admin/videos/{id}/unhide': op('unhideVideo', 'moderation', 'staff', 'Show a hidden video again'),
  'post /v0/api/admin/users/{id}/suspend': op('suspendUser', 'moderation', 'staff', 'Suspend a user'),
  'post /v0/api/admin/users/{id}/unsuspend': op('unsuspendUser', 'moderation', 'staff', 'Lift a suspension'),
  'get /v0/api/admin/users': op('listUsersForModeration', 'moderation', 'staff', 'Find users by name or e-mail'),
  'get /v0/api/admin/descriptions': op('listDescriptionSubmissions', 'moderation', 'staff', 'Submitted descriptions to review'),
  'post /v0/api/admin/descriptions/{id}/approve': op('approveDescription', 'moderation', 'staff', 'Approve a submitted description'),
  'post /v0/api/admin/descriptions/{id}/reject': op('rejectDescription', 'moderation', 'staff', 'Reject a submitted description'),
  'get /v0/api/admin/audit': op('listAuditLog', 'moderation', 'staff', 'The log of moderator actions'),

  'get /media/{key}': op('getMedia', 'media', 'optional', 'An uploaded file (private ones for their owner only)'),
  'head /media/{key}': op('headMedia', 'media', 'optional', "An uploaded file's headers"),
};
