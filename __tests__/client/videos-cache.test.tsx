import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useNavigate } from 'react-router-dom';

import { api } from '../../src/api/api';
import type { UserProfileResponse } from '../../src/api/types';
import { useGetSelfieVideosQuery, videosApi } from '../../src/features/videos';
import { EditVideoPage } from '../../src/features/videos/EditVideoPage';
import { setXhrFactory } from '../../src/features/videos/uploadRequest';
import { VideoPage } from '../../src/features/videos/VideoPage';
import { server } from '../support/msw-server';
import { renderWithProviders, type RenderWithProvidersOptions } from '../support/render';

import {
  FakeXhr,
  loggedInAs,
  makeSelfieVideo,
  otherUser,
  owner,
  pause,
  recordRequests,
  serveVideoPage,
} from './videos-fixtures';

/*
 * The cache contract (docs/architecture.md): what each page fetches once, and what
 * each mutation makes refetch — and nothing else.
 */

/** A stand-in for the profile feature's query, with the contract's tags: `{User,id}` and `{Video,vid}` per video. */
const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    testUserProfile: build.query<UserProfileResponse, string>({
      query: (id) => `/users/${id}`,
      providesTags: (result, _error, id) => [
        { type: 'User', id },
        ...[...(result?.videos ?? []), ...(result?.likedVideos ?? [])].map((video) => ({ type: 'Video' as const, id: video._id })),
      ],
    }),
  }),
});

const video = makeSelfieVideo(1);

function ProfileProbe({ id }: { id: string }) {
  const { data } = profileApi.useTestUserProfileQuery(id);
  return <div data-testid={`profile-${id}`}>{data ? 'profile loaded' : 'profile loading'}</div>;
}

function ListProbe() {
  const { data } = useGetSelfieVideosQuery({ page: 1 });
  return <div data-testid="list">{data ? `list of ${data.videos.length}` : 'list loading'}</div>;
}

function Go({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      {label}
    </button>
  );
}

function serveProfiles() {
  server.use(
    http.get('*/v0/api/users/:id', ({ params }) =>
      HttpResponse.json({
        success: true,
        user: { _id: params.id, username: params.id === owner._id ? owner.username : otherUser.username },
        videos: params.id === owner._id ? [video] : [],
        likedVideos: [],
      }),
    ),
  );
}

function serveList() {
  server.use(http.get('*/v0/api/videos/selfieVideos', () => HttpResponse.json({ videos: [video], total: 1 })));
}

function renderApp(preloadedState: RenderWithProvidersOptions['preloadedState'], route = '/selfieVideos/v1') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/selfieVideos/:id" element={<VideoPage />} />
        <Route path="/selfieVideos/edit/:id" element={<EditVideoPage />} />
        <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
        <Route path="/profile/:id" element={<ProfileProbe id={owner._id} />} />
      </Routes>
      <Go to="/elsewhere" label="go elsewhere" />
      <Go to="/selfieVideos/v1" label="open the video" />
      <Go to="/selfieVideos/edit/v1" label="edit the video" />
      <Go to="/profile/u42" label="open the profile" />
    </>,
    { route, preloadedState },
  );
}

const gets = (requests: string[], path: string) => requests.filter((line) => line === `GET ${path}`);

