import fs, { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { makeH264Mp4 } from '../support/media-fixtures';

import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUpAndLogIn, waitUntilReady } from './support';

/**
 * Search by what is said (docs/search.md#captions-in-search), in Chromium: a caption track is
 * uploaded, the self-shot list's search finds the video by a phrase only its captions say, the
 * result card shows the matching line with its time, and the line opens the video at that moment.
 */
const THUMBNAIL = path.join(__dirname, '../fixtures/tiny.png');

let workDir: string;
let clip: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-search-captions-'));
  clip = await makeH264Mp4(workDir, { seconds: 8, width: 640, height: 360, name: 'spoken.mp4' });
});

test.afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

test.describe('search by what is said', () => {
  test.use({ locale: 'en-US' });

  test('finds a video by a spoken phrase and opens it at the matching line', async ({ page }) => {
    test.setTimeout(300_000);
    // A word no title, description or other caption has, so the video is found through its captions alone.
    const word = `quokka${Date.now().toString(36)}`;
    await signUpAndLogIn(page.request, 'spoken');
    const upload = await page.request.post('/v0/api/movies/upload', {
      multipart: {
        title: 'Afternoon at the zoo',
        visibility: 'public',
        movieFile: { name: 'spoken.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) },
        thumbnailFile: { name: 'tiny.png', mimeType: 'image/png', buffer: fs.readFileSync(THUMBNAIL) },
      },
    });
    expect(upload.status()).toBe(200);
    const videoId = ((await upload.json()) as { video: { _id: string } }).video._id;
    await waitUntilReady(page.request, videoId, 180_000);

    const srt = `1\n00:00:01,000 --> 00:00:02,500\nHello and welcome.\n\n2\n00:00:05,200 --> 00:00:07,000\nLook, a ${word} is smiling at us.\n\n`;
    const put = await page.request.put(`/v0/api/videos/selfieVideos/${videoId}/captions/en`, {
      multipart: { captionFile: { name: 'zoo.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(srt) } },
    });
    expect(put.status()).toBe(200);

    await page.goto('/selfieVideos');
    await page.getByRole('searchbox', { name: 'Search self-shot videos' }).fill(word);
    await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Afternoon at the zoo' })).toBeVisible();
    const lines = page.getByRole('list', { name: 'Where “Afternoon at the zoo” says it' });
    const line = lines.getByRole('link', { name: new RegExp(`Watch from\\s*0:05\\s*:\\s*“Look, a ${word} is smiling at us\\.”`) });
    await expect(line).toBeVisible();
    await expect(line).toHaveAttribute('href', `/selfieVideos/${videoId}?t=5`);
    await expectNoAxeViolations(page, 'search results with a matching caption line');

    await line.click();
    await expect(page).toHaveURL(new RegExp(`/selfieVideos/${videoId}\\?t=5$`));
    // The video page plays from the match.
    await expect(page.locator('.video-player')).toHaveAttribute('data-controls', 'media-chrome', { timeout: 15_000 });
    await page.locator('media-play-button').click();
    await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  });
});
