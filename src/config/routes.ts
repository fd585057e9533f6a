/** Route paths of every screen, in one place so links and the router cannot drift apart. */
export const paths = {
  home: '/',
  movie: (id: string) => `/movie/${encodeURIComponent(id)}`,
  register: '/register',
  login: '/login',
  upload: '/upload-movie',
  profile: (id: string) => `/profile/${encodeURIComponent(id)}`,
  editProfile: (id: string) => `/profile/edit/${encodeURIComponent(id)}`,
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  requestVerification: '/request-verification',
  selfieVideos: '/selfieVideos',
  selfieVideo: (id: string) => `/selfieVideos/${encodeURIComponent(id)}`,
  editSelfieVideo: (id: string) => `/selfieVideos/edit/${encodeURIComponent(id)}`,
  verify: '/verify',
  /** The moderator console. */
  admin: '/admin',
  /** Following: the subscriptions feed, all notifications, the digest's unsubscribe link. */
  subscriptions: '/subscriptions',
  notifications: '/notifications',
  unsubscribe: '/unsubscribe',
  history: '/history',
  playlist: (id: string) => `/playlists/${encodeURIComponent(id)}`,
} as const;

/** Page size in every search and list mode. */
export const PAGE_SIZE = 18;
/** Pages shown on each side of the current page. */
export const PAGINATION_RANGE = 2;
