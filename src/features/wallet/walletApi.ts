import { api } from '../../api/api';
import type { ApiAnswer, ApiQuery, ApiRequestBody, AuthResponse } from '../../api/types';
import { acceptSuccessOnly } from '../../api/validate-status';
import { loggedIn, VIEWER_DEPENDENT_TAGS } from '../auth';

/** `challenge`: an EIP-4361 (Sign-In with Ethereum) message with a single-use nonce, to be signed as is. */
export type WalletChallengeResponse = ApiAnswer<'getWalletChallenge', 200>;

export type WalletLoginArgs = ApiRequestBody<'walletLogin'>;

/**
 * Wallet sign-in endpoints, injected into the one API slice from the lazily loaded
 * wallet chunk. The challenge is a GET that must never be answered from cache (each nonce is
 * single-use), so it is a mutation: RTK Query never caches or dedupes mutations.
 */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWalletChallenge: build.mutation<WalletChallengeResponse, ApiQuery<'getWalletChallenge'>>({
      query: ({ address }) => ({
        url: '/auth/metamask/challenge',
        method: 'GET',
        params: { address },
        cache: 'no-store',
      }),
    }),
    /** Logs the user in exactly like the password login: auth slice + viewer-dependent tags. */
    walletLogin: build.mutation<AuthResponse, WalletLoginArgs>({
      query: (body) => ({ url: '/auth/metamask/login', method: 'POST', body, validateStatus: acceptSuccessOnly }),
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
  }),
});

export const { useGetWalletChallengeMutation, useWalletLoginMutation } = walletApi;
