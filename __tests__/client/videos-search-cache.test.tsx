import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { SelfieVideo } from '../../src/api/types';
import { videosApi } from '../../src/features/videos';
import { SelfieVideosPage } from '../../src/features/videos/SelfieVideosPage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { loggedInAs, makeSelfieVideo, owner, pause } from './videos-fixtures';

/*
 * A change to a video reaches both searches (videoChangeTags): the self-shot list showing a
 * keyword or an AI search refetches its results when one of the owner's videos is edited or
 * deleted, so the video does not linger there with its old title, or at all.
 */

const NORMAL_URL = '*/v0/api/search/normal-search';
const AI_URL = '*/v0/api/search/ai-search';

/** The site's videos as both searches find them, with a count of the requests each search got. */
function serveSearches(videos: SelfieVideo[]) {
  const requests = { keyword: 0, ai: 0 };
  let shown = videos;
  server.use(
    http.post(NORMAL_URL, () => {
      requests.keyword += 1;
      return HttpResponse.json({ results: shown, total: shown.length });
    }),
    http.post(AI_URL, () => {
      requests.ai += 1;
      return HttpResponse.json({ results: shown, structuredResponse: { data: [], total: 0 } });
    }),
    http.patch('*/v0/api/videos/selfieVideos/:id', async ({ params, request }) => {
      const { title } = (await request.json()) as { title: string };
      shown = shown.map((video) => (video._id === params.id ? { ...video, title } : video));
      const video = shown.find((item) => item._id === params.id);
      return HttpResponse.json({ success: true, message: 'Video updated successfully!', video });
    }),
    http.delete('*/v0/api/videos/selfieVideos/:id', ({ params }) => {
      shown = shown.filter((video) => video._id !== params.id);
      return HttpResponse.json({ success: true, message: 'Video deleted.' });
    }),
  );
  return requests;
}

const modes = [
  { name: 'the keyword search', route: '/selfieVideos?q=selfie', counted: 'keyword', other: 'ai' },
  { name: 'an AI search', route: '/selfieVideos?q=selfie&mode=ai', counted: 'ai', other: 'keyword' },
] as const;

describe.each(modes)('the self-shot list showing $name', ({ route, counted, other }) => {
  async function renderResults() {
    const requests = serveSearches([makeSelfieVideo(1), makeSelfieVideo(2)]);
    const rendered = renderWithProviders(<SelfieVideosPage />, { route, preloadedState: loggedInAs(owner) });
    expect(await screen.findByText('Selfie number 1')).toBeInTheDocument();
    expect(screen.getByText('Selfie number 2')).toBeInTheDocument();
    await pause();
    expect(requests).toEqual({ [counted]: 1, [other]: 0 });
    return { ...rendered, requests };
  }

  it('refetches its results after one of the videos is deleted: the video leaves them', async () => {
    const { store, requests } = await renderResults();

    await act(async () => {
      await store.dispatch(videosApi.endpoints.deleteVideo.initiate({ id: 'v1', ownerId: owner._id })).unwrap();
    });

    await waitFor(() => expect(screen.queryByText('Selfie number 1')).not.toBeInTheDocument());
    expect(screen.getByText('Selfie number 2')).toBeInTheDocument();
    expect(requests).toEqual({ [counted]: 2, [other]: 0 });
  });

  it('refetches its results after one of the videos is edited: the new title shows', async () => {
    const { store, requests } = await renderResults();

    await act(async () => {
      await store
        .dispatch(
          videosApi.endpoints.updateVideo.initiate({ id: 'v2', ownerId: owner._id, title: 'Renamed selfie', description: '', visibility: 'public' }),
        )
        .unwrap();
    });

    expect(await screen.findByText('Renamed selfie')).toBeInTheDocument();
    expect(screen.queryByText('Selfie number 2')).not.toBeInTheDocument();
    expect(requests).toEqual({ [counted]: 2, [other]: 0 });
  });
});
