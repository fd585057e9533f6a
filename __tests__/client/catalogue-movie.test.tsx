import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import type { CatalogueVideo } from '../../src/api/types';
import { HomePage } from '../../src/features/catalogue/HomePage';
import { MovieDetailPage } from '../../src/features/catalogue/MovieDetailPage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { SEARCH_URL, VIDEO_BY_ID_URL, makeSearchResponse, makeVideo } from './catalogue-fixtures';

const UPLOAD_URL = '*/v0/api/action/upload-description';

function renderApp(route: string, locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/movie/:id" element={<MovieDetailPage />} />
    </Routes>,
    { route, locale },
  );
}

/** Serves the by-id endpoint from `videos` (unknown ids answer `[]`, as the provider does). */
function serveVideoById(videos: CatalogueVideo[], respond?: () => Response) {
  const requests: URL[] = [];
  server.use(
    http.get(VIDEO_BY_ID_URL, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (respond) return respond();
      return HttpResponse.json(videos.find((video) => video.id === url.searchParams.get('id')) ?? []);
    }),
  );
  return requests;
}

function serveUpload(respond: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(UPLOAD_URL, async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

const movie = makeVideo(42, {
  title: 'Kittens discover snow',
  keywords: 'kittens, snow, winter, Kittens',
  views: 98765,
  rate: '4.13',
  added: '2023-05-17 14:05:09',
  length_min: '12:34',
  length_sec: 754,
});
const newContext = [movie.title, movie.keywords, movie.embed, movie.id].join('\n');

async function openMovie(locale: 'en' | 'zh' = 'en') {
  const requests = serveVideoById([movie]);
  const view = renderApp(`/movie/${movie.id}`, locale);
  // The loading state has a heading of its own (Movie details); the page is open with the title's.
  await screen.findByRole('heading', { level: 1, name: movie.title });
  return { ...view, requests };
}

describe('Movie detail page', () => {
  it('opens a card seen in the grid from cache, with no by-id request', async () => {
    server.use(http.get(SEARCH_URL, () => HttpResponse.json(makeSearchResponse([makeVideo(1), movie]))));
    const requests = serveVideoById([movie]);
    const { user } = renderApp('/');

    await user.click(await screen.findByRole('link', { name: /Kittens discover snow/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kittens discover snow' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('asks the catalogue by id with medium thumbnails, as JSON', async () => {
    const { requests } = await openMovie();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.pathname).toBe('/catalogue/api/v2/video/id/');
    expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({
      id: movie.id,
      thumbsize: 'medium',
      format: 'json',
    });
  });

  it('shows a spinner while loading', async () => {
    serveVideoById([movie]);
    renderApp(`/movie/${movie.id}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // Busy, with a page heading a screen reader can land on while the movie loads.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Movie details');
    expect(screen.getByRole('status').closest('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: movie.title })).toBeInTheDocument();
  });

  it('shows title, keywords, views, rating, added date, duration and the player', async () => {
    await openMovie();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kittens discover snow');

    const keywords = within(screen.getByRole('heading', { name: 'Keywords' }).parentElement!).getAllByRole('listitem');
    expect(keywords.map((chip) => chip.textContent)).toEqual(['kittens', 'snow', 'winter']);

    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Views')).toHaveTextContent('98,765');
    expect(fact('Rating')).toHaveTextContent('4.13');
    const expectedDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(2023, 4, 17, 14, 5, 9),
    );
    expect(fact('Added')).toHaveTextContent(expectedDate);
    expect(fact('Added')).toHaveTextContent('May 17, 2023');
    expect(fact('Added')?.querySelector('time')).toHaveAttribute('datetime', '2023-05-17T14:05:09');
    expect(fact('Duration')).toHaveTextContent('12:34');

    const player = screen.getByTitle('Video player: Kittens discover snow');
    expect(player.tagName).toBe('IFRAME');
    expect(player).toHaveAttribute('src', movie.embed);
    expect(player).toHaveAttribute('allowfullscreen');
    expect(player).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation');
  });

  it('changes the large image when a thumbnail is clicked', async () => {
    const { user } = await openMovie();
    const large = screen.getByRole('img', { name: 'Kittens discover snow, thumbnail 1 of 15' });
    expect(large).toHaveAttribute('src', movie.thumbs[0]!.src);
    expect(screen.getByRole('button', { name: 'Show thumbnail 1' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Show thumbnail 4' }));
    expect(large).toHaveAttribute('src', movie.thumbs[3]!.src);
    expect(large).toHaveAccessibleName('Kittens discover snow, thumbnail 4 of 15');
    expect(screen.getByRole('button', { name: 'Show thumbnail 4' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show thumbnail 1' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('falls back to the default thumbnail when there are no thumbs', async () => {
    const bare = makeVideo(5, { thumbs: [] });
    serveVideoById([bare]);
    renderApp(`/movie/${bare.id}`);
    expect(await screen.findByRole('img', { name: 'Video number 5, thumbnail 1 of 1' })).toHaveAttribute(
      'src',
      bare.default_thumb.src,
    );
    expect(screen.queryByRole('button', { name: /Show thumbnail/ })).not.toBeInTheDocument();
  });

  it('says "Error: Movie details not found." for an unknown id', async () => {
    serveVideoById([movie]);
    renderApp('/movie/unknown0000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Movie details not found.');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('says "Could not load video details. Please try again later." when the request fails', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    serveVideoById([], () => HttpResponse.json({ error: 'down' }, { status: 503 }));
    renderApp(`/movie/${movie.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load video details. Please try again later.');
    consoleError.mockRestore();
  });

  it('never renders a non-http embed URL', async () => {
    const hostile = makeVideo(6, { embed: 'javascript:alert(1)' });
    serveVideoById([hostile]);
    renderApp(`/movie/${hostile.id}`);
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('speaks Chinese in zh', async () => {
    serveVideoById([movie]);
    renderApp('/movie/unknown0000', 'zh');
    expect(await screen.findByRole('alert')).toHaveTextContent('错误：未找到影片详情。');
  });
});

describe('Edit Keywords modal', () => {
  it('opens a labelled dialog with the prefilled text block and focus inside', async () => {
    const { user } = await openMovie();
    await user.click(screen.getByRole('button', { name: 'Upload Description' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Keywords' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const textarea = within(dialog).getByRole('textbox', { name: 'Description' });
    expect(textarea).toHaveValue(newContext);
    expect(textarea).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('posts { movieId, newContext }, shows the server confirmation and closes', async () => {
    const bodies = serveUpload(() => HttpResponse.json({ success: true, message: 'Queued for review.' }));
    const { user } = await openMovie();
    const opener = screen.getByRole('button', { name: 'Upload Description' });
    await user.click(opener);
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    await user.type(textarea, '\nfluffy');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Queued for review.')).toBeInTheDocument();
    expect(bodies).toEqual([{ movieId: movie.id, newContext: `${newContext}\nfluffy` }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('confirms in its own words when the server sends no message', async () => {
    serveUpload(() => new HttpResponse(null, { status: 200 }));
    const { user } = await openMovie();
    await user.click(screen.getByRole('button', { name: 'Upload Description' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Thank you! Your description was submitted for review.')).toBeInTheDocument();
  });

  it('prefers the server message when the upload is refused', async () => {
    serveUpload(() => HttpResponse.json({ success: false, message: 'Too many submissions.' }, { status: 429 }));
    const { user } = await openMovie();
    await user.click(screen.getByRole('button', { name: 'Upload Description' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Keywords' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many submissions.');
  });

  it('says "Failed to upload your description. Please try again." for a non-200 answer', async () => {
    serveUpload(() => new HttpResponse('nope', { status: 500 }));
    const { user } = await openMovie();
    await user.click(screen.getByRole('button', { name: 'Upload Description' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload your description. Please try again.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('treats any status other than 200 as a failure', async () => {
    serveUpload(() => HttpResponse.json({ message: '' }, { status: 201 }));
    const { user } = await openMovie();
    await user.click(screen.getByRole('button', { name: 'Upload Description' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload your description. Please try again.');
  });

  it('says "An error occurred. Please try again." on a network error', async () => {
    serveUpload(() => HttpResponse.error());
    const { user } = await openMovie();
    await user.click(screen.getByRole('button', { name: 'Upload Description' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
  });

  it('disables Upload while the text is blank and while sending', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(UPLOAD_URL, async () => {
        await answered;
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = await openMovie();
    await user.click(screen.getByRole('button', { name: 'Upload Description' }));
    const textarea = screen.getByRole('textbox', { name: 'Description' });
    await user.clear(textarea);
    await user.type(textarea, '   ');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.type(textarea, 'better keywords');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes with Cancel, Escape or a backdrop click, keeping the draft', async () => {
    const { user } = await openMovie();
    const opener = screen.getByRole('button', { name: 'Upload Description' });

    await user.click(opener);
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ' draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue(`${newContext} draft`);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(opener);
    // A click inside the dialog does not close it; one on the backdrop does.
    await user.click(screen.getByRole('heading', { name: 'Edit Keywords' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = await openMovie();
    await user.click(screen.getByRole('button', { name: 'Upload Description' }));
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveFocus();
  });
});
