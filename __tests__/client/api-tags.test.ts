/**
 * The tag helpers of the data layer: what a change to a video invalidates (videoChangeTags), and
 * that the answers showing videos — both searches among them — provide tags it invalidates.
 */
import { configureStore } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';

import { api } from '../../src/api/api';
import { AI_SEARCH_TAG, KEYWORD_SEARCH_TAG, videoChangeTags, videoItemTags } from '../../src/api/tags';
import { searchApi } from '../../src/features/search';
import { videosApi } from '../../src/features/videos';
import { server } from '../support/msw-server';

import { makeSelfieVideo } from './videos-fixtures';

describe('videoChangeTags', () => {
  it('names the video, its owner, the public list and both searches', () => {
    expect(videoChangeTags({ videoId: 'v1', ownerId: 'u42' })).toEqual([
      { type: 'Video', id: 'v1' },
      { type: 'User', id: 'u42' },
      { type: 'VideoList', id: 'LIST' },
      { type: 'Search', id: 'LIST' },
      { type: 'Search', id: 'AI' },
    ]);
  });

  it('leaves out what it is not told: an unknown owner, or no one video (a suspended uploader)', () => {
    expect(videoChangeTags({ videoId: 'v1' })).toEqual([{ type: 'Video', id: 'v1' }, { type: 'VideoList', id: 'LIST' }, KEYWORD_SEARCH_TAG, AI_SEARCH_TAG]);
    expect(videoChangeTags({ ownerId: 'u42' })).toEqual([{ type: 'User', id: 'u42' }, { type: 'VideoList', id: 'LIST' }, KEYWORD_SEARCH_TAG, AI_SEARCH_TAG]);
  });
});

describe('videoItemTags', () => {
  it('tags each video of a list answer, and nothing for no answer', () => {
    expect(videoItemTags([makeSelfieVideo(1), makeSelfieVideo(2)])).toEqual([
      { type: 'Video', id: 'v1' },
      { type: 'Video', id: 'v2' },
    ]);
    expect(videoItemTags(undefined)).toEqual([]);
  });
});

describe('the cached answers a video change reaches', () => {
  it('includes every keyword and AI search answer, whichever videos they show, and the list', async () => {
    server.use(
      http.post('*/v0/api/search/normal-search', () => HttpResponse.json({ results: [makeSelfieVideo(2)], total: 1 })),
      http.post('*/v0/api/search/ai-search', () => HttpResponse.json({ results: [], structuredResponse: { data: [], total: 0 } })),
      http.get('*/v0/api/videos/selfieVideos', () => HttpResponse.json({ videos: [makeSelfieVideo(2)], total: 1 })),
    );
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    await store.dispatch(searchApi.endpoints.normalSearch.initiate({ query: 'cats', page: 1 }));
    await store.dispatch(searchApi.endpoints.aiSearch.initiate({ query: 'cats', page: 1 }));
    await store.dispatch(videosApi.endpoints.getSelfieVideos.initiate({ page: 1 }));

    // A video none of them shows yet (a new upload, one made public): all of them can gain it.
    const reached = api.util.selectInvalidatedBy(store.getState(), videoChangeTags({ videoId: 'v9', ownerId: 'u42' }));
    expect(reached.map(({ endpointName }) => endpointName).sort()).toEqual(['aiSearch', 'getSelfieVideos', 'normalSearch']);
  });
});
