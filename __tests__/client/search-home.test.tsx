import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';

import type { CatalogueVideo } from '../../src/api/types';
import { HomePage } from '../../src/features/catalogue/HomePage';
import { MovieDetailPage } from '../../src/features/catalogue/MovieDetailPage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { SEARCH_URL, VIDEO_BY_ID_URL, makeSearchResponse, makeVideo } from './catalogue-fixtures';

/*
 * Home AI search: our API answers
 * catalogue ids; each card is filled by the catalogue's per-id query (docs/architecture.md),
 * so the detail page of a card opens from the cache.
 */

const AI_URL = '*/v0/api/search/ai-search';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}
const location = () => screen.getByTestId('location').textContent;

function renderHome(route = '/', locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/movie/:id" element={<MovieDetailPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { route, locale },
  );
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

interface AiAnswer {
  ids: string[];
  total?: number;
}

/** Answers the AI search from `respond` and records each request body. */
function serveAi(respond: (body: Record<string, unknown>) => AiAnswer | Response | Promise<AiAnswer | Response>) {
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http.post(AI_URL, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const answer = await respond(body);
      if (answer instanceof Response) return answer;
      return HttpResponse.json({
        results: [],
        structuredResponse: {
          data: answer.ids.map((id, i) => ({ id, title: `hit ${id}`, score: 1 - i / 100 })),
          ...(answer.total === undefined ? {} : { total: answer.total }),
        },
      });
    }),
  );
  return bodies;
}

/** Answers the catalogue's by-id endpoint from `videos` (`[]` for an unknown id) and records the ids asked for. */
function serveById(videos: CatalogueVideo[], wait?: Promise<void>) {
  const ids: string[] = [];
  server.use(
    http.get(VIDEO_BY_ID_URL, async ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      ids.push(id);
      if (wait) await wait;
      return HttpResponse.json(videos.find((video) => video.id === id) ?? []);
    }),
  );
  return ids;
}

/** The normal (catalogue) search, for the page's first load and Search. */
function serveCatalogueSearch(videos: CatalogueVideo[] = []) {
  const queries: Array<string | null> = [];
  server.use(
    http.get(SEARCH_URL, ({ request }) => {
      queries.push(new URL(request.url).searchParams.get('query'));
      return HttpResponse.json(makeSearchResponse(videos));
    }),
  );
  return queries;
}

const videos = Array.from({ length: 20 }, (_, i) => makeVideo(i + 1));
const idOf = (n: number) => makeVideo(n).id;

async function aiSearch(user: ReturnType<typeof renderHome>['user'], text: string) {
  const input = screen.getByPlaceholderText('Type to search videos...');
  await user.clear(input);
  await user.type(input, text);
  await user.click(screen.getByRole('button', { name: 'AI Search' }));
}

