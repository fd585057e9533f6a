import fs from 'node:fs';
import path from 'node:path';

import type { APIRequestContext } from '@playwright/test';

import { expect, test } from './fixtures';
import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * Search in a real browser against the real engine: the catalogue is ingested through its API in
 * the background after start-up, so the tests first wait until the AI index answers.
 */
const DOG_WORDS = /pupp|dog|corgi|labrador|retriever|husky|dachshund|bulldog|terrier|poodle|beagle|shiba|collie|spaniel|pug/i;

async function waitForAiIndex(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await request.post('/v0/api/search/ai-search', { data: { chat_history: 'puppies' } });
        if (!res.ok()) return 0;
        const body = (await res.json()) as { structuredResponse: { data: unknown[] } };
        return body.structuredResponse.data.length;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
}

test('AI search on Home understands a paraphrase and opens the detail page from cache', async ({ page }) => {
  await waitForAiIndex(page.request);
  await page.goto('/');
  await page.getByPlaceholder('Type to search videos...').fill('  short clips of puppies playing  ');
  await page.getByRole('button', { name: 'AI Search' }).click();
  await expect(page.getByRole('button', { name: 'AI Search' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/mode=ai/);

  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first().getByRole('heading')).toHaveText(DOG_WORDS, { timeout: 15_000 });
  const titles = await cards.getByRole('heading').allTextContents();
  const relevant = titles.filter((title) => DOG_WORDS.test(title));
  expect(relevant.length / titles.length).toBeGreaterThanOrEqual(0.8);

  const byIdRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/video/id/')) byIdRequests.push(request.url());
  });
  const firstTitle = titles[0]!.trim();
  await cards.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/movie\/[A-Za-z0-9]{11}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);
  expect(byIdRequests).toEqual([]);
});

async function uploadVideo(request: APIRequestContext, title: string, description: string): Promise<void> {
  const response = await request.post('/v0/api/movies/upload', {
    multipart: {
      title,
      description,
      visibility: 'public',
      movieFile: {
        name: 'clip.webm',
        mimeType: 'video/webm',
        buffer: fs.readFileSync(path.join(__dirname, '../../server/domains/catalogue/assets/clip.webm')),
      },
      thumbnailFile: {
        name: 'thumb.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(path.join(__dirname, '../fixtures/tiny.png')),
      },
    },
  });
  expect(response.status()).toBe(200);
  const { video } = (await response.json()) as { video: { _id: string } };
  await waitUntilReady(request, video._id);
}

test('keyword and AI search on the self-shot list', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndLogIn(page.request, 'searcher');
  const marker = `Harbour${Date.now()}`;
  await uploadVideo(page.request, `Skateboard tricks at the ${marker}`, 'Kickflips and grinds by the water.');
  await uploadVideo(page.request, `Sourdough bread at home ${marker}`, 'Baking a loaf from scratch.');

  await page.goto('/selfieVideos');
  const search = page.getByPlaceholder('Search self-shot videos...');
  await search.fill(`skateboard ${marker}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Skateboard tricks');

  await search.fill(`please show me some baking videos about bread ${marker}`);
  await page.getByRole('button', { name: 'AI Search' }).click();
  await expect(page).toHaveURL(/mode=ai/);
  await expect(cards.first()).toContainText('Sourdough bread');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/selfieVideos$/);
});
