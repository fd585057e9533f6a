import path from 'node:path';

import { expect, test } from './fixtures';
import { signUpAndLogIn } from './support';

/**
 * The self-shot video journey in a real browser against the real server: a real WebM clip is
 * uploaded (with the network throttled so the percent visibly moves), processed, watched with
 * seeking, liked, discussed, edited, hidden from others and deleted.
 */
const CLIP = path.join(__dirname, '../../server/domains/catalogue/assets/clip.webm');
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');

test('upload, list, profile, play and seek, like, comment, edit, make private, delete', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const alice = await signUpAndLogIn(page.request, 'alice');
  const title = `Sunset walk ${Date.now()}`;

  // Upload, with the upload throttled so progress is observable.
  await page.goto('/upload-movie');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Filmed on my phone.\nSecond line.');
  await page.getByLabel('Video file').setInputFiles(CLIP);
  await page.getByLabel('Thumbnail image').setInputFiles(THUMBNAIL);
  await expect(page.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __progressSeen: number[] }).__progressSeen = seen;
    setInterval(() => {
      const bar = document.querySelector('progress');
      if (bar) seen.push(Number(bar.getAttribute('aria-valuenow')));
    }, 25);
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Video uploaded successfully!')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const seen = await page.evaluate(() => (window as unknown as { __progressSeen: number[] }).__progressSeen);
  expect(seen.some((percent) => percent > 0 && percent < 100)).toBe(true);
  expect(new Set(seen).size).toBeGreaterThan(2);

  // On the owner's profile at once (processing: the media pipeline makes its renditions), and
  // on the public list once ready.
  await page.goto(`/profile/${alice._id}`);
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await page.getByRole('link', { name: new RegExp(title) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const videoId = page.url().split('/').pop()!;
  await expect(page.getByLabel(`Video player: ${title}`)).toBeVisible({ timeout: 120_000 });
  await page.goto('/selfieVideos');
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

  // Play and seek.
  await page.getByRole('link', { name: new RegExp(title) }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const player = page.locator('video');
  // Nothing of the video is fetched before the viewer presses play (preload="none"): press it.
  await expect(page.locator('.video-player')).toHaveAttribute('data-controls', 'media-chrome', { timeout: 15_000 });
  await page.getByRole('button', { name: 'play', exact: true }).click();
  await player.evaluate((video: HTMLVideoElement) =>
    video.readyState >= 1 ? undefined : new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true })),
  );
  const duration = await player.evaluate((video: HTMLVideoElement) => video.duration);
  expect(duration).toBeGreaterThan(5);
  const position = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true });
        video.currentTime = 5;
      }),
  );
  expect(position).toBeCloseTo(5, 0);
  // The progressive MP4 (the fallback and download) answers byte ranges.
  const { video: ready } = (await (await page.request.get(`/v0/api/videos/selfieVideos/${videoId}`)).json()) as {
    video: { cdnUrl: string };
  };
  const ranged = await page.request.get(ready.cdnUrl, { headers: { Range: 'bytes=0-99' } });
  expect(ranged.status()).toBe(206);

  // Like and unlike.
  const like = page.getByRole('button', { name: /like/i }).first();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 like', { exact: true })).toBeVisible();
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('0 likes', { exact: true })).toBeVisible();

  // Comment, reply, and delete the comment (with its reply) as the video's owner.
  await page.getByLabel('Add a comment').fill('First <b>comment</b>');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('First <b>comment</b>')).toBeVisible();
  await page.getByRole('button', { name: /^Reply to / }).first().click();
  await page.getByLabel(/Your reply to/).fill('A reply');
  await page.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByText('A reply')).toBeVisible();
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this comment?');
    await dialog.accept();
  });
  await page.getByRole('button', { name: /Delete the comment by/ }).first().click();
  await expect(page.getByText('First <b>comment</b>')).toHaveCount(0);
  await expect(page.getByText('A reply')).toHaveCount(0);

  // Edit the title: back on the profile after 1.5 s, showing the new title without a reload.
  const renamed = `${title} (edited)`;
  await page.getByRole('link', { name: 'Edit', exact: true }).or(page.getByRole('button', { name: 'Edit', exact: true })).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Video' })).toBeVisible();
  await page.getByLabel('Title').fill(renamed);
  let reloaded = false;
  page.once('load', () => {
    reloaded = true;
  });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Video updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/profile/${alice._id}$`), { timeout: 5000 });
  await expect(page.getByRole('link', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) }).first()).toBeVisible();
  expect(reloaded).toBe(false);

  // Make it private: another user no longer sees it, not on the list and not by its address.
  await page.goto(`/selfieVideos/edit/${videoId}`);
  await page.getByLabel('Visibility').selectOption('private');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Video updated successfully!')).toBeVisible();

  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signUpAndLogIn(bobPage.request, 'bob');
  await bobPage.goto('/selfieVideos');
  await expect(bobPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bobPage.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  await bobPage.goto(`/selfieVideos/${videoId}`);
  await expect(bobPage.getByText('Video not found.')).toBeVisible();
  await bobContext.close();

  // Delete it from the profile.
  await page.goto(`/profile/${alice._id}`);
  page.once('dialog', async (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this video?');
    await dialog.accept();
  });
  await page.getByRole('button', { name: `Delete ${renamed}` }).click();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  expect((await page.request.get(`/v0/api/videos/selfieVideos/${videoId}`)).status()).toBe(404);
});
