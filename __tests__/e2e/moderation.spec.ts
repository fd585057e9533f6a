import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

import { expect, test, type APIRequestContext } from '@playwright/test';

import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * The moderation journey in a real browser against the real server: a user reports a
 * video from its page, a moderator granted by the command line (`npm run admin`) hides it from
 * the console, it vanishes for others while its owner sees why, and the audit log shows it.
 */
const CLIP = path.join(__dirname, '../../server/domains/catalogue/assets/clip.webm');
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');
const run = promisify(execFile);

async function upload(request: APIRequestContext, title: string): Promise<string> {
  const res = await request.post('/v0/api/movies/upload', {
    multipart: {
      title,
      description: 'A harbour at dusk',
      visibility: 'public',
      movieFile: { name: 'clip.webm', mimeType: 'video/webm', buffer: await readFile(CLIP) },
      thumbnailFile: { name: 'tiny.png', mimeType: 'image/png', buffer: await readFile(THUMBNAIL) },
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { video: { _id: string } }).video._id;
}

test('report, grant a moderator with the CLI, hide from the console, gone for others, in the audit log', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The owner uploads.
  const owner = await signUpAndLogIn(page.request, 'owner');
  const title = `Harbour ${Date.now()}`;
  const videoId = await upload(page.request, title);
  // Others see it once its renditions are made.
  await waitUntilReady(page.request, videoId);

  // Another user reports it from the video page.
  const reporterContext = await browser.newContext();
  const reporterPage = await reporterContext.newPage();
  await signUpAndLogIn(reporterPage.request, 'reporter');
  await reporterPage.goto(`/selfieVideos/${videoId}`);
  await expect(reporterPage.getByRole('heading', { name: title })).toBeVisible();
  await reporterPage.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = reporterPage.getByRole('dialog', { name: 'Report this video' });
  await dialog.getByRole('radio', { name: 'Violence' }).check();
  await dialog.getByLabel('Details (optional)').fill('Graphic scene at 0:03');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you. Your report was sent to the moderators.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A moderator, granted by the command line on the server's DATA_DIR.
  const moderatorContext = await browser.newContext();
  const moderatorPage = await moderatorContext.newPage();
  const moderator = await signUpAndLogIn(moderatorPage.request, 'moderator');
  const granted = await run('npx', ['tsx', 'scripts/admin.ts', 'grant', moderator.email], {
    cwd: path.join(__dirname, '../..'),
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
  });
  expect(granted.stdout).toContain('role user -> moderator');

  await moderatorPage.goto('/');
  await moderatorPage.getByRole('button', { name: moderator.username }).click();
  await moderatorPage.getByRole('link', { name: 'Moderation' }).click();
  await expect(moderatorPage).toHaveURL(/\/admin$/);
  const card = moderatorPage.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('Graphic scene at 0:03');
  await card.getByRole('button', { name: 'Hide video' }).click();
  await expect(moderatorPage.getByText('The video is now hidden.')).toBeVisible();
  await expect(moderatorPage.getByRole('article').filter({ hasText: title })).toHaveCount(0);

  // Gone for others: the page, the list, the media.
  await reporterPage.goto(`/selfieVideos/${videoId}`);
  await expect(reporterPage.getByRole('alert')).toHaveText('Video not found.');
  await reporterPage.goto('/selfieVideos');
  await expect(reporterPage.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  const visitor = await browser.newContext();
  const list = await visitor.request.get('/v0/api/videos/selfieVideos');
  expect(await list.text()).not.toContain(videoId);
  expect((await visitor.request.get(`/v0/api/videos/selfieVideos/${videoId}`)).status()).toBe(404);

  // The owner still sees it, and why.
  await page.goto(`/selfieVideos/${videoId}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(/^Hidden by moderators: Violence: Graphic scene at 0:03$/)).toBeVisible();
  await expect(page.getByRole('link', { name: owner.username }).first()).toBeVisible();

  // The audit log shows it.
  await moderatorPage.getByRole('tab', { name: 'Audit log' }).click();
  const row = moderatorPage.getByRole('row').filter({ hasText: 'video.hide' });
  await expect(row).toContainText(moderator.username);
  await expect(row).toContainText(videoId);

  await Promise.all([reporterContext.close(), moderatorContext.close(), visitor.close()]);
});
