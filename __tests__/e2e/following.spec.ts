import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { APIRequestContext } from '@playwright/test';

import { expect, test } from './fixtures';
import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * Following in a real browser against the real server: a fan subscribes from the uploader's
 * profile, the uploader posts a video, and once the media pipeline has made it ready the fan's
 * bell shows the new unread notification live (server-sent events), the panel names the video,
 * and the Subscriptions page lists it.
 */
const CLIP = path.join(__dirname, '../../server/catalogue/assets/clip.webm');
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');

async function upload(request: APIRequestContext, title: string): Promise<string> {
  const res = await request.post('/v0/api/movies/upload', {
    multipart: {
      title,
      description: 'Waves at noon',
      visibility: 'public',
      movieFile: { name: 'clip.webm', mimeType: 'video/webm', buffer: await readFile(CLIP) },
      thumbnailFile: { name: 'tiny.png', mimeType: 'image/png', buffer: await readFile(THUMBNAIL) },
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { video: { _id: string } }).video._id;
}

test('subscribe to an uploader, they post a video, the notification appears live and the feed lists it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const uploaderContext = await browser.newContext();
  const uploader = await signUpAndLogIn(uploaderContext.request, 'uploader');
  const fan = await signUpAndLogIn(page.request, 'fan');

  // The fan subscribes from the uploader's profile.
  await page.goto(`/profile/${uploader._id}`);
  await expect(page.getByRole('heading', { level: 1, name: uploader.username })).toBeVisible();
  await page.getByRole('button', { name: `Subscribe to ${uploader.username}` }).click();
  await expect(page.getByRole('button', { name: `Unsubscribe from ${uploader.username}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 subscriber', { exact: true })).toBeVisible();

  // The Subscriptions page from the menu: nothing new yet.
  await page.getByRole('button', { name: fan.username }).click();
  await page.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(page.getByText('No videos yet. Subscribe to uploaders to see their new videos here.')).toBeVisible();
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName('Notifications, none unread');

  // The uploader posts; once the video is ready, the fan's open page hears of it.
  const title = `Seaside ${Date.now()}`;
  const videoId = await upload(uploaderContext.request, title);
  await waitUntilReady(uploaderContext.request, videoId);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });

  await bell.click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  const link = panel.getByRole('link', { name: `${uploader.username} uploaded “${title}”` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/selfieVideos/${videoId}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, none unread');

  // The video page's button: count and state come with the video; toggling changes the count at once.
  const profileCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v0/api/users/') && request.method() === 'GET') profileCalls.push(request.url());
  });
  await expect(page.getByText('1 subscriber', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Unsubscribe from ${uploader.username}` }).click();
  await expect(page.getByText('0 subscribers', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Subscribe to ${uploader.username}` })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: `Subscribe to ${uploader.username}` }).click();
  await expect(page.getByText('1 subscriber', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Unsubscribe from ${uploader.username}` })).toHaveAttribute('aria-pressed', 'true');
  expect(profileCalls).toEqual([]);

  // The feed lists the new video.
  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await uploaderContext.close();
});
