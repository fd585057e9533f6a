import fs, { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { makeH264Mp4 } from '../support/media-fixtures';

import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * Captions in Chromium (docs/captions.md): a SubRip file uploaded on the edit page becomes a track
 * in the player's captions menu (showing by default in the interface language), the transcript
 * lists its lines and seeks on click, and axe passes with the transcript open.
 */
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');
const SRT = Buffer.from(
  '\ufeff1\r\n00:00:01,000 --> 00:00:03,000\r\nHello from the tiny kitchen\r\n\r\n2\r\n00:00:04,000 --> 00:00:06,500\r\n<i>Dinner</i> in ten minutes\r\n\r\n',
);

let workDir: string;
let clip: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-captions-'));
  clip = await makeH264Mp4(workDir, { seconds: 8, width: 640, height: 360, name: 'captions.mp4' });
});

test.afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

async function uploadReady(page: Page, title: string): Promise<string> {
  await signUpAndLogIn(page.request, 'captions');
  const response = await page.request.post('/v0/api/movies/upload', {
    multipart: {
      title,
      visibility: 'public',
      movieFile: { name: 'captions.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) },
      thumbnailFile: { name: 'tiny.png', mimeType: 'image/png', buffer: fs.readFileSync(THUMBNAIL) },
    },
  });
  expect(response.status()).toBe(200);
  const id = ((await response.json()) as { video: { _id: string } }).video._id;
  await waitUntilReady(page.request, id, 180_000);
  return id;
}

test.describe('captions', () => {
  test.use({ locale: 'en-US' });

  test('upload on the edit page, pick in the captions menu, read and seek in the transcript', async ({ page }) => {
    test.setTimeout(300_000);
    const title = `Captions ${Date.now()}`;
    const videoId = await uploadReady(page, title);

    await page.goto(`/selfieVideos/edit/${videoId}`);
    const section = page.getByRole('region', { name: 'Captions' });
    await expect(section.getByText('This video has no captions yet.')).toBeVisible();
    await section.getByLabel('Language').selectOption('en');
    await section.getByLabel('Caption file (.srt or .vtt)').setInputFiles({ name: 'kitchen.srt', mimeType: 'application/x-subrip', buffer: SRT });
    await section.getByRole('button', { name: 'Upload captions' }).click();
    await expect(section.getByRole('status')).toHaveText('Captions saved.');
    await expect(section.getByRole('list', { name: 'Caption tracks' }).getByText('English', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'edit page with a caption track');

    await page.goto(`/selfieVideos/${videoId}`);
    await expect(page.locator('.video-player')).toHaveAttribute('data-controls', 'media-chrome', { timeout: 15_000 });
    // The interface language's track shows by default.
    await expect
      .poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => Array.from(video.textTracks).map((track) => `${track.kind}:${track.language}:${track.mode}`)))
      .toContain('subtitles:en:showing');
    await page.locator('media-captions-menu-button').click();
    const menu = page.locator('media-captions-menu');
    await expect(menu.getByRole('menuitemradio', { name: 'English' })).toBeVisible();
    await menu.getByRole('menuitemradio', { name: /off/i }).click();
    // The choice is remembered.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('captions.choice'))).toBe('off');

    await page.getByRole('button', { name: 'Show transcript' }).click();
    const lines = page.getByRole('list', { name: 'Transcript lines' });
    await expect(lines.getByRole('button')).toHaveCount(2);
    await expect(lines.getByRole('button', { name: 'Play from 0:04 Dinner in ten minutes' })).toBeVisible();
    await lines.getByRole('button', { name: 'Play from 0:04 Dinner in ten minutes' }).click();
    await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThanOrEqual(4);
    await expect(lines.getByRole('button', { name: /Dinner in ten minutes/ })).toHaveAttribute('aria-current', 'true');
    await page.locator('video').evaluate((video: HTMLVideoElement) => video.pause());
    await page.getByRole('searchbox', { name: 'Search the transcript' }).fill('kitchen');
    await expect(lines.getByRole('button')).toHaveCount(1);
    await expectNoAxeViolations(page, 'video page with the transcript open');
  });
});
