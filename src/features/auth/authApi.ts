import { api, type TagType } from '../../api/api';
import { NOT_INLINED_ERROR } from '../../api/bootstrap';
import type { ApiAnswer, ApiRequestBody, AuthResponse, RegisterResponse, SessionCheckResponse } from '../../api/types';
import { acceptSuccessOnly } from '../../api/validate-status';

import { loggedIn, sessionChecked, sessionCheckFailed } from './authSlice';

/** The bodies the account routes take (register takes the same as login). */
export type Credentials = ApiRequestBody<'login'>;
export type VerifyEmailArgs = ApiRequestBody<'verifyEmail'>;
export type ResetPasswordArgs = ApiRequestBody<'resetPassword'>;
export type EmailArgs = ApiRequestBody<'forgotPassword'>;

export const VIEWER_DEPENDENT_TAGS: TagType[] = ['Session', 'User', 'Video', 'VideoList', 'Likes'];

function post<Body>(url: string, body: Body) {
  return { url, method: 'POST', body, validateStatus: acceptSuccessOnly };
}

/**
 * Session and account endpoints. Logging in (login, or a registration the server
 * verified at once) is recorded here, in one place: the user goes into the auth slice, which
 * redux-persist stores, and the Session tag is invalidated so the session check confirms it.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkSession: build.query<SessionCheckResponse, void>({
      query: () => '/check-session',
      providesTags: ['Session'],
      // Every answer (the start-up check and any refetch after Session is invalidated)
      // reconciles the persisted auth slice: the server's view of the session wins.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionChecked({ isValid: data.isValid === true, user: data.user ?? null }));
        } catch (failure) {
          const error = (failure as { error?: unknown }).error ?? failure;
          // An aborted check (the cache was reset, e.g. at logout) is no answer: the check that
          // replaces it will reconcile the slice.
          if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
          // A failed check is logged and treated as not logged in. A server-side render without
          // the check's answer is not a failure (it renders the page as a visitor's).
          if ((error as { error?: unknown } | null)?.error !== NOT_INLINED_ERROR.error) console.error('Session check failed:', error);
          dispatch(sessionCheckFailed());
        }
      },
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/logout', method: 'POST', body: {} }),
      // A failed logout leaves the session as it is, so it must not refetch it either.
      invalidatesTags: (_result, error) => (error ? [] : ['Session', 'User']),
    }),
    /** A verified user is logged in at once; an unverified one is not. */
    register: build.mutation<RegisterResponse, Credentials>({
      query: (credentials) => post('/auth/register', credentials),
      invalidatesTags: (result) => (result?.user?.verified ? VIEWER_DEPENDENT_TAGS : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.user?.verified) dispatch(loggedIn(data.user));
        } catch {
          // The page shows the failure.
        }
      },
    }),
    /** A successful login logs the user in (and persists the user). */
    login: build.mutation<AuthResponse, Credentials>({
      query: (credentials) => post('/auth/login', credentials),
      invalidatesTags: (result) => (result?.user ? VIEWER_DEPENDENT_TAGS : []),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.user) dispatch(loggedIn(data.user));
        } catch {
          // The page shows the failure.
        }
      },
    }),
    verifyEmail: build.mutation<ApiAnswer<'verifyEmail', 200>, VerifyEmailArgs>({
      query: (args) => post('/auth/verify', args),
    }),
    forgotPassword: build.mutation<ApiAnswer<'forgotPassword', 200>, EmailArgs>({
      query: (args) => post('/auth/forgot-password', args),
    }),
    resetPassword: build.mutation<ApiAnswer<'resetPassword', 200>, ResetPasswordArgs>({
      query: (args) => post('/auth/reset-password', args),
    }),
    sendVerification: build.mutation<ApiAnswer<'sendVerification', 200>, EmailArgs>({
      query: (args) => post('/auth/send-verification', args),
    }),
  }),
});

export const {
  useCheckSessionQuery,
  useLogoutMutation,
  useRegisterMutation,
  useLoginMutation,
  useVerifyEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useSendVerificationMutation,
} = authApi;
