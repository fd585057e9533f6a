import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { sessionChecked } from '../../src/features/auth';
import { EditVideoPage } from '../../src/features/videos/EditVideoPage';
import { server } from '../support/msw-server';
import { renderWithProviders, type RenderWithProvidersOptions } from '../support/render';

import {
  currentLocation,
  LocationProbe,
  loggedInAs,
  makeSelfieVideo,
  otherUser,
  owner,
  recordRequests,
  serveVideoPage,
  visitor,
} from './videos-fixtures';

const video = makeSelfieVideo(1, { title: 'Old title', description: 'Old description', visibility: 'public' });
const PATCH_URL = '*/v0/api/videos/selfieVideos/v1';

function renderEdit(preloadedState: RenderWithProvidersOptions['preloadedState'] = loggedInAs(owner), locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/selfieVideos/edit/:id" element={<EditVideoPage />} />
        <Route path="/selfieVideos/:id" element={<h1>Video page</h1>} />
        <Route path="/profile/:id" element={<h1>Profile page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: '/selfieVideos/edit/v1', preloadedState, locale },
  );
}

/** Answers the PATCH with `answer` and records the bodies. */
function servePatch(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.patch(PATCH_URL, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });

describe('Edit video page', () => {
  afterEach(() => jest.useRealTimers());

  it('fills the form with the video: title, description and visibility', async () => {
    serveVideoPage({ ...video, visibility: 'private' });
    renderEdit();

    // The loading state carries the same page heading: the form is what says the video arrived.
    expect(await screen.findByLabelText('Title')).toHaveValue('Old title');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Video' })).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveValue('Old description');
    expect(screen.getByLabelText('Visibility')).toHaveValue('private');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/selfieVideos/v1');
  });

  it.each([
    ['another user', loggedInAs(otherUser)],
    ['a visitor', visitor],
  ])('blocks %s with "You are not authorized to edit this video."', async (_who, state) => {
    const patches = servePatch(() => HttpResponse.json({ success: true }));
    serveVideoPage(video);
    renderEdit(state);

    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to edit this video.');
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('waits for the session check before judging ownership', async () => {
    serveVideoPage(video);
    const { store } = renderEdit({ auth: { isLoggedIn: false, user: null, loading: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');
    act(() => {
      store.dispatch(sessionChecked({ isValid: true, user: owner }));
    });
    expect(await screen.findByLabelText('Title')).toHaveValue('Old title');
  });

  it('requires a title', async () => {
    const patches = servePatch(() => HttpResponse.json({ success: true }));
    serveVideoPage(video);
    const { user } = renderEdit();

    await user.clear(await screen.findByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(saveButton());
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('saves, shows the server message and returns to the owner profile after 1.5 s', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const patches = servePatch(() =>
      HttpResponse.json({
        success: true,
        message: 'Video updated successfully!',
        video: { ...video, title: 'New title', visibility: 'private' },
      }),
    );
    serveVideoPage(video);
    renderEdit();

    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, '  New title ');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'New description');
    await user.selectOptions(screen.getByLabelText('Visibility'), 'private');
    await user.click(saveButton());

    expect(await screen.findByRole('status')).toHaveTextContent('Video updated successfully!');
    expect(patches).toEqual([
      { title: 'New title', description: 'New description', visibility: 'private', userId: 'u42' },
    ]);
    expect(saveButton()).toBeDisabled();

    act(() => {
      jest.advanceTimersByTime(1499);
    });
    expect(currentLocation()).toBe('/selfieVideos/edit/v1');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/profile/u42');
  });

  it.each([
    [
      '"You are making requests too quickly. Please wait a moment and try again." for 429',
      () => HttpResponse.json({ success: false, message: 'Slow down' }, { status: 429 }),
      'You are making requests too quickly. Please wait a moment and try again.',
    ],
    [
      'the server message of a refusal',
      () => HttpResponse.json({ success: false, message: 'Title is too long.' }, { status: 400 }),
      'Title is too long.',
    ],
    ['"Failed to update video." for a refusal without a message', () => new HttpResponse(null, { status: 500 }), 'Failed to update video.'],
    [
      '"Failed to update video." for a 200 that says success false',
      () => HttpResponse.json({ success: false }),
      'Failed to update video.',
    ],
    ['"Error updating video." when the server is unreachable', () => HttpResponse.error(), 'Error updating video.'],
  ])('shows %s', async (_case, answer, text) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    servePatch(answer);
    serveVideoPage(video);
    const { user } = renderEdit();

    await user.type(await screen.findByLabelText('Title'), '!');
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(saveButton()).toBeEnabled();
    expect(currentLocation()).toBe('/selfieVideos/edit/v1');
  });

  it.each([
    ['"Failed to load video details." when the server refuses', () => new HttpResponse(null, { status: 500 }), 'Failed to load video details.'],
    ['the server message when it gives one', () => HttpResponse.json({ success: false, message: 'Video not found.' }, { status: 404 }), 'Video not found.'],
    ['"Could not load video details. Please try again later." when the server is unreachable', () => HttpResponse.error(), 'Could not load video details. Please try again later.'],
  ])('shows %s while loading the video', async (_case, answer, text) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    serveVideoPage(video, { answer });
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('is translated', async () => {
    serveVideoPage(video);
    renderEdit(loggedInAs(owner), 'zh');
    expect(await screen.findByRole('button', { name: '保存更改' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '编辑视频' })).toBeInTheDocument();
  });

  it('loads the video once from the server', async () => {
    const requests = recordRequests();
    serveVideoPage(video);
    renderEdit();
    await screen.findByLabelText('Title');
    await waitFor(() => expect(requests.filter((line) => line === 'GET /v0/api/videos/selfieVideos/v1')).toHaveLength(1));
  });
});
