import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router-dom';

import { HomePage } from '../../src/features/catalogue/HomePage';
import { SelfieVideosPage } from '../../src/features/videos/SelfieVideosPage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { SEARCH_URL, VIDEO_BY_ID_URL, makeSearchResponse, makeVideo } from './catalogue-fixtures';

/*
 * What the AI search understood, as removable chips ("dog · under 5 min · most
 * viewed ✕"), and "Showing results for …" with the way back to the words as typed — on Home and
 * on the self-shot list, in English and Chinese.
 */

const AI_URL = '*/v0/api/search/ai-search';
const NORMAL_URL = '*/v0/api/search/normal-search';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}
const location = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');

function render(route: string, locale: 'en' | 'zh' = 'en') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/selfieVideos" element={<SelfieVideosPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { route, locale },
  );
}

/** The server: understood as "dog, under 5 min, most viewed" unless the request removed parts. */
function serveAi(intentFor: (body: Record<string, unknown>) => Record<string, unknown>) {
  const bodies: Array<Record<string, unknown>> = [];
  server.use(
    http.post(AI_URL, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({
        success: true,
        results: [],
        total: 0,
        structuredResponse: { data: [{ id: makeVideo(1).id }], total: 1, intent: intentFor(body) },
      });
    }),
    http.get(VIDEO_BY_ID_URL, () => HttpResponse.json(makeVideo(1))),
    http.get(SEARCH_URL, () => HttpResponse.json(makeSearchResponse([]))),
  );
  return bodies;
}

const dogsIntent = (body: Record<string, unknown>) => {
  const remove = (body.remove as string[] | undefined) ?? [];
  return {
    terms: ['dog'].filter((term) => !remove.includes(`term:${term}`)),
    ...(remove.includes('length') ? {} : { max_length_sec: 300 }),
    order: remove.includes('order') ? 'relevance' : 'views',
    parser: 'embedded',
    language: 'en',
  };
};

describe('the understood request', () => {
  it('shows removable chips on Home; removing one searches again without it', async () => {
    const bodies = serveAi(dogsIntent);
    const { user } = render('/?q=short+dog+videos%2C+most+viewed&mode=ai');
    const chips = await screen.findByRole('list', { name: 'Understood as' });
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['dog×', 'under 5 min×', 'most viewed×']);

    await user.click(screen.getByRole('button', { name: 'Remove “most viewed”' }));
    await screen.findByText('dog');
    await within(await screen.findByRole('list', { name: 'Understood as' })).findByText('under 5 min');
    expect(screen.queryByText('most viewed')).not.toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ chat_history: 'short dog videos, most viewed', per_page: 18, page: 1, remove: ['order'] });
    expect(location()).toBe('/?q=short+dog+videos,+most+viewed&mode=ai&drop=order');

    // Keyboard: the next chip's ✕ is a button reached with Tab and pressed with Enter.
    screen.getByRole('button', { name: 'Remove “under 5 min”' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('dog');
    expect(bodies.at(-1)).toMatchObject({ remove: ['order', 'length'] });

    // A new search starts from the whole request again.
    await user.click(screen.getByRole('button', { name: 'AI Search' }));
    await within(await screen.findByRole('list', { name: 'Understood as' })).findByText('most viewed');
    expect(bodies.at(-1)).toEqual({ chat_history: 'short dog videos, most viewed', per_page: 18, page: 1 });
  });

  it('says "Showing results for …" and searches the literal words on request, in Chinese too', async () => {
    const bodies = serveAi((body) => ({
      terms: ['chess'],
      order: 'relevance',
      ...(body.literal ? {} : { corrections: [{ from: 'cheas', to: 'chess' }], corrected_query: 'chess openings' }),
    }));
    const { user } = render('/?q=cheas+openings&mode=ai', 'zh');
    await screen.findByText('chess openings');
    expect(screen.getByRole('status')).toHaveTextContent('显示的是 chess openings 的结果');
    await user.click(screen.getByRole('button', { name: '仍然搜索“cheas openings”' }));
    await screen.findByRole('list', { name: '理解为' });
    expect(bodies.at(-1)).toEqual({ chat_history: 'cheas openings', per_page: 18, page: 1, literal: true });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(location()).toContain('literal=1');
  });

  it('shows chips in Chinese for the AI search of the self-shot list, and the keyword correction', async () => {
    serveAi(() => ({ terms: ['cat'], exclude: ['puppy'], min_length_sec: 1200, added_after: '2026-01-01', order: 'rating', language: 'zh' }));
    const normalBodies: Array<Record<string, unknown>> = [];
    server.use(
      http.post(NORMAL_URL, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        normalBodies.push(body);
        return HttpResponse.json(
          body.literal
            ? { success: true, results: [], total: 0, corrections: [] }
            : { success: true, results: [], total: 0, correctedQuery: 'sourdough', corrections: [{ from: 'sourdugh', to: 'sourdough' }] },
        );
      }),
    );
    const { user, unmount } = render('/selfieVideos?q=猫&mode=ai', 'zh');
    const chips = await screen.findByRole('list', { name: '理解为' });
    expect(within(chips).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'cat×',
      '不要 puppy×',
      '超过 20 分钟×',
      '2026-01-01 以后×',
      '评分最高×',
    ]);
    unmount();

    render('/selfieVideos?q=sourdugh', 'en');
    await screen.findByText('sourdough');
    expect(screen.getByRole('status')).toHaveTextContent('Showing results for sourdough');
    await user.click(screen.getByRole('button', { name: 'Search instead for “sourdugh”' }));
    await screen.findByText('No videos to display.');
    expect(normalBodies.at(-1)).toEqual({ query: 'sourdugh', page: 1, literal: true });
  });
});
