import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { axeViolations, settle, type AxeFinding } from './axe';
import { signUpAndLogIn, type E2EUser } from './support';

/**
 * Every route, logged out and logged in, in English and Chinese: axe (every rule, experimental
 * ones included) must find nothing. Also the Edit Keywords modal, which only exists when open.
 * (Plain Playwright `test`: this spec collects every finding of every route before failing.)
 */
const CLIP = path.join(__dirname, '../../server/domains/catalogue/assets/clip.webm');
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');

async function uploadVideo(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.post('/v0/api/movies/upload', {
    multipart: {
      title,
      description: 'A clip for the accessibility check.',
      visibility: 'public',
      movieFile: { name: 'clip.webm', mimeType: 'video/webm', buffer: fs.readFileSync(CLIP) },
      thumbnailFile: { name: 'tiny.png', mimeType: 'image/png', buffer: fs.readFileSync(THUMBNAIL) },
    },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { video?: { _id: string }; videoId?: string };
  const id = body.video?._id ?? body.videoId;
  if (id) return id;
  const list = (await (await request.get('/v0/api/videos/selfieVideos?page=1&perPage=18')).json()) as {
    videos: Array<{ _id: string; title: string }>;
  };
  return list.videos.find((video) => video.title === title)!._id;
}

async function firstMovieId(request: APIRequestContext): Promise<string> {
  const body = (await (await request.get('/catalogue/api/v2/video/search/?per_page=1&page=1')).json()) as {
    videos: Array<{ id: string }>;
  };
  return body.videos[0]!.id;
}

function routes(user: E2EUser, videoId: string, movieId: string): string[] {
  return [
    '/',
    `/movie/${movieId}`,
    '/register',
    '/login',
    '/upload-movie',
    `/profile/${user._id}`,
    `/profile/edit/${user._id}`,
    '/forgot-password',
    '/reset-password?token=t&email=a%40example.com',
    '/request-verification',
    '/selfieVideos',
    `/selfieVideos/${videoId}`,
    `/selfieVideos/edit/${videoId}`,
    '/verify?token=t&email=a%40example.com',
    '/no-such-page',
  ];
}

async function check(page: Page, url: string, found: Record<string, AxeFinding[]>): Promise<void> {
  await page.goto(url);
  await settle(page);
  const violations = await axeViolations(page);
  if (violations.length > 0) found[url] = violations;
}

for (const locale of ['en-US', 'zh-CN']) {
  test.describe(`every route in ${locale}`, () => {
    test.use({ locale });

    test('has no accessibility violation, logged out and logged in', async ({ page }) => {
      test.setTimeout(240_000);
      const owner = await signUpAndLogIn(page.request, `axe-${locale}`);
      const videoId = await uploadVideo(page.request, `Accessible clip ${Date.now()}`);
      const movieId = await firstMovieId(page.request);
      const found: Record<string, AxeFinding[]> = {};

      // Logged in (the upload above logged this context in).
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh-CN' ? 'zh-CN' : 'en');
      for (const url of routes(owner, videoId, movieId)) await check(page, `${url}`, found);

      // The Edit Keywords modal, open.
      await page.goto(`/movie/${movieId}`);
      await page.locator('.movie__header button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      const modal = await axeViolations(page);
      if (modal.length > 0) found['movie: Edit Keywords modal'] = modal;
      await page.keyboard.press('Escape');

      // Logged out.
      await page.request.post('/v0/api/auth/logout', { data: {} });
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      for (const url of routes(owner, videoId, movieId)) await check(page, `${url}`, found);

      expect(found, JSON.stringify(found, null, 2)).toEqual({});
    });
  });
}
