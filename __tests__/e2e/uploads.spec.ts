import fs from 'node:fs';
import path from 'node:path';

import type { CDPSession, Page } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUpAndLogIn } from './support';

/**
 * The resumable upload through the real Upload page, tus-js-client and the real tus endpoint
 * (/v0/api/uploads): the link is throttled so the upload takes a while; it is paused and
 * resumed, the page is reloaded mid-upload and the upload continues after the same file is
 * chosen again, the browser goes offline (the message shows, then clears) and the upload ends
 * with the chosen thumbnail set and the processing followed on the page.
 */
const CLIP = path.join(__dirname, '../../server/domains/catalogue/assets/clip.webm');
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');

async function throttle(cdp: CDPSession, bytesPerSecond: number) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

const percentOf = async (page: Page) => Number(await page.getByRole('progressbar', { name: /Upload progress|上传进度/ }).getAttribute('aria-valuenow'));

test('a resumable upload: pause and resume, a reload mid-upload, offline and back, then the thumbnail and the processing', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signUpAndLogIn(page.request, 'tus');
  const title = `Resumable ${Date.now()}`;

  await page.goto('/upload-movie');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Sent in pieces.');
  await page.getByLabel('Video file').setInputFiles(CLIP);
  await page.getByLabel('Thumbnail image').setInputFiles(THUMBNAIL);

  // What the page sends to the tus endpoint: method and Upload-Offset.
  const tusRequests: string[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/v0/api/uploads')) return;
    tusRequests.push(`${request.method()} ${request.headers()['upload-offset'] ?? ''}`.trim());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // 160 KB at 8 KB/s: about 20 s of upload.
  await throttle(cdp, 8 * 1024);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  // Progress with speed and time left.
  await expect(page.getByText(/ of .*\/s · .* left/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('upload-mid-en.png'), fullPage: true });
  await expect.poll(() => percentOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(15);

  // Pause; Resume asks the server where it is (HEAD) and sends the rest from there.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText(/^Paused at \d+%\.$/)).toBeVisible();
  await expectNoAxeViolations(page, 'upload page paused (en)');
  const sentBeforeResume = tusRequests.length;
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => tusRequests.slice(sentBeforeResume).filter((entry) => entry.startsWith('PATCH')).length).toBeGreaterThan(0);
  const afterPause = tusRequests.slice(sentBeforeResume);
  expect(afterPause[0]).toBe('HEAD');
  expect(Number(afterPause.find((entry) => entry.startsWith('PATCH'))!.split(' ')[1])).toBeGreaterThan(0);

  // A reload mid-upload: the page lists the unfinished upload; the same file continues it.
  await expect.poll(() => percentOf(page), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.reload();
  const unfinished = page.getByRole('region', { name: 'Unfinished uploads' });
  await expect(unfinished.getByText(new RegExp(`clip\\.webm — “${title}”`))).toBeVisible();
  await expectNoAxeViolations(page, 'upload page after a reload, unfinished upload listed');
  await page.getByLabel('Video file').setInputFiles(CLIP);
  await page.getByLabel('Thumbnail image').setInputFiles(THUMBNAIL);
  const sentBeforeReloadResume = tusRequests.length;
  await page.getByRole('button', { name: 'Resume the upload of clip.webm' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect.poll(() => tusRequests.slice(sentBeforeReloadResume).filter((entry) => entry.startsWith('PATCH')).length).toBeGreaterThan(0);
  const afterReload = tusRequests.slice(sentBeforeReloadResume);
  // No new creation: it continues from the server's offset.
  expect(afterReload[0]).toBe('HEAD');
  expect(afterReload).not.toContain('POST');
  expect(Number(afterReload.find((entry) => entry.startsWith('PATCH'))!.split(' ')[1])).toBeGreaterThan(0);
  await expectNoAxeViolations(page, 'upload page mid-upload (en)');

  // Offline: the message says so, then goes once the network is back.
  await page.context().setOffline(true);
  const offline = page.getByText('You are offline. The upload will continue by itself when the connection is back.');
  await expect(offline).toBeVisible();
  await expectNoAxeViolations(page, 'upload page offline (en)');
  await page.context().setOffline(false);
  await expect(offline).toBeHidden();

  await expect(page.getByText('Video uploaded successfully!')).toBeVisible({ timeout: 60_000 });
  await throttle(cdp, -1);
  const link = page.getByRole('link', { name: 'Watch your video' });
  const videoId = (await link.getAttribute('href'))!.split('/').pop()!;
  // The processing, followed on the page.
  const processing = page.getByRole('region', { name: 'Processing of your video' });
  await expect(processing.getByRole('progressbar', { name: 'Processing progress' }).or(processing.getByText('Your video is ready to play.'))).toBeVisible({
    timeout: 30_000,
  });

  // One video, with the thumbnail that was chosen (not the poster frame taken at upload).
  const answer = await page.request.get(`/v0/api/videos/selfieVideos/${videoId}`);
  const { video } = (await answer.json()) as { video: { title: string; thumbnailCdnUrl: string } };
  expect(video.title).toBe(title);
  const thumbnail = await page.request.get(video.thumbnailCdnUrl);
  expect(thumbnail.ok()).toBe(true);
  expect((await thumbnail.body()).equals(fs.readFileSync(THUMBNAIL))).toBe(true);
  // Nothing left to resume.
  await expect(page.getByRole('region', { name: 'Unfinished uploads' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('upload-done-en.png'), fullPage: true });

  // The owner's edit page offers a new file for the video (checked by axe on arrival).
  await page.goto(`/selfieVideos/edit/${videoId}`);
  const replace = page.getByRole('region', { name: 'Replace video file' });
  await expect(replace.getByRole('button', { name: 'Upload the new file' })).toBeDisabled();
  await replace.getByLabel('Video file').setInputFiles(CLIP);
  await expect(replace.getByRole('button', { name: 'Upload the new file' })).toBeEnabled();
  await page.screenshot({ path: testInfo.outputPath('edit-replace-en.png'), fullPage: true });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the upload page mid-upload speaks Chinese and passes axe', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signUpAndLogIn(page.request, 'tuszh');
    await page.goto('/upload-movie');
    await page.getByLabel('标题').fill(`断点续传 ${Date.now()}`);
    await page.getByLabel('视频文件').setInputFiles(CLIP);
    await page.getByLabel('缩略图').setInputFiles(THUMBNAIL);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await throttle(cdp, 8 * 1024);
    await page.getByRole('button', { name: '上传', exact: true }).click();

    await expect(page.getByText(/\/秒 · 剩余/)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^正在上传… \d+%$/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('upload-mid-zh.png'), fullPage: true });
    await expectNoAxeViolations(page, 'upload page mid-upload (zh)');

    await page.context().setOffline(true);
    const offline = page.getByText('您已离线。网络恢复后上传会自动继续。');
    await expect(offline).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('upload-offline-zh.png'), fullPage: true });
    await page.context().setOffline(false);
    await expect(offline).toBeHidden();
    await expect(page.getByText('视频上传成功！')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: '视频处理进度' })).toBeVisible();
  });
});
