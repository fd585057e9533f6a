import { api } from '../../api/api';
import { LIST, videoItemTags } from '../../api/tags';
import type { ApiRequestBody, ProfileVideoListResponse, UpdateProfileResponse, UserProfileResponse } from '../../api/types';
import { acceptSuccessOnly } from '../../api/validate-status';
import { userUpdated } from '../auth';

export interface UpdateProfileArgs {
  username: string;
}

/** The rest of a profile's list, after the first page GET /users/:id holds. */
export interface ProfileListArgs {
  userId: string;
  list: 'videos' | 'liked';
  /** The profile's videosNextCursor / likedVideosNextCursor: where these pages start. */
  cursor: string;
}

/** One page of a profile's list as cached: the answer's videos and the next page's cursor (null at the end). */
export type ProfileVideosPage = Pick<ProfileVideoListResponse, 'videos' | 'nextCursor'>;

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
        ...videoItemTags(result?.videos),
        ...videoItemTags(result?.likedVideos),
      ],
    }),

    /**
     * Pages of a profile's uploads or likes after the ones GET /users/:id holds (contract:
     * GET /users/:id/videos|liked?cursor=). Tagged like the profile, so the same likes, edits and
     * deletes refetch them.
     */
    getProfileVideos: build.infiniteQuery<ProfileVideosPage, ProfileListArgs, string | null>({
      infiniteQueryOptions: {
        // null: start at the profile's own cursor (part of the argument, so a refetched profile starts anew).
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ queryArg: { userId, list, cursor }, pageParam }) => ({
        url: `/users/${encodeURIComponent(userId)}/${list}`,
        params: { cursor: pageParam ?? cursor },
        validateStatus: acceptSuccessOnly,
      }),
      transformResponse: (raw: ProfileVideoListResponse): ProfileVideosPage => ({
        videos: Array.isArray(raw?.videos) ? raw.videos : [],
        nextCursor: typeof raw?.nextCursor === 'string' && raw.nextCursor ? raw.nextCursor : null,
      }),
      providesTags: (result, _error, { userId }) => [
        { type: 'User', id: userId },
        ...videoItemTags(result?.pages.flatMap((page) => page.videos)),
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

export const { useGetUserProfileQuery, useGetProfileVideosInfiniteQuery, useUpdateProfileMutation } = profileApi;
