import { matchPath, Route, Routes } from 'react-router-dom';

import { lazyPage, type LazyPage, type PageModule } from './lazyPage';
import { Layout, StandaloneLayout } from './Layout';

/*
 * Every page is its own chunk (React.lazy through lazyPage); Layout's Suspense shows a spinner
 * while one loads. Each page has a `lazyPage(() => import('../features/<feature>/<Page>'))` line
 * of its own.
 */
const HomePage = lazyPage(() => import(/* webpackChunkName: "page-home" */ '../features/catalogue/HomePage'));
const MovieDetailPage = lazyPage(
  () => import(/* webpackChunkName: "page-movie" */ '../features/catalogue/MovieDetailPage'),
);
const RegisterPage = lazyPage(() => import(/* webpackChunkName: "page-register" */ '../features/auth/RegisterPage'));
const LoginPage = lazyPage(() => import(/* webpackChunkName: "page-login" */ '../features/auth/LoginPage'));
const ForgotPasswordPage = lazyPage(
  () => import(/* webpackChunkName: "page-forgot-password" */ '../features/auth/ForgotPasswordPage'),
);
const ResetPasswordPage = lazyPage(
  () => import(/* webpackChunkName: "page-reset-password" */ '../features/auth/ResetPasswordPage'),
);
const RequestVerificationPage = lazyPage(
  () => import(/* webpackChunkName: "page-request-verification" */ '../features/auth/RequestVerificationPage'),
);
const VerifyPage = lazyPage(() => import(/* webpackChunkName: "page-verify" */ '../features/auth/VerifyPage'));
const ProfilePage = lazyPage(() => import(/* webpackChunkName: "page-profile" */ '../features/profile/ProfilePage'));
const EditProfilePage = lazyPage(
  () => import(/* webpackChunkName: "page-edit-profile" */ '../features/profile/EditProfilePage'),
);
const UploadPage = lazyPage(() => import(/* webpackChunkName: "page-upload" */ '../features/videos/UploadPage'));
const SelfieVideosPage = lazyPage(
  () => import(/* webpackChunkName: "page-selfie-videos" */ '../features/videos/SelfieVideosPage'),
);
const VideoPage = lazyPage(() => import(/* webpackChunkName: "page-video" */ '../features/videos/VideoPage'));
const EditVideoPage = lazyPage(() => import(/* webpackChunkName: "page-edit-video" */ '../features/videos/EditVideoPage'));
const AdminPage = lazyPage(() => import(/* webpackChunkName: "page-admin" */ '../features/moderation/AdminPage'));
const SubscriptionsPage = lazyPage(
  () => import(/* webpackChunkName: "page-subscriptions" */ '../features/following/SubscriptionsPage'),
);
const NotificationsPage = lazyPage(
  () => import(/* webpackChunkName: "page-notifications" */ '../features/following/NotificationsPage'),
);
const UnsubscribePage = lazyPage(
  () => import(/* webpackChunkName: "page-unsubscribe" */ '../features/following/UnsubscribePage'),
);
const HistoryPage = lazyPage(() => import(/* webpackChunkName: "page-history" */ '../features/following/HistoryPage'));
const PlaylistPage = lazyPage(() => import(/* webpackChunkName: "page-playlist" */ '../features/following/PlaylistPage'));
const NotFoundPage = lazyPage(() => import(/* webpackChunkName: "page-not-found" */ './NotFoundPage'));

/**
 * Route patterns of every screen. Links are built with `paths` from config/routes.ts; a test checks
 * that every such link lands on one of these patterns.
 */
export const routePatterns = {
  home: '/',
  movie: '/movie/:id',
  register: '/register',
  login: '/login',
  upload: '/upload-movie',
  profile: '/profile/:id',
  editProfile: '/profile/edit/:id',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  requestVerification: '/request-verification',
  selfieVideos: '/selfieVideos',
  selfieVideo: '/selfieVideos/:id',
  editSelfieVideo: '/selfieVideos/edit/:id',
  verify: '/verify',
  admin: '/admin',
  subscriptions: '/subscriptions',
  notifications: '/notifications',
  unsubscribe: '/unsubscribe',
  history: '/history',
  playlist: '/playlists/:id',
} as const;

const pagesByPattern = [
  [routePatterns.home, HomePage],
  [routePatterns.movie, MovieDetailPage],
  [routePatterns.register, RegisterPage],
  [routePatterns.login, LoginPage],
  [routePatterns.upload, UploadPage],
  [routePatterns.editProfile, EditProfilePage],
  [routePatterns.profile, ProfilePage],
  [routePatterns.forgotPassword, ForgotPasswordPage],
  [routePatterns.resetPassword, ResetPasswordPage],
  [routePatterns.requestVerification, RequestVerificationPage],
  [routePatterns.selfieVideos, SelfieVideosPage],
  [routePatterns.editSelfieVideo, EditVideoPage],
  [routePatterns.selfieVideo, VideoPage],
  [routePatterns.verify, VerifyPage],
  [routePatterns.admin, AdminPage],
  [routePatterns.subscriptions, SubscriptionsPage],
  [routePatterns.notifications, NotificationsPage],
  [routePatterns.unsubscribe, UnsubscribePage],
  [routePatterns.history, HistoryPage],
  [routePatterns.playlist, PlaylistPage],
] as const;

/** The page a path shows (the not-found page for an unknown one) and the path's parameters. */
export function matchPage(pathname: string): { page: LazyPage<object>; params: Record<string, string | undefined> } {
  for (const [pattern, page] of pagesByPattern) {
    const match = matchPath(pattern, pathname);
    if (match) return { page, params: match.params };
  }
  return { page: NotFoundPage, params: {} };
}

/** Loads the page a path shows ahead of the first render. */
export function preloadPageFor(pathname: string): Promise<PageModule<object>> {
  return matchPage(pathname).page.preload();
}

/** All routes: every page under the common Layout with the header, except /verify. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={routePatterns.home} element={<HomePage />} />
        <Route path={routePatterns.movie} element={<MovieDetailPage />} />
        <Route path={routePatterns.register} element={<RegisterPage />} />
        <Route path={routePatterns.login} element={<LoginPage />} />
        <Route path={routePatterns.upload} element={<UploadPage />} />
        <Route path={routePatterns.profile} element={<ProfilePage />} />
        <Route path={routePatterns.editProfile} element={<EditProfilePage />} />
        <Route path={routePatterns.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={routePatterns.resetPassword} element={<ResetPasswordPage />} />
        <Route path={routePatterns.requestVerification} element={<RequestVerificationPage />} />
        <Route path={routePatterns.selfieVideos} element={<SelfieVideosPage />} />
        <Route path={routePatterns.selfieVideo} element={<VideoPage />} />
        <Route path={routePatterns.editSelfieVideo} element={<EditVideoPage />} />
        <Route path={routePatterns.admin} element={<AdminPage />} />
        <Route path={routePatterns.subscriptions} element={<SubscriptionsPage />} />
        <Route path={routePatterns.notifications} element={<NotificationsPage />} />
        <Route path={routePatterns.unsubscribe} element={<UnsubscribePage />} />
        <Route path={routePatterns.history} element={<HistoryPage />} />
        <Route path={routePatterns.playlist} element={<PlaylistPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<StandaloneLayout />}>
        <Route path={routePatterns.verify} element={<VerifyPage />} />
      </Route>
    </Routes>
  );
}
