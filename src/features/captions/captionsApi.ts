import { api } from '../../api/api';
import { LIST } from '../../api/tags';
import type { SelfieVideo } from '../../api/types';

export interface PutCaptionsArgs {
  videoId: string;
  /** BCP 47 (en, zh-Hans). */
  lang: string;
  file: File;
  label?: string;
}

export interface CaptionsAnswer {
  success: boolean;
  message: string;
  video: SelfieVideo;
}

const captionsUrl = (videoId: string, lang: string) => `/videos/selfieVideos/${encodeURIComponent(videoId)}/captions/${encodeURIComponent(lang)}`;

/** A change to a video's captions refreshes that video (its `captions`, its HLS master) and search. */
const changed = (videoId: string) => [
  { type: 'Video' as const, id: videoId },
  { type: 'Search' as const, id: LIST },
];

export const captionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    putCaptions: build.mutation<CaptionsAnswer, PutCaptionsArgs>({
      query: ({ videoId, lang, file, label }) => {
        const body = new FormData();
        if (label?.trim()) body.append('label', label.trim());
        body.append('captionFile', file);
        return { url: captionsUrl(videoId, lang), method: 'PUT', body };
      },
      invalidatesTags: (result, _error, { videoId }) => (result ? changed(videoId) : []),
    }),
    deleteCaptions: build.mutation<CaptionsAnswer, { videoId: string; lang: string }>({
      query: ({ videoId, lang }) => ({ url: captionsUrl(videoId, lang), method: 'DELETE' }),
      invalidatesTags: (result, _error, { videoId }) => (result ? changed(videoId) : []),
    }),
  }),
});

export const { usePutCaptionsMutation, useDeleteCaptionsMutation } = captionsApi;
