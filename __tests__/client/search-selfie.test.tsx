import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { SelfieVideo } from '../../src/api/types';
import { SelfieVideosPage } from '../../src/features/videos/SelfieVideosPage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { currentLocation, gate, LocationProbe, makeSelfieVideo, visitor } from './videos-fixtures';

/*
 * Self-shot list search:
 * browse, normal search (paged) and AI search (page 1 only, no pagination), all in the URL.
 */

const LIST_URL = '*/v0/api/videos/selfieVideos';
const NORMAL_URL = '*/v0/api/search/normal-search';
const AI_URL = '*/v0/api/search/ai-search';

type Body = Record<string, unknown>;

function renderList(route = '/selfieVideos', locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/selfieVideos" element={<SelfieVideosPage />} />
        <Route path="/selfieVideos/:id" element={<h1>Video page</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route, locale, preloadedState: visitor },
  );
}

function serveList(videos: SelfieVideo[] = [makeSelfieVideo(900, { title: 'Newest upload' })], total = videos.length) {
  const queries: Array<Record<string, string>> = [];
  server.use(
    http.get(LIST_URL, ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ videos, total });
    }),
  );
  return queries;
}

/** Answers a search endpoint from `respond` and records each request body. */
function servePost(url: string, respond: (body: Body) => Response | Promise<Response>) {
  const bodies: Body[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      return respond(body);
    }),
  );
  return bodies;
}

const pageOf = (page: number, label: string) =>
  Array.from({ length: 18 }, (_, i) => makeSelfieVideo((page - 1) * 18 + i + 1, { title: `${label} ${page}-${i + 1}` }));

const box = () => screen.getByPlaceholderText('Search self-shot videos...');

