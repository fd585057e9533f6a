import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';

import { HomePage } from '../../src/features/catalogue/HomePage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { SEARCH_URL, makeSearchResponse, makeVideo } from './catalogue-fixtures';

/** Shows where the router is and offers the browser's Back. */
function LocationProbe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <div data-testid="location">{`${location.pathname}${location.search}`}</div>
      <button type="button" onClick={() => void navigate(-1)}>
        browser back
      </button>
    </>
  );
}

function MovieStub() {
  const { id } = useParams();
  return <h1>{`movie ${id}`}</h1>;
}

function renderHome(route = '/', locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/movie/:id" element={<MovieStub />} />
      </Routes>
      <LocationProbe />
    </>,
    { route, locale },
  );
}

/** Answers every search from `respond` and records the requests. */
function serveSearch(respond: (url: URL) => Response | Promise<Response> = () => HttpResponse.json(makeSearchResponse([]))) {
  const requests: Request[] = [];
  server.use(
    http.get(SEARCH_URL, ({ request }) => {
      requests.push(request.clone());
      return respond(new URL(request.url));
    }),
  );
  return requests;
}

const params = (request: Request | undefined) => new URL(request!.url).searchParams;

const eighteen = Array.from({ length: 18 }, (_, i) => makeVideo(i + 1));