describe('videos cache', () => {
  it('fetches a video once when its page is opened twice within the cache lifetime', async () => {
    const requests = recordRequests();
    serveVideoPage(video);
    const { user } = renderApp(loggedInAs(otherUser));
    await screen.findByRole('heading', { level: 1, name: video.title });
    await screen.findByText('3 likes');

    await user.click(screen.getByRole('button', { name: 'go elsewhere' }));
    await screen.findByRole('heading', { name: 'Elsewhere' });
    await user.click(screen.getByRole('button', { name: 'open the video' }));
    expect(await screen.findByRole('heading', { level: 1, name: video.title })).toBeInTheDocument();
    await pause();

    expect(gets(requests, '/v0/api/videos/selfieVideos/v1')).toHaveLength(1);
    expect(gets(requests, '/v0/api/videos/selfieVideos/v1/likes')).toHaveLength(1);
  });

  it('refetches only the likes and the liker profile after a like (no video, list or comments)', async () => {
    let likes = { likes: 3, likedByUser: false };
    serveVideoPage(video, { likes: () => HttpResponse.json(likes) });
    serveList();
    serveProfiles();
    server.use(
      http.post('*/v0/api/videos/selfieVideos/v1/toggle-like', () => {
        likes = { likes: 4, likedByUser: true };
        return HttpResponse.json({ success: true, liked: true, likes: 4 });
      }),
    );
    const { user } = renderWithProviders(
      <>
        <VideoPage />
        <ListProbe />
        <ProfileProbe id={otherUser._id} />
        <ProfileProbe id={owner._id} />
      </>,
      { route: '/selfieVideos/v1', path: '/selfieVideos/:id', preloadedState: loggedInAs(otherUser) },
    );
    await screen.findByText('3 likes');
    await screen.findByText('list of 1');
    await waitFor(() => expect(screen.getByTestId('profile-u7')).toHaveTextContent('profile loaded'));
    await waitFor(() => expect(screen.getByTestId('profile-u42')).toHaveTextContent('profile loaded'));
    await screen.findByText('No comments yet.');
    await pause();

    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(gets(requests, '/v0/api/users/u7')).toHaveLength(1));
    await pause();

    expect([...requests].sort()).toEqual(
      ['POST /v0/api/videos/selfieVideos/v1/toggle-like', 'GET /v0/api/videos/selfieVideos/v1/likes', 'GET /v0/api/users/u7'].sort(),
    );
    expect(screen.getByText('4 likes')).toBeInTheDocument();
  });

  it('refetches the video, the owner profile and the list after an edit (not likes or comments)', async () => {
    serveVideoPage(video);
    serveList();
    serveProfiles();
    server.use(
      http.patch('*/v0/api/videos/selfieVideos/v1', () =>
        HttpResponse.json({ success: true, message: 'Video updated successfully!', video: { ...video, title: 'Renamed' } }),
      ),
    );
    const { store } = renderWithProviders(
      <>
        <VideoPage />
        <ListProbe />
        <ProfileProbe id={owner._id} />
        <ProfileProbe id={otherUser._id} />
      </>,
      { route: '/selfieVideos/v1', path: '/selfieVideos/:id', preloadedState: loggedInAs(owner) },
    );
    await screen.findByText('3 likes');
    await screen.findByText('list of 1');
    await screen.findByText('No comments yet.');
    await waitFor(() => expect(screen.getByTestId('profile-u7')).toHaveTextContent('profile loaded'));
    await pause();

    const requests = recordRequests();
    await act(async () => {
      await store
        .dispatch(
          videosApi.endpoints.updateVideo.initiate({
            id: 'v1',
            ownerId: owner._id,
            title: 'Renamed',
            description: '',
            visibility: 'public',
          }),
        )
        .unwrap();
    });
    await waitFor(() => expect(gets(requests, '/v0/api/videos/selfieVideos?page=1&perPage=18')).toHaveLength(1));
    await pause();

    expect([...requests].sort()).toEqual(
      [
        'PATCH /v0/api/videos/selfieVideos/v1',
        'GET /v0/api/videos/selfieVideos/v1',
        'GET /v0/api/videos/selfieVideos?page=1&perPage=18',
        'GET /v0/api/users/u42',
      ].sort(),
    );
  });

  it('refetches the list and the uploader profile after an upload', async () => {
    setXhrFactory(() => new FakeXhr() as unknown as XMLHttpRequest);
    FakeXhr.instances = [];
    serveList();
    serveProfiles();
    const { store } = renderWithProviders(
      <>
        <ListProbe />
        <ProfileProbe id={owner._id} />
        <ProfileProbe id={otherUser._id} />
      </>,
      { preloadedState: loggedInAs(owner) },
    );
    await screen.findByText('list of 1');
    await waitFor(() => expect(screen.getByTestId('profile-u7')).toHaveTextContent('profile loaded'));
    await pause();

    const requests = recordRequests();
    const file = new Blob(['x'], { type: 'video/mp4' }) as File;
    const upload = store.dispatch(
      videosApi.endpoints.uploadVideo.initiate({
        title: 'New',
        description: '',
        visibility: 'public',
        movieFile: Object.assign(file, { name: 'a.mp4' }),
        thumbnailFile: Object.assign(new Blob(['y'], { type: 'image/png' }), { name: 'a.png' }) as File,
        onProgress: () => {},
      }),
    );
    const xhr = await FakeXhr.sent();
    await xhr.respond(200, { success: true, message: 'Video uploaded successfully!', video: makeSelfieVideo(2) });
    await act(async () => {
      await upload.unwrap();
    });
    await waitFor(() => expect(gets(requests, '/v0/api/users/u42')).toHaveLength(1));
    await pause();
    setXhrFactory();

    expect([...requests].sort()).toEqual(['GET /v0/api/users/u42', 'GET /v0/api/videos/selfieVideos?page=1&perPage=18'].sort());
  });

  it('opens the edit page from the cache after the video page', async () => {
    const requests = recordRequests();
    serveVideoPage(video);
    serveProfiles();
    const { user } = renderApp(loggedInAs(owner));
    await screen.findByRole('heading', { level: 1, name: video.title });

    // From the video page: the video is not fetched again.
    await user.click(screen.getByRole('button', { name: 'edit the video' }));
    expect(await screen.findByLabelText('Title')).toHaveValue(video.title);
    await pause();
    expect(gets(requests, '/v0/api/videos/selfieVideos/v1')).toHaveLength(1);
  });

  it('opens the edit page from a profile list without fetching the video', async () => {
    const requests = recordRequests();
    serveVideoPage(video);
    serveProfiles();
    const { user } = renderApp(loggedInAs(owner), '/profile/u42');
    await waitFor(() => expect(screen.getByTestId('profile-u42')).toHaveTextContent('profile loaded'));

    await user.click(screen.getByRole('button', { name: 'edit the video' }));
    expect(await screen.findByLabelText('Title')).toHaveValue(video.title);
    await pause();
    expect(gets(requests, '/v0/api/videos/selfieVideos/v1')).toHaveLength(0);
  });

  it('keeps the edit form (and its success message) up when a save drops the profile list it came from', async () => {
    const requests = recordRequests();
    serveVideoPage(video);
    serveProfiles();
    server.use(
      http.patch('*/v0/api/videos/selfieVideos/v1', () =>
        HttpResponse.json({ success: true, message: 'Video updated successfully!', video: { ...video, title: 'Renamed' } }),
      ),
    );
    const { user } = renderApp(loggedInAs(owner), '/profile/u42');
    await waitFor(() => expect(screen.getByTestId('profile-u42')).toHaveTextContent('profile loaded'));
    await user.click(screen.getByRole('button', { name: 'edit the video' }));

    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Video updated successfully!');
    await pause();
    expect(screen.getByLabelText('Title')).toHaveValue('Renamed');
    expect(gets(requests, '/v0/api/videos/selfieVideos/v1')).toHaveLength(0);

    // Back on the profile after 1.5 s, which fetches the fresh list.
    await waitFor(() => expect(screen.getByTestId('profile-u42')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('profile-u42')).toHaveTextContent('profile loaded'));
    expect(gets(requests, '/v0/api/users/u42')).toHaveLength(2);
  });
});
