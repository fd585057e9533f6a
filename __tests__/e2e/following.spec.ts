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
const CLIP = path.join(__dirname, '../../server/domains/catalogue/assets/clip.webm');
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
  await expect(page.getByRole('button', { name: `Subscribed to ${uploader.username}` })).toHaveAttribute('aria-pressed', 'true');
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
  await page.getByRole('button', { name: `Subscribed to ${uploader.username}` }).click();
  await expect(page.getByText('0 subscribers', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Subscribe to ${uploader.username}` })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: `Subscribe to ${uploader.username}` }).click();
  await expect(page.getByText('1 subscriber', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Subscribed to ${uploader.username}` })).toHaveAttribute('aria-pressed', 'true');
  expect(profileCalls).toEqual([]);

  // The feed lists the new video.
  await page.goto('/subscriptions');
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await uploaderContext.close();
});

test('the owner reorders a playlist by dragging a card by its handle and by the keyboard on it; the server keeps the order; Play all goes on within it', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpAndLogIn(page.request, 'curator');
  const titles = ['Dawn swim', 'Noon waves', 'Dusk tide'];
  const ids: string[] = [];
  for (const title of titles) ids.push(await upload(page.request, title));
  const created = await page.request.post('/v0/api/playlists', { data: { title: 'Beach day', visibility: 'private' } });
  expect(created.status()).toBe(201);
  const playlistId = ((await created.json()) as { playlist: { _id: string } }).playlist._id;
  for (const videoId of ids) expect((await page.request.post(`/v0/api/playlists/${playlistId}/videos`, { data: { videoId } })).ok()).toBe(true);

  await page.goto(`/playlists/${playlistId}`);
  const cardTitles = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 3 });
  await expect(cardTitles).toHaveText(titles);
  // The handles are in the server's markup; they drag once the app has taken the page over.
  const appLive = page.locator('[data-ssr-locale]');
  await expect(appLive).toHaveCount(0);

  // The mouse: the third card's handle dragged onto the first card (one row at this width).
  const handle = page.getByRole('button', { name: 'Drag to reorder Dusk tide' });
  const from = (await handle.boundingBox())!;
  const to = (await page.getByRole('main').getByRole('listitem').first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 4 });
  await page.mouse.move(to.x + to.width / 3, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
  const afterDrag = ['Dusk tide', 'Dawn swim', 'Noon waves'];
  await expect(cardTitles).toHaveText(afterDrag);
  await page.reload();
  await expect(cardTitles).toHaveText(afterDrag);
  await expect(appLive).toHaveCount(0);

  // The keyboard on a handle: space picks the card up, an arrow moves it, space drops it; announced.
  await page.getByRole('button', { name: 'Drag to reorder Noon waves' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Picked up Noon waves, position 3 of 3.')).toBeAttached();
  // dnd-kit's keyboard sensor listens for the arrows from a zero-delay timer queued at the pick-up,
  // and Chromium runs input before timers: one more such timer, run, means it is listening.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Noon waves is over position 2 of 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Noon waves dropped at position 2 of 3.')).toBeAttached();
  const afterKeys = ['Dusk tide', 'Noon waves', 'Dawn swim'];
  await expect(cardTitles).toHaveText(afterKeys);
  await page.reload();
  await expect(cardTitles).toHaveText(afterKeys);

  // Play all: at the end of the first video, "Up next" is the playlist's second, within the playlist.
  await waitUntilReady(page.request, ids[2]!);
  await page.getByRole('link', { name: 'Play all' }).click();
  await expect(page).toHaveURL(new RegExp(`/selfieVideos/${ids[2]}\\?list=${playlistId}$`));
  await page.locator('video').evaluate((video) => video.dispatchEvent(new Event('ended')));
  const upNext = page.getByRole('region', { name: 'Up next: Noon waves' });
  await expect(upNext).toBeVisible();
  await upNext.getByRole('button', { name: 'Play now' }).click();
  await expect(page).toHaveURL(new RegExp(`/selfieVideos/${ids[1]}\\?list=${playlistId}$`));
  await expect(page.getByRole('navigation', { name: 'Playlist Beach day' })).toContainText('2 of 3');
});

test('when the server refuses the bell its stream, the bell polls and still shows a new notification', async ({ page, browser }) => {
  test.setTimeout(150_000);
  // The page's timers run as usual, and the test can jump to the next poll.
  await page.clock.install();
  // Every stream refused, as an instance whose streams are all taken answers (NOTIFICATION_STREAMS_MAX).
  let refused = 0;
  await page.route('**/v0/api/notifications/stream', (route) => {
    refused += 1;
    return route.fulfill({
      status: 503,
      contentType: 'application/json; charset=utf-8',
      headers: { 'retry-after': '300' },
      body: JSON.stringify({ success: false, message: 'Live notifications are busy right now; new ones will still appear within a minute.' }),
    });
  });
  const uploaderContext = await browser.newContext();
  const uploader = await signUpAndLogIn(uploaderContext.request, 'uploader');
  await signUpAndLogIn(page.request, 'fan');

  await page.goto(`/profile/${uploader._id}`);
  await page.getByRole('button', { name: `Subscribe to ${uploader.username}` }).click();
  await expect(page.getByRole('button', { name: `Subscribed to ${uploader.username}` })).toHaveAttribute('aria-pressed', 'true');
  const bell = page.getByRole('button', { name: /^Notifications, / });
  await expect(bell).toHaveAccessibleName('Notifications, none unread');
  await expect.poll(() => refused).toBeGreaterThan(0);

  const videoId = await upload(uploaderContext.request, `Polled ${Date.now()}`);
  await waitUntilReady(uploaderContext.request, videoId);
  // No stream to hear it from: the next poll (every minute) does.
  await page.clock.fastForward(61_000);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
  await bell.click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`^${uploader.username} uploaded`) })).toBeVisible();
  await uploaderContext.close();
});
