import { api } from '../../api/api';
import { LIST } from '../../api/tags';
import type { ApiMessage, ApiRequestBody, SelfieVideo, UpdateProfileResponse, UserProfileResponse } from '../../api/types';
import { userUpdated } from '../auth';

export interface UpdateProfileArgs {
  username: string;
}

/** A `{ success: false }` answer is a refusal even with a 2xx status. */
function acceptSuccessOnly(response: Response, body: unknown): boolean {
  if (!response.ok) return false;
  return !(body && typeof body === 'object' && (body as Partial<ApiMessage>).success === false);
}

const videoTags = (videos: readonly SelfieVideo[] | undefined) =>
  (videos ?? []).map((video) => ({ type: 'Video' as const, id: video._id }));

/**
 * Profiles (contract: GET /users/:id, PATCH /users/profile).
 * - A profile provides `{User,id}` and `{Video,vid}` for every video in its two lists, so a
 *   like (the liker's User), a video edit or delete (that Video, the owner's User) refetch it.
 * - A profile update invalidates that User, the selfie list and every video's Comments (they
 *   show usernames), and puts the new username into the persisted auth slice.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserProfile: build.query<UserProfileResponse, string>({
      query: (id) => ({ url: `/users/${encodeURIComponent(id)}`, validateStatus: acceptSuccessOnly }),
      transformResponse: (raw: UserProfileResponse): UserProfileResponse => ({
        ...raw,
        videos: Array.isArray(raw?.videos) ? raw.videos : [],
        likedVideos: Array.isArray(raw?.likedVideos) ? raw.likedVideos : [],
      }),
      providesTags: (result, _error, id) => [
        { type: 'User', id },
        ...videoTags(result?.videos),
        ...videoTags(result?.likedVideos),
      ],
    }),

    updateProfile: build.mutation<UpdateProfileResponse, UpdateProfileArgs>({
      query: ({ username }) => ({
        url: '/users/profile',
        method: 'PATCH',
        body: { username } satisfies ApiRequestBody<'updateProfile'>,
        validateStatus: acceptSuccessOnly,
      }),
      invalidatesTags: (result) =>
        result
          ? [
              ...(result.user?._id ? [{ type: 'User' as const, id: result.user._id }] : []),
              { type: 'VideoList' as const, id: LIST },
              'Comments' as const,
            ]
          : [],
      async onQueryStarted({ username }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userUpdated({ username: data.user?.username ?? username }));
        } catch {
          // The page shows the failure.
        }
      },
    }),
  }),
});

export const { useGetUserProfileQuery, useUpdateProfileMutation } = profileApi;
