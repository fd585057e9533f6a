import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { VideoPage } from '../../src/features/videos/VideoPage';
import { server } from '../support/msw-server';
import { renderWithProviders, type RenderWithProvidersOptions } from '../support/render';

import {
  currentLocation,
  gate,
  LocationProbe,
  loggedInAs,
  makeSelfieVideo,
  otherUser,
  owner,
  pause,
  recordRequests,
  serveVideoPage,
  visitor,
} from './videos-fixtures';

const video = makeSelfieVideo(1, {
  title: 'Sunset run',
  description: 'First line\nSecond line',
  views: 4321,
  createdAt: '2024-03-05T14:30:00.000Z',
});

function renderVideoPage(
  preloadedState: RenderWithProvidersOptions['preloadedState'] = visitor,
  { route = `/selfieVideos/${video._id}`, locale = 'en' as 'en' | 'zh' } = {},
) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/selfieVideos/:id" element={<VideoPage />} />
        <Route path="/selfieVideos/edit/:id" element={<h1>Edit page</h1>} />
        <Route path="/login" element={<h1>Login page</h1>} />
        <Route path="/profile/:id" element={<h1>Profile page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, preloadedState, locale },
  );
}

const likeButton = () => screen.getByRole('button', { name: 'Like' });

describe('Video page', () => {
  it('shows the player, title, views, upload date, uploader, description with its line breaks, likes and comments', async () => {
    serveVideoPage(video);
    const { container } = renderVideoPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset run' })).toBeInTheDocument();
    expect(screen.getByText('4,321 views')).toBeInTheDocument();

    const time = container.querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2024-03-05T14:30:00.000Z');
    // Long date plus time, in the reader's time zone.
    expect(time.textContent).toMatch(/March \d, 2024 at \d{1,2}:\d{2}\s?[AP]M/);
    expect(screen.getByText(/^Uploaded/)).toContainElement(time);

    expect(screen.getByRole('link', { name: 'alice' })).toHaveAttribute('href', '/profile/u42');

    const description = screen.getByRole('region', { name: 'Description' });
    expect(description.textContent).toBe('First line\nSecond line');
    expect(description.querySelector('p')).not.toBeNull();

    const player = container.querySelector('video')!;
    expect(player).toHaveAttribute('src', '/media/videos/v1.mp4');
    expect(player).toHaveAttribute('poster', '/media/thumbnails/v1.jpg');
    // Preload policy (player issue): nothing but the poster before the viewer presses play.
    expect(player).toHaveAttribute('preload', 'none');
    // Controls: the browser's until media-chrome's arrive (lazily), then only media-chrome's.
    await waitFor(() => expect(container.querySelector('.video-player')).toHaveAttribute('data-controls', 'media-chrome'));
    expect(player).not.toHaveAttribute('controls');
    expect(container.querySelector('media-play-button')).not.toBeNull();
    expect(player).toHaveAccessibleName('Video player: Sunset run');

    expect(await screen.findByText('3 likes')).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByRole('heading', { name: 'Comments' })).toBeInTheDocument();

    // Visitors get neither Edit nor Delete.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows "Loading..." until the video arrives', async () => {
    const held = gate();
    serveVideoPage(video, {
      answer: async () => {
        await held.opened;
        return HttpResponse.json({ success: true, video: { ...video, subscriberCount: 0, subscribed: false } });
      },
    });
    renderVideoPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    held.open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sunset run' })).toBeInTheDocument();
  });

  it('marks a private video', async () => {
    serveVideoPage({ ...video, visibility: 'private' });
    renderVideoPage(loggedInAs(owner));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sunset run' });
    expect(heading.parentElement).toHaveTextContent('Private');
  });

  it.each([
    ['"Video not found." for a 404', () => HttpResponse.json({ success: false }, { status: 404 }), 'Video not found.'],
    ['the server message of a 404', () => HttpResponse.json({ success: false, message: 'No such video.' }, { status: 404 }), 'No such video.'],
    ['"Could not load video. Please try again later." for a server error', () => new HttpResponse('oops', { status: 500 }), 'Could not load video. Please try again later.'],
    ['"Could not load video. Please try again later." when the server is unreachable', () => HttpResponse.error(), 'Could not load video. Please try again later.'],
  ])('shows %s', async (_case, answer, text) => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    serveVideoPage(video, { answer });
    renderVideoPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    // The status view keeps an h1 (the page's name, for screen readers), never the video's title.
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Video']);
    expect(screen.queryByRole('heading', { name: 'Sunset run' })).not.toBeInTheDocument();
  });

  describe('like button', () => {
    it('sends visitors to /login', async () => {
      const requests = recordRequests();
      serveVideoPage(video);
      const { user } = renderVideoPage(visitor);
      await screen.findByText('3 likes');

      await user.click(likeButton());
      expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/login');
      expect(requests.filter((line) => line.startsWith('POST'))).toEqual([]);
    });

    it('counts the like at once, then shows the server state', async () => {
      const held = gate();
      let likesAnswer = { likes: 3, likedByUser: false };
      serveVideoPage(video, { likes: () => HttpResponse.json(likesAnswer) });
      const toggles: unknown[] = [];
      server.use(
        http.post('*/v0/api/videos/selfieVideos/v1/toggle-like', async ({ request }) => {
          toggles.push(await request.json());
          await held.opened;
          // Someone else liked meanwhile: the server's count wins.
          likesAnswer = { likes: 10, likedByUser: true };
          return HttpResponse.json({ success: true, liked: true, likes: 10 });
        }),
      );
      const { user } = renderVideoPage(loggedInAs(otherUser));
      await screen.findByText('3 likes');

      await user.click(likeButton());
      expect(screen.getByText('4 likes')).toBeInTheDocument();
      expect(likeButton()).toHaveAttribute('aria-pressed', 'true');

      held.open();
      expect(await screen.findByText('10 likes')).toBeInTheDocument();
      expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
      expect(toggles).toEqual([{}]);
    });

    it('undoes the like when the server refuses it', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => {});
      const held = gate();
      serveVideoPage(video, { likes: { likes: 3, likedByUser: true } });
      server.use(
        http.post('*/v0/api/videos/selfieVideos/v1/toggle-like', async () => {
          await held.opened;
          return HttpResponse.json({ success: false, message: 'Nope' }, { status: 500 });
        }),
      );
      const requests = recordRequests();
      const { user } = renderVideoPage(loggedInAs(otherUser));
      await screen.findByText('3 likes');
      expect(likeButton()).toHaveAttribute('aria-pressed', 'true');

      await user.click(likeButton());
      expect(screen.getByText('2 likes')).toBeInTheDocument();
      expect(likeButton()).toHaveAttribute('aria-pressed', 'false');

      held.open();
      expect(await screen.findByText('3 likes')).toBeInTheDocument();
      expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
      expect(console.error).toHaveBeenCalledWith('Failed to toggle like:', expect.anything());
      // Undone locally; nothing else is asked again.
      await pause(50);
      expect(requests.filter((line) => line.includes('/likes'))).toHaveLength(1);
    });

    it('ends a rapid double toggle in the server state, whatever order the answers come in', async () => {
      const first = gate();
      const second = gate();
      let serverLiked = false;
      let serverLikes = 3;
      let calls = 0;
      serveVideoPage(video, { likes: () => HttpResponse.json({ likes: serverLikes, likedByUser: serverLiked }) });
      server.use(
        http.post('*/v0/api/videos/selfieVideos/v1/toggle-like', async () => {
          calls += 1;
          // The server applies each toggle as it arrives; the answers are then held.
          serverLiked = !serverLiked;
          serverLikes += serverLiked ? 1 : -1;
          const answer = { success: true, liked: serverLiked, likes: serverLikes };
          await (calls === 1 ? first.opened : second.opened);
          return HttpResponse.json(answer);
        }),
      );
      const { user } = renderVideoPage(loggedInAs(otherUser));
      await screen.findByText('3 likes');

      await user.click(likeButton());
      await user.click(likeButton());
      expect(screen.getByText('3 likes')).toBeInTheDocument();
      expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
      await waitFor(() => expect(calls).toBe(2));

      // The second answer arrives first, the first one last.
      second.open();
      await pause(20);
      first.open();

      await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
      await waitFor(() => expect(screen.getByText('3 likes')).toBeInTheDocument());
      await pause(50);
      expect(screen.getByText('3 likes')).toBeInTheDocument();
      expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    });

    it('ends in the server state when one of two overlapping toggles fails', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => {});
      const first = gate();
      let serverLiked = false;
      let serverLikes = 3;
      let calls = 0;
      serveVideoPage(video, { likes: () => HttpResponse.json({ likes: serverLikes, likedByUser: serverLiked }) });
      server.use(
        http.post('*/v0/api/videos/selfieVideos/v1/toggle-like', async () => {
          calls += 1;
          if (calls === 1) {
            await first.opened;
            return HttpResponse.json({ success: false, message: 'Try later' }, { status: 503 });
          }
          serverLiked = !serverLiked;
          serverLikes += serverLiked ? 1 : -1;
          return HttpResponse.json({ success: true, liked: serverLiked, likes: serverLikes });
        }),
      );
      const { user } = renderVideoPage(loggedInAs(otherUser));
      await screen.findByText('3 likes');

      await user.click(likeButton());
      await user.click(likeButton());
      await waitFor(() => expect(calls).toBe(2));
      first.open();

      // Only the second toggle reached the server: liked, 4.
      await waitFor(() => expect(screen.getByText('4 likes')).toBeInTheDocument());
      expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
      await pause(50);
      expect(screen.getByText('4 likes')).toBeInTheDocument();
    });
  });

  describe('owner actions', () => {
    it('offers Edit and Delete to the owner only', async () => {
      serveVideoPage(video);
      const { user } = renderVideoPage(loggedInAs(owner));
      const edit = await screen.findByRole('link', { name: 'Edit' });
      expect(edit).toHaveAttribute('href', '/selfieVideos/edit/v1');
      expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
      await user.click(edit);
      expect(currentLocation()).toBe('/selfieVideos/edit/v1');
    });

    it('hides Edit and Delete from other users', async () => {
      serveVideoPage(video);
      renderVideoPage(loggedInAs(otherUser));
      await screen.findByRole('heading', { level: 1, name: 'Sunset run' });
      expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });

    it('asks "Are you sure you want to delete this video?" and deletes nothing when cancelled', async () => {
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
      const requests = recordRequests();
      serveVideoPage(video);
      const { user } = renderVideoPage(loggedInAs(owner));

      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this video?');
      expect(requests.filter((line) => line.startsWith('DELETE'))).toEqual([]);
      expect(currentLocation()).toBe('/selfieVideos/v1');
    });

    it('deletes after confirmation and goes to the owner profile', async () => {
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      const requests = recordRequests();
      serveVideoPage(video);
      server.use(
        http.delete('*/v0/api/videos/selfieVideos/v1', () => HttpResponse.json({ success: true, message: 'Video deleted.' })),
      );
      const { user } = renderVideoPage(loggedInAs(owner));

      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      expect(await screen.findByRole('heading', { name: 'Profile page' })).toBeInTheDocument();
      expect(currentLocation()).toBe('/profile/u42');
      expect(requests).toContain('DELETE /v0/api/videos/selfieVideos/v1');
    });

    it('alerts "Failed to delete video." when deleting fails', async () => {
      jest.spyOn(window, 'confirm').mockReturnValue(true);
      const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
      jest.spyOn(console, 'error').mockImplementation(() => {});
      serveVideoPage(video);
      server.use(http.delete('*/v0/api/videos/selfieVideos/v1', () => new HttpResponse(null, { status: 500 })));
      const { user } = renderVideoPage(loggedInAs(owner));

      await user.click(await screen.findByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to delete video.'));
      expect(currentLocation()).toBe('/selfieVideos/v1');
      // The button leaves its busy state on the render after the alert.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    });
  });

  it('is translated', async () => {
    serveVideoPage(video);
    const { container } = renderVideoPage(visitor, { locale: 'zh' });
    expect(await screen.findByText('4,321 次观看')).toBeInTheDocument();
    expect(await screen.findByText('3 个赞')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '点赞' })).toBeInTheDocument();
    expect(within(container).getByText(/^上传于/)).toBeInTheDocument();
    expect(container.querySelector('time')?.textContent).toMatch(/2024年3月\d日/);
  });
});

describe('Video page subscribe button', () => {
  it("shows the uploader's subscriber count from the video answer (no request for the uploader) and updates it when the viewer subscribes", async () => {
    const requests = recordRequests();
    let channel = { subscriberCount: 7, subscribed: false };
    serveVideoPage(video, { answer: () => HttpResponse.json({ success: true, video: { ...video, ...channel } }) });
    server.use(
      http.post('*/v0/api/users/:id/subscribe', () => {
        channel = { subscriberCount: 8, subscribed: true };
        return HttpResponse.json({ success: true, subscribed: true, subscriberCount: 8, message: 'Subscribed.' });
      }),
    );
    const { user } = renderVideoPage(loggedInAs(otherUser));
    expect(await screen.findByText('7 subscribers')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Subscribe to alice' });
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await user.click(button);
    expect(await screen.findByText('8 subscribers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribed to alice' })).toHaveAttribute('aria-pressed', 'true');
    // The count came with the video: the uploader's profile was never asked for.
    expect(requests.filter((line) => line.startsWith('GET /v0/api/users/'))).toEqual([]);
  });
});