describe('Home page', () => {
  it('shows a card per video with thumbnail, title and "{views} views"', async () => {
    serveSearch(() => HttpResponse.json(makeSearchResponse([makeVideo(1, { views: 1234567 }), makeVideo(2)])));
    renderHome();

    const first = await screen.findByRole('link', { name: 'Video number 1 1,234,567 views' });
    expect(first).toHaveAttribute('href', '/movie/vid00000001');
    expect(within(first).getByRole('img', { name: 'Video number 1' })).toHaveAttribute(
      'src',
      'http://localhost/catalogue/thumbs/vid00000001/0.jpg',
    );
    expect(within(first).getByRole('img')).toHaveAttribute('loading', 'eager');
    expect(screen.getByText('1,002 views')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByText('No movies to display')).not.toBeInTheDocument();
  });

  it('asks the catalogue for 18 medium thumbnails per page, without credentials', async () => {
    const requests = serveSearch();
    renderHome();
    await screen.findByText('No movies to display');

    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(new URL(request.url).pathname).toBe('/catalogue/api/v2/video/search/');
    expect(Object.fromEntries(params(request))).toEqual({
      per_page: '18',
      page: '1',
      thumbsize: 'medium',
      format: 'json',
    });
    expect(request.credentials).toBe('omit');
  });

  it('shows "No movies to display" for an empty result', async () => {
    serveSearch();
    renderHome();
    expect(await screen.findByText('No movies to display')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('replaces the grid with a spinner and disables Search while loading', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serveSearch(async () => {
      await answered;
      return HttpResponse.json(makeSearchResponse(eighteen, { totalPages: 3 }));
    });
    renderHome();

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByText('No movies to display')).not.toBeInTheDocument();

    answer();
    expect(await screen.findAllByRole('article')).toHaveLength(18);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });

  it('searches from page 1 with the encoded query and keeps it in the URL', async () => {
    const requests = serveSearch(() => HttpResponse.json(makeSearchResponse(eighteen, { totalPages: 5 })));
    const { user } = renderHome('/?page=3');
    await screen.findAllByRole('article');
    expect(params(requests[0]).get('page')).toBe('3');

    const input = screen.getByPlaceholderText('Type to search videos...');
    await user.type(input, '  cats & dogs ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(requests).toHaveLength(2));
    const searched = requests[1]!;
    expect(params(searched).get('query')).toBe('cats & dogs');
    expect(params(searched).get('page')).toBe('1');
    // Encoded on the wire: the & belongs to the query, not a new parameter.
    expect(new URL(searched.url).search).toMatch(/query=cats(\+|%20)%26(\+|%20)dogs/);
    expect(screen.getByTestId('location')).toHaveTextContent('/?q=cats+%26+dogs');
  });

  it('submits with Enter and fetches again when searching the same text', async () => {
    const requests = serveSearch(() => HttpResponse.json(makeSearchResponse([makeVideo(1)])));
    const { user } = renderHome('/?q=cats');
    await screen.findAllByRole('article');
    expect(screen.getByPlaceholderText('Type to search videos...')).toHaveValue('cats');

    await user.type(screen.getByPlaceholderText('Type to search videos...'), '{Enter}');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(params(requests[1]).get('query')).toBe('cats');
    await screen.findAllByRole('article');
  });

  it('shows pagination only when there is more than one page', async () => {
    serveSearch((url) =>
      HttpResponse.json(makeSearchResponse([makeVideo(1)], { totalPages: url.searchParams.get('query') ? 1 : 4 })),
    );
    const { user } = renderHome();
    expect(await screen.findByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('Type to search videos...'), 'rare');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/?q=rare'));
    await screen.findAllByRole('article');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('fetches the page picked in the pagination and puts it in the URL', async () => {
    const requests = serveSearch((url) =>
      HttpResponse.json(
        makeSearchResponse([makeVideo(Number(url.searchParams.get('page')) * 100)], {
          page: Number(url.searchParams.get('page')),
          totalPages: 12,
        }),
      ),
    );
    const { user } = renderHome('/?q=cats');
    await screen.findByRole('navigation', { name: 'Pagination' });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));

    expect(await screen.findByText('Video number 300')).toBeInTheDocument();
    expect(params(requests.at(-1)).get('page')).toBe('3');
    expect(params(requests.at(-1)).get('query')).toBe('cats');
    expect(screen.getByTestId('location')).toHaveTextContent('/?q=cats&page=3');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens /movie/{id} when a card is clicked', async () => {
    serveSearch(() => HttpResponse.json(makeSearchResponse([makeVideo(7)])));
    const { user } = renderHome();
    await user.click(await screen.findByRole('link', { name: /Video number 7/ }));
    expect(await screen.findByRole('heading', { name: 'movie vid00000007' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/movie/vid00000007');
  });

  it('logs "Failed to fetch movies:", clears loading and says so on failure', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    serveSearch(() => HttpResponse.json({ error: 'down' }, { status: 500 }));
    renderHome();

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load movies. Please try again later.');
    expect(screen.getByText('No movies to display')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch movies:', expect.anything());
    consoleError.mockRestore();
  });

  it('retries after a network failure', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    serveSearch(() => (fail ? HttpResponse.error() : HttpResponse.json(makeSearchResponse([makeVideo(1)]))));
    const { user } = renderHome();
    await screen.findByRole('alert');
    expect(consoleError).toHaveBeenCalledWith('Failed to fetch movies:', expect.anything());

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Video number 1/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('empties the list and shows no pages when the answer has no videos', async () => {
    serveSearch(() => HttpResponse.json({ total_pages: 7 }));
    renderHome();
    expect(await screen.findByText('No movies to display')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('follows back/forward: the URL drives the request and the search box', async () => {
    const requests = serveSearch((url) =>
      HttpResponse.json(makeSearchResponse([makeVideo(url.searchParams.get('query') === 'dogs' ? 2 : 1)])),
    );
    const { user } = renderHome('/?q=cats');
    await screen.findByText('Video number 1');
    await user.clear(screen.getByPlaceholderText('Type to search videos...'));
    await user.type(screen.getByPlaceholderText('Type to search videos...'), 'dogs{Enter}');
    await screen.findByText('Video number 2');

    expect(screen.getByTestId('location')).toHaveTextContent('/?q=dogs');

    await user.click(screen.getByRole('button', { name: 'browser back' }));
    expect(await screen.findByText('Video number 1')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?q=cats');
    expect(screen.getByPlaceholderText('Type to search videos...')).toHaveValue('cats');
    // The earlier search is still cached: going back costs no request.
    expect(requests.map((r) => params(r).get('query'))).toEqual(['cats', 'dogs']);
  });

  it('speaks Chinese in zh', async () => {
    serveSearch(() => HttpResponse.json(makeSearchResponse([makeVideo(1, { views: 1500 })])));
    renderHome('/', 'zh');
    expect(await screen.findByText('1,500 次观看')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('输入关键词搜索视频...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '搜索' })).toBeInTheDocument();
  });
});
