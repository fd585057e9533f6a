/**
 * Automatic captions (domains/captions/transcribe.ts, docs/captions.md) against a small local HTTP server
 * that speaks the OpenAI transcription API with canned text: after the video is ready, its sound
 * is sent, a failure is retried, and an `auto` track in the spoken language appears; the owner can
 * delete it. Without TRANSCRIBE_URL nothing is attempted.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { loadConfig } from '../../server/config/index';
import { DEFAULT_MEDIA_CONFIG, transcriptionEndpoint } from '../../server/config/media';
import { languageOf, segmentsToVtt } from '../../server/domains/captions/transcribe';
import { makeH264Mp4 } from '../support/media-fixtures';
import { postUpload, uploadParts, videoPart } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

jest.setTimeout(180_000);

interface Seen {
  auth: string | undefined;
  contentType: string;
  body: Buffer;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('TRANSCRIBE_URL', () => {
  it('is off by default; a base URL gets the OpenAI path', () => {
    expect(loadConfig({}).media.transcribe).toBeNull();
    expect(transcriptionEndpoint('http://localhost:8000')).toBe('http://localhost:8000/v1/audio/transcriptions');
    expect(transcriptionEndpoint('http://localhost:8000/v1/')).toBe('http://localhost:8000/v1/audio/transcriptions');
    expect(transcriptionEndpoint('https://api.openai.com/v1/audio/transcriptions')).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(loadConfig({ TRANSCRIBE_URL: 'http://whisper:8080', TRANSCRIBE_API_KEY: 'k', TRANSCRIBE_MODEL: 'base' }).media.transcribe).toMatchObject({
      url: 'http://whisper:8080/v1/audio/transcriptions',
      apiKey: 'k',
      model: 'base',
      maxAttempts: 5,
    });
    expect(() => loadConfig({ TRANSCRIBE_URL: 'whisper' })).toThrow(/TRANSCRIBE_URL must be an http/);
  });
});

describe('languageOf and segmentsToVtt', () => {
  it('maps Whisper language names and codes to BCP 47', () => {
    expect(languageOf('english')).toBe('en');
    expect(languageOf('Chinese')).toBe('zh');
    expect(languageOf('pt')).toBe('pt');
    expect(languageOf(undefined)).toBe('und');
    expect(languageOf('not a language!')).toBe('und');
  });
  it('writes segments as escaped WebVTT cues', () => {
    expect(segmentsToVtt([{ start: 0, end: 1.25, text: ' Salt & <pepper> ' }, { start: 2, end: 2, text: 'empty' }])).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.250\nSalt &amp; &lt;pepper&gt;\n',
    );
  });
});

describe('automatic captions', () => {
  let dir: string;
  let clip: string;
  let endpoint: Server;
  let url: string;
  const seen: Seen[] = [];
  let failures = 1;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'transcribe-'));
    clip = await makeH264Mp4(dir, { seconds: 3 });
    endpoint = createServer((request, response) => {
      void readBody(request).then((body) => {
        seen.push({ auth: request.headers.authorization, contentType: request.headers['content-type'] ?? '', body });
        if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
          response.writeHead(404).end();
          return;
        }
        if (failures > 0) {
          failures -= 1;
          response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"busy"}}');
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            task: 'transcribe',
            language: 'english',
            duration: 3,
            text: 'Hello from the tiny kitchen. Dinner in ten minutes.',
            segments: [
              { id: 0, start: 0.2, end: 1.4, text: ' Hello from the tiny kitchen.' },
              { id: 1, start: 1.5, end: 2.9, text: ' Dinner in <b>ten</b> minutes.' },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/v1/audio/transcriptions`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  const media = { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 };

  async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    for (let i = 0; i < 750; i += 1) {
      const value = await probe();
      if (value !== undefined) return value;
      await sleep(200);
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  async function upload(t: TestApp, cookie: string) {
    const res = await postUpload(t.app, cookie, uploadParts({ title: 'kitchen', video: videoPart(await readFile(clip), 'clip.mp4') }));
    expect(res.statusCode).toBe(200);
    return (res.json() as { video: { _id: string } }).video._id;
  }

  const videoOf = async (t: TestApp, id: string, cookie: string) =>
    (await t.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie } })).json() as {
      video: { status: string; captions: Array<{ lang: string; label: string; url: string; source: string }> };
    };

  it('sends the sound after processing, retries a failure, stores an auto track; the owner can delete it', async () => {
    const t = await makeTestApp({
      config: { media: { ...media, transcribe: { url, apiKey: 'test-key', model: 'whisper-1', maxAttempts: 3, concurrency: 1 } } },
    });
    try {
      const owner = await createTestUser(t.app);
      const cookie = await sessionCookieFor(t.app, owner.id);
      const id = await upload(t, cookie);
      const ready = await until('ready', async () => {
        const { video } = await videoOf(t, id, cookie);
        return video.status === 'ready' ? video : undefined;
      });
      // Ready without waiting for captions.
      expect(ready.status).toBe('ready');

      const video = await until('the auto track', async () => {
        const shown = (await videoOf(t, id, cookie)).video;
        return shown.captions.length > 0 ? shown : undefined;
      });
      expect(video.captions).toEqual([{ lang: 'en', label: 'English', url: expect.stringMatching(/\/subs-[0-9a-f]{8}\.vtt$/), source: 'auto' }]);
      const vtt = await t.app.inject({ method: 'GET', url: video.captions[0]!.url });
      expect(vtt.body).toContain('00:00:00.200 --> 00:00:01.400\nHello from the tiny kitchen.');
      // Markup in the answer is text, never HTML.
      expect(vtt.body).toContain('Dinner in &lt;b&gt;ten&lt;/b&gt; minutes.');

      // The first request failed (503) and was retried; each carried the key, the model and an MP3.
      expect(seen.length).toBeGreaterThanOrEqual(2);
      for (const request of seen) {
        expect(request.auth).toBe('Bearer test-key');
        expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
        const text = request.body.toString('latin1');
        expect(text).toContain('name="model"\r\n\r\nwhisper-1');
        expect(text).toContain('name="response_format"\r\n\r\nverbose_json');
        expect(text).toMatch(/name="file"; filename="piece-000\.mp3"/);
      }
      // The track is stored by the job's handler; the queue marks the job done just after it returns.
      const job = await until('the transcribe job done', async () => {
        const row = await t.app.db.selectFrom('media_jobs').selectAll().where('video_id', '=', id).where('kind', '=', 'transcribe').executeTakeFirstOrThrow();
        return row.state === 'running' ? undefined : row;
      });
      expect(job.state).toBe('done');

      // What was said is searchable (docs/search.md#captions-in-search), by keyword and by AI search.
      const search = async (kind: 'normal' | 'ai', query: string) => {
        const res = await t.app.inject({ method: 'POST', url: `/v0/api/search/${kind}-search`, payload: kind === 'ai' ? { chat_history: query } : { query } });
        return (res.json() as { results: Array<{ _id: string; matches?: unknown }> }).results;
      };
      // (The video's title is "kitchen": these words are only said.)
      expect(await search('normal', 'hello')).toEqual([expect.objectContaining({ _id: id, matches: [{ start: 0.2, text: 'Hello from the tiny kitchen.' }] })]);
      expect(await until('the AI index', async () => ((await search('ai', 'minutes')).some((result) => result._id === id) ? true : undefined))).toBe(true);

      const del = await t.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${id}/captions/en`, headers: { cookie } });
      expect(del.statusCode).toBe(200);
      expect((await videoOf(t, id, cookie)).video.captions).toEqual([]);
      expect(await search('normal', 'hello')).toEqual([]);
      expect(await search('ai', 'minutes')).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('without TRANSCRIBE_URL nothing is attempted', async () => {
    const before = seen.length;
    const t = await makeTestApp({ config: { media } });
    try {
      const owner = await createTestUser(t.app);
      const cookie = await sessionCookieFor(t.app, owner.id);
      const id = await upload(t, cookie);
      await until('ready', async () => ((await videoOf(t, id, cookie)).video.status === 'ready' ? true : undefined));
      expect(await t.app.db.selectFrom('media_jobs').selectAll().where('kind', '=', 'transcribe').execute()).toEqual([]);
      expect((await videoOf(t, id, cookie)).video.captions).toEqual([]);
      expect(seen.length).toBe(before);
    } finally {
      await t.close();
    }
  });
});
