import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';

import { Layout, StandaloneLayout } from './Layout';

/*
 * Every page is its own chunk (React.lazy); Layout's Suspense shows a spinner while one loads.
 * Each page has a `lazy(() => import('../features/<feature>/<Page>'))` line of its own.
 */
const HomePage = lazy(() => import(/* webpackChunkName: "page-home" */ '../features/catalogue/HomePage'));
const MovieDetailPage = lazy(
  () => import(/* webpackChunkName: "page-movie" */ '../features/catalogue/MovieDetailPage'),
);
const RegisterPage = lazy(() => import(/* webpackChunkName: "page-register" */ '../features/auth/RegisterPage'));
const LoginPage = lazy(() => import(/* webpackChunkName: "page-login" */ '../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(
  () => import(/* webpackChunkName: "page-forgot-password" */ '../features/auth/ForgotPasswordPage'),
);
const ResetPasswordPage = lazy(
  () => import(/* webpackChunkName: "page-reset-password" */ '../features/auth/ResetPasswordPage'),
);
const RequestVerificationPage = lazy(
  () => import(/* webpackChunkName: "page-request-verification" */ '../features/auth/RequestVerificationPage'),
);
const VerifyPage = lazy(() => import(/* webpackChunkName: "page-verify" */ '../features/auth/VerifyPage'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "page-profile" */ '../features/profile/ProfilePage'));
const EditProfilePage = lazy(
  () => import(/* webpackChunkName: "page-edit-profile" */ '../features/profile/EditProfilePage'),
);
const UploadPage = lazy(() => import(/* webpackChunkName: "page-upload" */ '../features/videos/UploadPage'));
const SelfieVideosPage = lazy(
  () => import(/* webpackChunkName: "page-selfie-videos" */ '../features/videos/SelfieVideosPage'),
);
const VideoPage = lazy(() => import(/* webpackChunkName: "page-video" */ '../features/videos/VideoPage'));
const EditVideoPage = lazy(() => import(/* webpackChunkName: "page-edit-video" */ '../features/videos/EditVideoPage'));
const AdminPage = lazy(() => import(/* webpackChunkName: "page-admin" */ '../features/moderation/AdminPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ './NotFoundPage'));

/**
 * Route patterns of SPEC §2. Links are built with `paths` from config/routes.ts; a test checks
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
} as const;

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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<StandaloneLayout />}>
        <Route path={routePatterns.verify} element={<VerifyPage />} />
      </Route>
    </Routes>
  );
}
