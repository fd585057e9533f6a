import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { SelfieVideo } from '../../src/api/types';
import { SelfieVideosPage } from '../../src/features/videos/SelfieVideosPage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { currentLocation, gate, LocationProbe, makeSelfieVideo, otherUser, visitor } from './videos-fixtures';

const LIST_URL = '*/v0/api/videos/selfieVideos';

/** Answers the list from `respond` and records each request's query. */
function serveList(respond: (url: URL) => Response | Promise<Response>) {
  const queries: Array<Record<string, string>> = [];
  server.use(
    http.get(LIST_URL, ({ request }) => {
      const url = new URL(request.url);
      queries.push(Object.fromEntries(url.searchParams));
      return respond(url);
    }),
  );
  return queries;
}

const listOf = (videos: SelfieVideo[], total = videos.length) => HttpResponse.json({ videos, total });

function renderList(route = '/selfieVideos', locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/selfieVideos" element={<SelfieVideosPage />} />
        <Route path="/selfieVideos/:id" element={<h1>Video page</h1>} />
        <Route path="/profile/:id" element={<h1>Profile page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, locale, preloadedState: visitor },
  );
}

const eighteen = Array.from({ length: 18 }, (_, i) => makeSelfieVideo(i + 1));

describe('Selfie videos list', () => {
  it('has a heading with the Experimental badge', async () => {
    serveList(() => listOf([]));
    renderList();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('Self-Shot Videos');
    expect(within(heading).getByText('Experimental')).toHaveClass('badge', 'badge--experimental');
    await screen.findByText('No videos to display.');
  });

  it('asks for page 1 with 18 per page and shows a card per video: thumbnail, title, "{views} views", uploader link', async () => {
    const queries = serveList(() =>
      listOf([
        makeSelfieVideo(1, { views: 1234567 }),
        makeSelfieVideo(2, { user: otherUser._id, username: otherUser.username }),
      ]),
    );
    const { user } = renderList();

    const card = await screen.findByRole('link', { name: 'Selfie number 1 1,234,567 views' });
    expect(card).toHaveAttribute('href', '/selfieVideos/v1');
    expect(within(card).getByRole('img', { name: 'Selfie number 1' })).toHaveAttribute('src', '/media/thumbnails/v1.jpg');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(queries).toEqual([{ page: '1', perPage: '18' }]);

    const second = screen.getAllByRole('article')[1]!;
    const uploader = within(second).getByRole('link', { name: 'bob' });
    expect(uploader).toHaveAttribute('href', '/profile/u7');
    expect(second).toHaveTextContent('by bob');

    await user.click(uploader);
    expect(currentLocation()).toBe('/profile/u7');
  });

  it('shows "Loading..." while the list loads', async () => {
    const held = gate();
    serveList(async () => {
      await held.opened;
      return listOf(eighteen);
    });
    renderList();

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    held.open();
    expect(await screen.findAllByRole('article')).toHaveLength(18);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows "No videos to display." and no pagination for an empty list', async () => {
    serveList(() => listOf([]));
    renderList();
    expect(await screen.findByText('No videos to display.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows "Could not load videos. Please try again later." when the list fails, and retries', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    serveList(() => (fail ? HttpResponse.json({ success: false }, { status: 500 }) : listOf(eighteen.slice(0, 2))));
    const { user } = renderList();

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load videos. Please try again later.');
    expect(screen.queryByText('No videos to display.')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no pagination for exactly one page', async () => {
    serveList(() => listOf(eighteen, 18));
    renderList();
    expect(await screen.findAllByRole('article')).toHaveLength(18);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('pages through ceil(total / 18) pages, keeping the page in the URL', async () => {
    const queries = serveList((url) => {
      const page = Number(url.searchParams.get('page'));
      return listOf(
        eighteen.map((video, i) => makeSelfieVideo(i + 1 + (page - 1) * 18, { title: `Page ${page} video ${i + 1}` })),
        40,
      );
    });
    const { user } = renderList();

    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Page 2 video 1')).toBeInTheDocument();
    expect(currentLocation()).toBe('/selfieVideos?page=2');
    expect(queries.at(-1)).toEqual({ page: '2', perPage: '18' });
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('Page 1 video 1')).toBeInTheDocument();
    expect(currentLocation()).toBe('/selfieVideos');
  });

  it('opens at the page the URL names', async () => {
    const queries = serveList(() => listOf(eighteen, 60));
    renderList('/selfieVideos?page=3');
    expect(await screen.findAllByRole('article')).toHaveLength(18);
    expect(queries).toEqual([{ page: '3', perPage: '18' }]);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('is translated', async () => {
    serveList(() => listOf([makeSelfieVideo(1, { views: 5 })]));
    renderList('/selfieVideos', 'zh');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('自拍视频');
    expect(await screen.findByText('5 次观看')).toBeInTheDocument();
    expect(screen.getByText('上传者：')).toBeInTheDocument();
  });
});