describe('Selfie videos list search', () => {
  it('has a search box with Search and AI Search, and browses without a query', async () => {
    const queries = serveList();
    renderList();
    expect(await screen.findByText('Newest upload')).toBeInTheDocument();
    const search = screen.getByRole('search');
    expect(within(search).getByRole('searchbox', { name: 'Search self-shot videos' })).toHaveValue('');
    expect(within(search).getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(within(search).getByRole('button', { name: 'AI Search' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    expect(queries).toEqual([{ page: '1', perPage: '18' }]);
  });

  it('posts the trimmed query, pages through the results and keeps both in the URL', async () => {
    serveList();
    const bodies = servePost(NORMAL_URL, (body) =>
      HttpResponse.json({ results: pageOf(Number(body.page), 'Match'), total: 40 }),
    );
    const { user } = renderList();
    await screen.findByText('Newest upload');

    await user.type(box(), '  sunny beach ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Match 1-1')).toBeInTheDocument();
    expect(bodies).toEqual([{ query: 'sunny beach', page: 1 }]);
    expect(currentLocation()).toBe('/selfieVideos?q=sunny+beach');
    expect(screen.getAllByRole('article')).toHaveLength(18);

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Match 2-1')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ query: 'sunny beach', page: 2 });
    expect(currentLocation()).toBe('/selfieVideos?q=sunny+beach&page=2');
    expect(box()).toHaveValue('sunny beach');
  });

  it('submits with Enter and opens a normal search from the URL', async () => {
    const bodies = servePost(NORMAL_URL, () => HttpResponse.json({ results: [makeSelfieVideo(1)], total: 1 }));
    const { user } = renderList('/selfieVideos?q=cats&page=2');
    await screen.findByText('Selfie number 1');
    expect(bodies).toEqual([{ query: 'cats', page: 2 }]);
    expect(box()).toHaveValue('cats');

    await user.type(box(), '{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ query: 'cats', page: 1 });
    expect(currentLocation()).toBe('/selfieVideos?q=cats');
  });

  it('AI mode: posts chat_history, per_page 18 and page 1, resets the page and hides the pagination', async () => {
    servePost(NORMAL_URL, (body) => HttpResponse.json({ results: pageOf(Number(body.page), 'Match'), total: 90 }));
    const aiBodies = servePost(AI_URL, () =>
      HttpResponse.json({
        results: pageOf(1, 'AI hit'),
        structuredResponse: { data: [{ id: 'catalogue01' }], total: 90 },
      }),
    );
    const { user } = renderList('/selfieVideos?q=cats&page=3');
    expect(await screen.findByText('Match 3-1')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();

    await user.clear(box());
    await user.type(box(), ' cats that dance ');
    await user.click(screen.getByRole('button', { name: 'AI Search' }));

    expect(await screen.findByText('AI hit 1-1')).toBeInTheDocument();
    expect(aiBodies).toEqual([{ chat_history: 'cats that dance', per_page: 18, page: 1 }]);
    expect(currentLocation()).toBe('/selfieVideos?q=cats+that+dance&mode=ai');
    expect(screen.getAllByRole('article')).toHaveLength(18);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'AI Search' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('AI mode ignores a page in the URL', async () => {
    const aiBodies = servePost(AI_URL, () =>
      HttpResponse.json({ results: [makeSelfieVideo(4)], structuredResponse: { data: [] } }),
    );
    renderList('/selfieVideos?q=cats&mode=ai&page=5');
    expect(await screen.findByText('Selfie number 4')).toBeInTheDocument();
    expect(aiBodies).toEqual([{ chat_history: 'cats', per_page: 18, page: 1 }]);
  });

  it('shows "Loading...", disables both buttons and shows the AI hint while an AI search runs', async () => {
    serveList();
    const held = gate();
    servePost(AI_URL, async () => {
      await held.opened;
      return HttpResponse.json({ results: [makeSelfieVideo(2)], structuredResponse: { data: [] } });
    });
    const { user } = renderList();
    await screen.findByText('Newest upload');
    await user.type(box(), 'cats');
    await user.click(screen.getByRole('button', { name: 'AI Search' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByText('AI search might take a bit longer...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'AI Search' })).toBeDisabled();

    held.open();
    expect(await screen.findByText('Selfie number 2')).toBeInTheDocument();
    expect(screen.queryByText('AI search might take a bit longer...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });

  it('shows "No videos to display." when a search finds nothing', async () => {
    servePost(NORMAL_URL, () => HttpResponse.json({ results: [], total: 0 }));
    renderList('/selfieVideos?q=zzz');
    expect(await screen.findByText('No videos to display.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says "Failed to perform search." when the search fails without a message, and retries', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    servePost(NORMAL_URL, () =>
      fail ? HttpResponse.json({ success: false }, { status: 500 }) : HttpResponse.json({ results: [makeSelfieVideo(3)], total: 1 }),
    );
    const { user } = renderList('/selfieVideos?q=cats');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to perform search.');
    expect(console.error).toHaveBeenCalledWith('Failed to perform search:', expect.anything());

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Selfie number 3')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('prefers the server message for a failed search', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    servePost(NORMAL_URL, () =>
      HttpResponse.json({ success: false, error: 'BAD_QUERY', message: 'The query is too long.' }, { status: 400 }),
    );
    renderList('/selfieVideos?q=cats');
    expect(await screen.findByRole('alert')).toHaveTextContent('The query is too long.');
  });

  it('says "Failed to perform AI search." when the AI search fails, or the server message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let message = '';
    servePost(AI_URL, () =>
      HttpResponse.json({ success: false, error: 'AI_FAILED', ...(message ? { message } : {}) }, { status: 500 }),
    );
    const { user } = renderList('/selfieVideos?q=cats&mode=ai');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to perform AI search.');
    expect(console.error).toHaveBeenCalledWith('Failed to perform AI search:', expect.anything());

    message = 'The AI index is warming up.';
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The AI index is warming up.')).toBeInTheDocument();
  });

  it('treats a 200 answer with an error field as a failed AI search', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    servePost(AI_URL, () => HttpResponse.json({ error: 'no model' }));
    renderList('/selfieVideos?q=cats&mode=ai');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to perform AI search.');
  });

  it('returns to browse mode with Clear search', async () => {
    const queries = serveList();
    servePost(AI_URL, () => HttpResponse.json({ results: [makeSelfieVideo(5)], structuredResponse: { data: [] } }));
    const { user } = renderList('/selfieVideos?q=cats&mode=ai');
    await screen.findByText('Selfie number 5');
    expect(queries).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('Newest upload')).toBeInTheDocument();
    expect(currentLocation()).toBe('/selfieVideos');
    expect(box()).toHaveValue('');
    expect(queries).toEqual([{ page: '1', perPage: '18' }]);
    expect(screen.getByRole('button', { name: 'AI Search' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('browses when Search is pressed with an empty box', async () => {
    const queries = serveList();
    const bodies = servePost(NORMAL_URL, () => HttpResponse.json({ results: [], total: 0 }));
    const { user } = renderList('/selfieVideos?page=2');
    await screen.findByText('Newest upload');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(currentLocation()).toBe('/selfieVideos'));
    await screen.findByText('Newest upload');
    expect(bodies).toEqual([]);
    expect(queries).toEqual([
      { page: '2', perPage: '18' },
      { page: '1', perPage: '18' },
    ]);
  });

  it('is translated', async () => {
    servePost(AI_URL, () => HttpResponse.json({ success: false }, { status: 500 }));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderList('/selfieVideos?q=cats&mode=ai', 'zh');
    expect(screen.getByPlaceholderText('搜索自拍视频...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '搜索' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'AI 搜索' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '清除搜索' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('AI 搜索失败。');
  });
});