describe('Home AI search', () => {
  it('posts the trimmed text as chat_history with per_page 18 and page 1, and keeps the mode in the URL', async () => {
    serveCatalogueSearch([makeVideo(99)]);
    const bodies = serveAi(() => ({ ids: [idOf(1), idOf(2)] }));
    serveById(videos);
    const { user } = renderHome('/?page=4');
    await screen.findByText('Video number 99');

    const aiButton = screen.getByRole('button', { name: 'AI Search' });
    expect(aiButton).toHaveAttribute('aria-pressed', 'false');
    await aiSearch(user, '  short funny cats  ');

    await screen.findByText('Video number 2');
    expect(bodies).toEqual([{ chat_history: 'short funny cats', per_page: 18, page: 1 }]);
    expect(location()).toBe('/?q=short+funny+cats&mode=ai');
    expect(screen.getByRole('button', { name: 'AI Search' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'AI Search' })).toHaveClass('btn--ai');
  });

  it('fills one card per returned id from the per-id catalogue query, skipping unknown ids', async () => {
    serveAi(() => ({ ids: [idOf(3), 'unknown0001', idOf(1)] }));
    const ids = serveById(videos);
    renderHome('/?q=cats&mode=ai');

    const third = await screen.findByRole('link', { name: 'Video number 3 1,003 views' });
    expect(third).toHaveAttribute('href', '/movie/vid00000003');
    expect(within(third).getByRole('img')).toHaveAttribute('src', 'http://localhost/catalogue/thumbs/vid00000003/0.jpg');
    await screen.findByText('Video number 1');
    // In the server's order; the id the catalogue does not know leaves no card.
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Video number 3',
      'Video number 1',
    ]);
    expect([...ids].sort()).toEqual([idOf(1), idOf(3), 'unknown0001'].sort());
    expect(screen.queryByText('No movies to display')).not.toBeInTheDocument();
  });

  it('shows a skeleton per card while its video loads', async () => {
    serveAi(() => ({ ids: [idOf(1), idOf(2)] }));
    const held = gate();
    serveById(videos, held.opened);
    renderHome('/?q=cats&mode=ai');

    await waitFor(() => expect(screen.getAllByTestId('ai-card-skeleton')).toHaveLength(2));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByText('No movies to display')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Videos' })).toHaveAttribute('aria-busy', 'true');

    held.open();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByTestId('ai-card-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Videos' })).toHaveAttribute('aria-busy', 'false');
  });

  it('opens a card\'s detail page from the cache, with no new by-id request', async () => {
    serveAi(() => ({ ids: [idOf(5), idOf(6)] }));
    const ids = serveById(videos);
    const { user } = renderHome('/?q=cats&mode=ai');
    await screen.findByText('Video number 6');
    const asked = ids.length;
    expect(asked).toBe(2);

    await user.click(screen.getByRole('link', { name: /Video number 5/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Video number 5' })).toBeInTheDocument();
    expect(location()).toBe('/movie/vid00000005');
    expect(ids).toHaveLength(asked);
  });

  it('disables both buttons, shows the spinner and "AI search might take a bit longer..." while the AI search runs', async () => {
    serveCatalogueSearch([makeVideo(99)]);
    const held = gate();
    serveAi(async () => {
      await held.opened;
      return { ids: [idOf(1)] };
    });
    serveById(videos);
    const { user } = renderHome();
    await screen.findByText('Video number 99');
    expect(screen.queryByText('AI search might take a bit longer...')).not.toBeInTheDocument();

    await aiSearch(user, 'cats');
    expect(await screen.findByText('AI search might take a bit longer...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'AI Search' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();

    held.open();
    expect(await screen.findByText('Video number 1')).toBeInTheDocument();
    expect(screen.queryByText('AI search might take a bit longer...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'AI Search' })).toBeEnabled();
  });

  it('does not show the AI hint during a normal search', async () => {
    const held = gate();
    server.use(
      http.get(SEARCH_URL, async () => {
        await held.opened;
        return HttpResponse.json(makeSearchResponse([makeVideo(1)]));
      }),
    );
    renderHome();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('button', { name: 'AI Search' })).toBeDisabled();
    expect(screen.queryByText('AI search might take a bit longer...')).not.toBeInTheDocument();
    held.open();
    await screen.findByText('Video number 1');
  });

  it('pages by the server total (ceil(total / 18)) and keeps AI mode on a page change', async () => {
    const bodies = serveAi((body) => (body.page === 2 ? { ids: [idOf(19), idOf(20)], total: 40 } : { ids: [idOf(1)], total: 40 }));
    serveById(videos);
    const { user } = renderHome('/?q=cats&mode=ai');

    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Video number 20')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ chat_history: 'cats', per_page: 18, page: 2 });
    expect(location()).toBe('/?q=cats&mode=ai&page=2');
    expect(screen.getByRole('button', { name: 'AI Search' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('counts pages from the items when the server sends no total', async () => {
    serveAi(() => ({ ids: [idOf(1), idOf(2)] }));
    serveById(videos);
    renderHome('/?q=cats&mode=ai');
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('searches again when AI Search is pressed twice with the same text', async () => {
    const bodies = serveAi(() => ({ ids: [idOf(1)] }));
    serveById(videos);
    const { user } = renderHome('/?q=cats&mode=ai');
    await screen.findByText('Video number 1');

    await user.click(screen.getByRole('button', { name: 'AI Search' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    await screen.findByText('Video number 1');
  });

  it('goes back to normal mode and page 1 with Search', async () => {
    const queries = serveCatalogueSearch([makeVideo(7)]);
    serveAi(() => ({ ids: [idOf(1)], total: 60 }));
    serveById(videos);
    const { user } = renderHome('/?q=cats&mode=ai&page=2');
    await screen.findByText('Video number 1');
    expect(queries).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Video number 7')).toBeInTheDocument();
    expect(location()).toBe('/?q=cats');
    expect(queries).toEqual(['cats']);
    expect(screen.getByRole('button', { name: 'AI Search' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows "No movies to display" when the AI search finds nothing, or nothing the catalogue knows', async () => {
    let ids: string[] = [];
    serveAi(() => ({ ids }));
    serveById(videos);
    const { user } = renderHome('/?q=nothing&mode=ai');
    expect(await screen.findByText('No movies to display')).toBeInTheDocument();

    ids = ['gone0000001', 'gone0000002'];
    await aiSearch(user, 'ghosts');
    await waitFor(() => expect(location()).toBe('/?q=ghosts&mode=ai'));
    expect(await screen.findByText('No movies to display')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs "Failed to fetch AI movies:" and shows the error line when the AI search fails, then retries', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    serveAi(() =>
      fail
        ? HttpResponse.json(
            { success: false, error: 'SEARCH_FAILED', message: 'The search index is not ready.' },
            { status: 503 },
          )
        : { ids: [idOf(4)] },
    );
    serveById(videos);
    const { user } = renderHome('/?q=cats&mode=ai');

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load movies. Please try again later.');
    expect(screen.getByText('No movies to display')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch AI movies:', expect.anything());
    expect(screen.getByRole('button', { name: 'AI Search' })).toBeEnabled();
    expect(screen.queryByText('AI search might take a bit longer...')).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Video number 4')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('treats a 200 answer with an error field as a failure', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    serveAi(() => HttpResponse.json({ error: 'No AI today' }));
    renderHome('/?q=cats&mode=ai');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load movies. Please try again later.');
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch AI movies:', expect.anything());
    consoleError.mockRestore();
  });

  it('logs a card whose video fails to load, skips it and retries it', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    serveAi(() => ({ ids: [idOf(1), idOf(2)] }));
    let failTwo = true;
    server.use(
      http.get(VIDEO_BY_ID_URL, ({ request }) => {
        const id = new URL(request.url).searchParams.get('id');
        if (id === idOf(2) && failTwo) return HttpResponse.json({ error: 'down' }, { status: 500 });
        return HttpResponse.json(videos.find((video) => video.id === id) ?? []);
      }),
    );
    const { user } = renderHome('/?q=cats&mode=ai');

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load movies. Please try again later.');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch AI movies:', expect.anything());

    failTwo = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Video number 2')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('browses the catalogue when AI Search is pressed with an empty box', async () => {
    const queries = serveCatalogueSearch([makeVideo(8)]);
    const bodies = serveAi(() => ({ ids: [] }));
    const { user } = renderHome('/?page=2');
    await screen.findByText('Video number 8');
    await user.click(screen.getByRole('button', { name: 'AI Search' }));
    await waitFor(() => expect(location()).toBe('/'));
    await screen.findByText('Video number 8');
    expect(bodies).toEqual([]);
    expect(queries).toEqual([null, null]);
  });

  it('speaks Chinese in zh', async () => {
    const held = gate();
    serveAi(async () => {
      await held.opened;
      return { ids: [] };
    });
    renderHome('/?q=cats&mode=ai', 'zh');
    expect(screen.getByRole('button', { name: 'AI 搜索' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('AI 搜索可能需要更长时间...')).toBeInTheDocument();
    held.open();
    expect(await screen.findByText('暂无可显示的影片')).toBeInTheDocument();
  });
});
