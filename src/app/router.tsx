import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';

import { Layout, StandaloneLayout } from './Layout';

/*
 * Every page is its own chunk (React.lazy); Layout's Suspense shows a spinner while one loads.
 * Pages not built yet render ComingSoon with their title; they share the ComingSoon chunk and
 * get a `lazy(() => import('../features/<feature>/<Page>'))` line of their own when built.
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
const ComingSoonPage = lazy(() => import(/* webpackChunkName: "page-coming-soon" */ '../components/ComingSoon'));
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
        <Route path={routePatterns.upload} element={<ComingSoonPage titleId="comingSoon.title.upload" />} />
        <Route path={routePatterns.profile} element={<ComingSoonPage titleId="comingSoon.title.profile" />} />
        <Route path={routePatterns.editProfile} element={<ComingSoonPage titleId="comingSoon.title.editProfile" />} />
        <Route path={routePatterns.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={routePatterns.resetPassword} element={<ResetPasswordPage />} />
        <Route path={routePatterns.requestVerification} element={<RequestVerificationPage />} />
        <Route path={routePatterns.selfieVideos} element={<ComingSoonPage titleId="comingSoon.title.selfieVideos" />} />
        <Route path={routePatterns.selfieVideo} element={<ComingSoonPage titleId="comingSoon.title.selfieVideo" />} />
        <Route
          path={routePatterns.editSelfieVideo}
          element={<ComingSoonPage titleId="comingSoon.title.editVideo" />}
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<StandaloneLayout />}>
        <Route path={routePatterns.verify} element={<VerifyPage />} />
      </Route>
    </Routes>
  );
}
