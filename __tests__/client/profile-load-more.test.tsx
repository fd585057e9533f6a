import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { ProfileVideoListResponse, UserProfileResponse } from '../../src/api/types';
import { ProfilePage } from '../../src/features/profile/ProfilePage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { authState, makeSelfieVideo, owner, viewer } from './comments-fixtures';

const uploads = Array.from({ length: 5 }, (_, index) => makeSelfieVideo(`v${index}`, { title: `Upload ${index}` }));

/** The profile holds two uploads and a cursor; /videos pages the rest two at a time. */
function serveProfile({ failFirst = false } = {}) {
  const asked: Array<string | null> = [];
  let failures = failFirst ? 1 : 0;
  server.use(
    http.get('*/v0/api/users/:id', () =>
      HttpResponse.json({
        success: true,
        user: { _id: owner._id, username: owner.username, subscriberCount: 0 },
        videos: uploads.slice(0, 2),
        likedVideos: [],
        videosTotal: uploads.length,
        likedVideosTotal: 0,
        videosNextCursor: 'after-1',
        likedVideosNextCursor: null,
      } satisfies UserProfileResponse),
    ),
    http.get('*/v0/api/users/:id/videos', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      asked.push(cursor);
      if (failures > 0) {
        failures -= 1;
        return HttpResponse.json({ success: false, message: 'Server busy.' }, { status: 500 });
      }
      const start = cursor === 'after-1' ? 2 : cursor === 'after-3' ? 4 : NaN;
      if (Number.isNaN(start)) return HttpResponse.json({ success: false, message: 'Bad cursor' }, { status: 400 });
      const videos = uploads.slice(start, start + 2);
      const next = start + 2 < uploads.length ? `after-${start + 1}` : null;
      return HttpResponse.json({ success: true, videos, total: uploads.length, nextCursor: next } satisfies ProfileVideoListResponse);
    }),
  );
  return asked;
}

function renderProfile(locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/:id" element={<ProfilePage />} />
    </Routes>,
    { route: `/profile/${owner._id}`, preloadedState: authState(viewer), locale },
  );
}

const titlesIn = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '')
    .map((text) => /Upload \d/.exec(text)?.[0]);

describe('Profile: loading more videos', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => logged.mockRestore());

  it('loads the uploads beyond the profile’s first page from the cursor, until the end', async () => {
    const asked = serveProfile();
    const { user } = renderProfile();
    await screen.findByText('Upload 0');
    expect(titlesIn('Uploaded Videos')).toEqual(['Upload 0', 'Upload 1']);
    // The liked list is whole: no button there.
    expect(within(screen.getByRole('region', { name: 'Liked Videos' })).queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Load more: Uploaded Videos' }));
    await screen.findByText('Upload 3');
    expect(titlesIn('Uploaded Videos')).toEqual(['Upload 0', 'Upload 1', 'Upload 2', 'Upload 3']);

    await user.click(screen.getByRole('button', { name: 'Load more: Uploaded Videos' }));
    await screen.findByText('Upload 4');
    expect(screen.queryByRole('button', { name: 'Load more: Uploaded Videos' })).not.toBeInTheDocument();
    expect(asked).toEqual(['after-1', 'after-3']);
  });

  it('says when more could not load, and tries again from the button', async () => {
    const asked = serveProfile({ failFirst: true });
    const { user } = renderProfile();
    await screen.findByText('Upload 0');
    await user.click(screen.getByRole('button', { name: 'Load more: Uploaded Videos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server busy.');
    await user.click(screen.getByRole('button', { name: 'Load more: Uploaded Videos' }));
    await screen.findByText('Upload 3');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toEqual(['after-1', 'after-1']);
  });

  it('is translated', async () => {
    serveProfile();
    renderProfile('zh');
    expect(await screen.findByRole('button', { name: '加载更多：上传的视频' })).toBeInTheDocument();
  });
});
