import { api } from '../../api/api';
import { videoItemTags } from '../../api/tags';
import type { ApiAnswer, ApiQuery } from '../../api/types';

export type RelatedVideosResponse = ApiAnswer<'listRelatedVideos', 200>;

export interface RelatedVideosArgs {
  id: string;
  limit?: number;
}

export const RELATED_LIMIT = 8;

/**
 * Sharing and discovery (docs/sharing.md): the related videos of a video. Each video answered is
 * tagged like any other, so an edit or delete refetches the lists that show it.
 */
export const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRelatedVideos: build.query<RelatedVideosResponse, RelatedVideosArgs>({
      query: ({ id, limit = RELATED_LIMIT }) => ({
        url: `/videos/selfieVideos/${encodeURIComponent(id)}/related`,
        params: { limit } satisfies ApiQuery<'listRelatedVideos'>,
      }),
      providesTags: (result, _error, { id }) => [...videoItemTags(result?.videos), { type: 'VideoList' as const, id: `related:${id}` }],
    }),
  }),
});

export const { useGetRelatedVideosQuery } = sharingApi;
