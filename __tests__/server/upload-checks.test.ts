/**
 * A finished upload's checks (probe, a frame decoded at each end, the poster) take one of the
 * instance's UPLOAD_CHECKS_AT_ONCE turns (server/domains/media/index.ts): uploads that end together are
 * checked a few at a time, multipart and resumable alike. Twenty at once used to start a hundred
 * ffmpeg runs together and stall the event loop (docs/overload.md, bench:soak).
 *
 * ffmpeg and ffprobe are wrapped (FFMPEG_PATH, FFPROBE_PATH) by a script that records how many
 * of them run at the same moment, then runs the real tool.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { ffmpegPath, ffprobePath, resetBinaryPaths } from '../../server/domains/media/ffmpeg';
import { fixtures, postUpload, uploadParts } from '../support/media';
import { sendRaw } from '../support/raw-http';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');

describe('checks of finished uploads', () => {
  let scratch: string;
  const given = { ffmpeg: process.env.FFMPEG_PATH, ffprobe: process.env.FFPROBE_PATH };

  /** A wrapper around `real` that notes how many tools run as it starts, and runs a little longer (so overlaps show). */
  async function wrapper(name: string, real: string): Promise<string> {
    const file = path.join(scratch, name);
    await writeFile(
      file,
      `#!/bin/sh
# The start-up's description of the tools (-version, -filters) is not an upload's check.
case "$*" in *-version*|*-filters*) exec '${real}' "$@" ;; esac
d='${scratch}/running'
touch "$d/$$"
ls "$d" | wc -l >> '${scratch}/counts'
sleep 0.15
'${real}' "$@"
status=$?
rm -f "$d/$$"
exit $status
`,
    );
    await chmod(file, 0o755);
    return file;
  }

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'upload-checks-'));
    await writeFile(path.join(scratch, 'counts'), '');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(path.join(scratch, 'running'));
    const real = { ffmpeg: ffmpegPath(), ffprobe: ffprobePath() };
    process.env.FFMPEG_PATH = await wrapper('ffmpeg', real.ffmpeg);
    process.env.FFPROBE_PATH = await wrapper('ffprobe', real.ffprobe);
    resetBinaryPaths();
  });

  afterAll(async () => {
    for (const [name, value] of [['FFMPEG_PATH', given.ffmpeg], ['FFPROBE_PATH', given.ffprobe]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetBinaryPaths();
    await rm(scratch, { recursive: true, force: true });
  });

  /** The most tools seen running at once since the last call. */
  async function mostAtOnce(): Promise<number> {
    const counts = (await readFile(path.join(scratch, 'counts'), 'utf8')).split('\n').filter(Boolean).map(Number);
    await writeFile(path.join(scratch, 'counts'), '');
    return Math.max(0, ...counts);
  }

  /** Three uploads that end together, two multipart and one resumable; their statuses. */
  async function threeAtOnce(checksAtOnce: string): Promise<{ statuses: number[]; mostAtOnce: number; videos: number }> {
    // No transcoding (its ffmpeg would be counted too): only the checks run tools here.
    const t: TestApp = await makeTestApp({ env: { WORKER: 'off', UPLOAD_CHECKS_AT_ONCE: checksAtOnce } });
    try {
      expect(t.app.media.uploadChecks.concurrency).toBe(Number(checksAtOnce));
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (t.app.server.address() as AddressInfo).port;
      const cookies = await Promise.all(
        ['first', 'second', 'third'].map(async (username) => sessionCookieFor(t.app, (await createTestUser(t.app, { username })).id)),
      );
      await mostAtOnce();
      const created = await sendRaw(port, 'POST', '/v0/api/uploads', {
        cookie: cookies[2]!,
        'tus-resumable': '1.0.0',
        'upload-length': String(fixtures.mp4.length),
        'upload-metadata': `title ${b64('Resumed')},filetype ${b64('video/mp4')}`,
      });
      expect(created.status).toBe(201);
      const uploadPath = new URL(created.headers.location as string, 'http://localhost').pathname;
      const answers = await Promise.all([
        postUpload(t.app, cookies[0], uploadParts({ title: 'One' })).then((res) => res.statusCode),
        postUpload(t.app, cookies[1], uploadParts({ title: 'Two' })).then((res) => res.statusCode),
        sendRaw(
          port,
          'PATCH',
          uploadPath,
          { cookie: cookies[2]!, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
          fixtures.mp4,
        ).then((res) => res.status),
      ]);
      const videos = await t.app.db.selectFrom('videos').select('id').execute();
      return { statuses: answers, mostAtOnce: await mostAtOnce(), videos: videos.length };
    } finally {
      await t.close();
    }
  }

  it('runs one upload’s checks at a time with UPLOAD_CHECKS_AT_ONCE=1; every upload still finishes', async () => {
    expect(await threeAtOnce('1')).toEqual({ statuses: [200, 200, 204], mostAtOnce: 1, videos: 3 });
  });

  it('overlaps them up to the setting (the wrapper does see tools running together)', async () => {
    const result = await threeAtOnce('3');
    expect({ statuses: result.statuses, videos: result.videos }).toEqual({ statuses: [200, 200, 204], videos: 3 });
    expect(result.mostAtOnce).toBeGreaterThan(1);
  });
});
