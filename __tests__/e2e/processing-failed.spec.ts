import fs from 'node:fs';
import path from 'node:path';

import type { APIRequestContext, Page } from '@playwright/test';

import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * A failed video's owner, on the real server and its real worker: "Try again" on the video page
 * and "Replace video file" (a tus upload with `replaces`) on the edit page.
 *
 * Making a job fail for real: two longer clips keep the worker (one job at a time) busy while the
 * two test videos wait; their originals are then moved out of the server's storage folder, so
 * their jobs fail with "The uploaded file is no longer stored" once they start. The test checks
 * that each video was still waiting after its file was moved (else the failure would not be
 * certain). Video A: Try again is refused while the file is missing (the message shows), then a
 * new file is uploaded on the edit page and the video becomes ready. Video B: its original is put
 * back, Try again runs it again to ready.
 */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const VIDEOS_DIR = path.join(DATA_DIR, 'media', 'videos');
const BLOCKER = path.join(__dirname, '../../server/domains/catalogue/assets/clip.mp4');
const CLIP = path.join(__dirname, '../../server/domains/catalogue/assets/clip.webm');
const TINY_WEBM = path.join(__dirname, '../fixtures/tiny.webm');
const TINY_MP4 = path.join(__dirname, '../fixtures/tiny.mp4');
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');

async function upload(request: APIRequestContext, title: string, file: string, mimeType: string): Promise<string> {
  const response = await request.post('/v0/api/movies/upload', {
    multipart: {
      title,
      visibility: 'private',
      movieFile: { name: path.basename(file), mimeType, buffer: fs.readFileSync(file) },
      thumbnailFile: { name: 'tiny.png', mimeType: 'image/png', buffer: fs.readFileSync(THUMBNAIL) },
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { video: { _id: string } }).video._id;
}

interface Processing {
  status: string;
  processingStage: string;
  processingErrorCode: string | null;
}

async function processing(request: APIRequestContext, id: string): Promise<Processing> {
  return (await (await request.get(`/v0/api/videos/selfieVideos/${id}/processing`)).json()) as Processing;
}

/** The stored original of a just-uploaded file: the one file in storage written since `since` with its exact bytes. */
function storedOriginal(file: string, since: number): string {
  const bytes = fs.readFileSync(file);
  const matches = fs
    .readdirSync(VIDEOS_DIR)
    .map((name) => path.join(VIDEOS_DIR, name))
    .filter((candidate) => {
      const info = fs.statSync(candidate);
      return info.isFile() && info.mtimeMs >= since - 1000 && info.size === bytes.length && fs.readFileSync(candidate).equals(bytes);
    });
  expect(matches).toHaveLength(1);
  return matches[0]!;
}

async function waitForFailure(request: APIRequestContext, id: string): Promise<void> {
  await expect.poll(async () => (await processing(request, id)).status, { timeout: 180_000, intervals: [500, 1000] }).toBe('failed');
  expect((await processing(request, id)).processingErrorCode).toBe('missingOriginal');
}

const failedPanel = (page: Page) => page.getByRole('region', { name: 'Processing failed' });

test('a failed video: Try again refused while its file is gone, Replace video file, then Try again once the file is back', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await signUpAndLogIn(page.request, 'retry');
  const since = Date.now();

  // The worker takes the blockers first; A and B wait behind them.
  await upload(page.request, 'Blocker 1', BLOCKER, 'video/mp4');
  await upload(page.request, 'Blocker 2', BLOCKER, 'video/mp4');
  const titleA = `Replace me ${Date.now()}`;
  const titleB = `Retry me ${Date.now()}`;
  const videoA = await upload(page.request, titleA, TINY_WEBM, 'video/webm');
  const videoB = await upload(page.request, titleB, TINY_MP4, 'video/mp4');
  const originalA = storedOriginal(TINY_WEBM, since);
  const originalB = storedOriginal(TINY_MP4, since);
  fs.renameSync(originalA, `${originalA}.aside`);
  fs.renameSync(originalB, `${originalB}.aside`);
  // Still waiting after the move: their jobs will find the files gone.
  expect((await processing(page.request, videoA)).processingStage).toBe('queued');
  expect((await processing(page.request, videoB)).processingStage).toBe('queued');

  await waitForFailure(page.request, videoA);
  await waitForFailure(page.request, videoB);

  // Video A, on its page: the reason, and Try again answers that the file is gone.
  await page.goto(`/selfieVideos/${videoA}`);
  const panelA = failedPanel(page);
  await expect(panelA.getByText('The uploaded file is no longer stored: upload it again to replace it.')).toBeVisible();
  await expectNoAxeViolations(page, 'failed video page (en)');
  await panelA.getByRole('button', { name: 'Try again' }).click();
  await expect(panelA.getByRole('alert').filter({ hasText: 'The uploaded file of this video is no longer stored: upload a new file to replace it.' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('failed-retry-refused-en.png'), fullPage: true });
  expect((await processing(page.request, videoA)).status).toBe('failed');

  // A new file on the edit page (tus upload with `replaces`): same video, processed again, ready.
  await page.goto(`/selfieVideos/edit/${videoA}`);
  const replace = page.getByRole('region', { name: 'Replace video file' });
  await replace.getByLabel('Video file').setInputFiles(CLIP);
  await replace.getByRole('button', { name: 'Upload the new file' }).click();
  await expect(page.getByText('The new file is uploaded. The video is being processed again.')).toBeVisible({ timeout: 60_000 });
  await waitUntilReady(page.request, videoA, 180_000);
  const replaced = (await (await page.request.get(`/v0/api/videos/selfieVideos/${videoA}`)).json()) as { video: { _id: string; title: string; duration: number } };
  expect(replaced.video).toMatchObject({ _id: videoA, title: titleA });
  // The new file's length (clip.webm), not the 1 s original's.
  expect(replaced.video.duration).toBeGreaterThan(2);
  await page.goto(`/selfieVideos/${videoA}`);
  await expect(failedPanel(page)).toHaveCount(0);

  // Video B: its file is back; Try again on the video page runs it again, and the page follows it to ready.
  fs.renameSync(`${originalB}.aside`, originalB);
  await page.goto(`/selfieVideos/${videoB}`);
  const panelB = failedPanel(page);
  await expect(panelB.getByText('The uploaded file is no longer stored: upload it again to replace it.')).toBeVisible();
  await panelB.getByRole('button', { name: 'Try again' }).click();
  // Processing again (the failed panel goes at once), followed live on the page until the player takes its place.
  await expect(failedPanel(page)).toHaveCount(0, { timeout: 15_000 });
  await waitUntilReady(page.request, videoB, 180_000);
  await expect(page.getByRole('region', { name: 'Processing progress' })).toHaveCount(0, { timeout: 30_000 });
  await expect(failedPanel(page)).toHaveCount(0);
  expect((await processing(page.request, videoB)).status).toBe('ready');
  await page.screenshot({ path: testInfo.outputPath('failed-retried-ready-en.png'), fullPage: true });

  fs.rmSync(`${originalA}.aside`, { force: true });
});
