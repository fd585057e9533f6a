import { api } from '../../api/api';
import { videoChangeTags } from '../../api/tags';
import type { ApiAnswer } from '../../api/types';

export interface PutCaptionsArgs {
  videoId: string;
  /** BCP 47 (en, zh-Hans). */
  lang: string;
  file: File;
  label?: string;
}

/** What PUT and DELETE …/captions/:lang answer (the same shape): the video with its tracks. */
export type CaptionsAnswer = ApiAnswer<'putCaptions' | 'deleteCaptions', 200>;

const captionsUrl = (videoId: string, lang: string) => `/videos/selfieVideos/${encodeURIComponent(videoId)}/captions/${encodeURIComponent(lang)}`;

/**
 * A change to a video's captions is a change to the video (its `captions`, its HLS master) and to
 * what both searches find in it (caption matches): videoChangeTags.
 */
const changed = (videoId: string, answer: CaptionsAnswer) => videoChangeTags({ videoId, ownerId: answer.video?.user });

export const captionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    putCaptions: build.mutation<CaptionsAnswer, PutCaptionsArgs>({
      query: ({ videoId, lang, file, label }) => {
        const body = new FormData();
        if (label?.trim()) body.append('label', label.trim());
        body.append('captionFile', file);
        return { url: captionsUrl(videoId, lang), method: 'PUT', body };
      },
      invalidatesTags: (result, _error, { videoId }) => (result ? changed(videoId, result) : []),
    }),
    deleteCaptions: build.mutation<CaptionsAnswer, { videoId: string; lang: string }>({
      query: ({ videoId, lang }) => ({ url: captionsUrl(videoId, lang), method: 'DELETE' }),
      invalidatesTags: (result, _error, { videoId }) => (result ? changed(videoId, result) : []),
    }),
  }),
});

export const { usePutCaptionsMutation, useDeleteCaptionsMutation } = captionsApi;
