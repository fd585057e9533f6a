import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';

import { SelfieVideosPage } from '../../src/features/videos/SelfieVideosPage';
import { server } from '../support/msw-server';
import { renderWithProviders } from '../support/render';

import { currentLocation, LocationProbe, makeSelfieVideo, visitor } from './videos-fixtures';

/*
 * Search results found through what is said: the card's matching caption lines, each with its
 * time, a link to the video at that moment, in English and Chinese.
 */

const NORMAL_URL = '*/v0/api/search/normal-search';
const AI_URL = '*/v0/api/search/ai-search';

function renderList(route: string, locale: 'en' | 'zh' = 'en') {
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

const spoken = {
  ...makeSelfieVideo(7, { title: 'Sunday afternoon' }),
  matches: [
    { start: 65.5, text: 'Today we glaze a porcelain teapot.' },
    { start: 3725, text: 'The <b>porcelain</b> goes into the kiln.' },
  ],
};
const titled = makeSelfieVideo(8, { title: 'Porcelain teapot glazing' });

describe('caption matches on search results', () => {
  it('shows each matching line with its time as a link to that moment, and plays from there', async () => {
    server.use(http.post(NORMAL_URL, () => HttpResponse.json({ results: [titled, spoken], total: 2 })));
    const { user } = renderList('/selfieVideos?q=porcelain');
    const list = await screen.findByRole('list', { name: 'Where “Sunday afternoon” says it' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    // Named by what it does, the time and the line (the test library puts a space around each
    // inline element); the line is text, never markup.
    expect(links[0]).toHaveAccessibleName(/^Watch from\s*1:05\s*:\s*“Today we glaze a porcelain teapot\.”$/);
    expect(links[0]).toHaveAttribute('href', `/selfieVideos/${spoken._id}?t=65`);
    expect(links[1]).toHaveAccessibleName(/^Watch from\s*1:02:05\s*:\s*“The <b>porcelain<\/b> goes into the kiln\.”$/);
    expect(links[1]).toHaveAttribute('href', `/selfieVideos/${spoken._id}?t=3725`);
    expect(within(list).getByText('1:05')).toBeVisible();
    // A result found by its title has no such lines.
    expect(screen.getAllByRole('list', { name: /says it/ })).toHaveLength(1);

    await user.click(links[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Video page' })).toBeInTheDocument();
    expect(currentLocation()).toBe(`/selfieVideos/${spoken._id}?t=65`);
  });

  it('says it in Chinese, for AI search results too', async () => {
    server.use(
      http.post(AI_URL, () =>
        HttpResponse.json({
          success: true,
          results: [{ ...spoken, matches: [{ start: 12, text: 'My cat sleeps on the sofa.' }] }],
          total: 1,
          structuredResponse: { data: [], total: 0, page: 1, per_page: 18, total_pages: 0, relaxed: false, intent: { terms: ['cat'], exclude: [] } },
        }),
      ),
    );
    renderList('/selfieVideos?q=%E7%8C%AB&mode=ai', 'zh');
    const list = await screen.findByRole('list', { name: '“Sunday afternoon”中说到的地方' });
    expect(within(list).getByRole('link')).toHaveAccessibleName(/^从\s*0:12\s*开始观看：\s*“My cat sleeps on the sofa\.”$/);
    expect(within(list).getByRole('link')).toHaveAttribute('href', `/selfieVideos/${spoken._id}?t=12`);
  });

  it('ignores malformed matches from the server', async () => {
    server.use(
      http.post(NORMAL_URL, () =>
        HttpResponse.json({ results: [{ ...spoken, matches: [{ start: 'soon', text: 'x' }, { start: -1, text: 'y' }, null] }], total: 1 }),
      ),
    );
    renderList('/selfieVideos?q=porcelain');
    expect(await screen.findByText('Sunday afternoon')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /says it/ })).not.toBeInTheDocument();
  });
});
