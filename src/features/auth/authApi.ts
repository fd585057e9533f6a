import { api } from '../../api/api';
import type { SessionCheckResponse } from '../../api/types';

import { sessionChecked, sessionCheckFailed } from './authSlice';

/** Session endpoints (SPEC §7). Login, registration and the rest are injected by their pages. */
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
          // SPEC §8: a failed check is logged and treated as not logged in.
          console.error('Session check failed:', error);
          dispatch(sessionCheckFailed());
        }
      },
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/logout', method: 'POST', body: {} }),
      // A failed logout leaves the session as it is (SPEC §8), so it must not refetch it either.
      invalidatesTags: (_result, error) => (error ? [] : ['Session', 'User']),
    }),
  }),
});

export const { useCheckSessionQuery, useLogoutMutation } = authApi;
