/**
 * Search by what is said (docs/search.md#captions-in-search): caption text in the keyword and AI
 * searches, the `matches` of a result, across languages, updates on replace and delete through
 * the real caption routes, and privacy.
 */
import { setTimeout as sleep } from 'node:timers/promises';

import type { UserRow } from '../../server/infra/db/schema';
import { DEFAULT_MEDIA_CONFIG } from '../../server/config/media';
import { backfillCaptionTexts } from '../../server/domains/captions/backfill';
import { captionTextRow } from '../../server/domains/captions/tracks';
import { bestCues, matchTerms, withoutMarkup } from '../../server/domains/search/matches';
import { multipart, postUpload, uploadParts, type Part } from '../support/media';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';

import { insertVideo, tinyVectors } from './search-helpers';

jest.setTimeout(180_000);

interface Match {
  start: number;
  text: string;
}
interface Result {
  _id: string;
  title: string;
  matches?: Match[];
}

async function eventually(check: () => Promise<void>, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await sleep(50);
    }
  }
}

const srt = (cues: Array<[number, string]>) =>
  Buffer.from(
    cues
      .map(([start, text], index) => {
        const stamp = (seconds: number) => `00:00:${String(Math.floor(seconds)).padStart(2, '0')},${String(Math.round((seconds % 1) * 1000)).padStart(3, '0')}`;
        return `${index + 1}\n${stamp(start)} --> ${stamp(start + 0.4)}\n${text}\n`;
      })
      .join('\n'),
  );

describe('caption text in search', () => {
  let t: TestApp;
  let owner: UserRow;

  beforeAll(async () => {
    t = await makeTestApp({ config: { media: { ...DEFAULT_MEDIA_CONFIG, pollMs: 100, retryBaseMs: 100, leaseMs: 3000 } } });
    await t.app.searchIndex.useEmbeddings(tinyVectors());
    owner = await createTestUser(t.app);
  });
  afterAll(() => t.close());

  const normal = async (query: string): Promise<Result[]> => {
    const res = await t.app.inject({ method: 'POST', url: '/v0/api/search/normal-search', payload: { query } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { results: Result[] }).results;
  };
  const ai = async (query: string): Promise<Result[]> => {
    const res = await t.app.inject({ method: 'POST', url: '/v0/api/search/ai-search', payload: { chat_history: query } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { results: Result[] }).results;
  };
  const ids = (results: Result[]) => results.map((result) => result._id);

  /** A video with caption tracks written as the caption service writes them, then indexed. */
  async function captioned(title: string, tracks: Record<string, Array<[number, string]>>, visibility: 'public' | 'private' | 'unlisted' = 'public') {
    const video = await insertVideo(t.app, { title, userId: owner.id, visibility });
    for (const [lang, cues] of Object.entries(tracks)) {
      await t.app.db
        .insertInto('caption_texts')
        .values(captionTextRow(video.id, lang, cues.map(([start, text]) => ({ start, end: start + 2, text })), new Date().toISOString()))
        .execute();
    }
    await t.app.searchIndex.upsertSelfieVideo(video.id);
    return video;
  }

  describe('indexed caption text (straight into the database)', () => {
    let teapot: { id: string };
    let titled: { id: string };
    let cat: { id: string };
    let maoVideo: { id: string };
    beforeAll(async () => {
      teapot = await captioned('Sunday afternoon', {
        en: [
          [3, 'Welcome back to the workshop.'],
          [65.5, 'Today we glaze a porcelain teapot.'],
          [130, 'The porcelain goes into the kiln overnight.'],
          [200, 'Thanks for watching.'],
        ],
      });
      titled = await captioned('Porcelain teapot glazing', { en: [[1, 'Hello everyone.']] });
      cat = await captioned('Quiet morning', { en: [[12, 'My cat sleeps on the sofa all day long.']] });
      maoVideo = await captioned('周末', { 'zh-Hans': [[8, '我的狗每天早上都在公园里跑步。']] });
    });

    it('finds a video by words only its captions say, in both searches, with the matching lines', async () => {
      const found = await normal('porcelain teapot');
      expect(ids(found)).toContain(teapot.id);
      const hit = found.find((result) => result._id === teapot.id);
      expect(hit?.matches).toEqual([
        { start: 65.5, text: 'Today we glaze a porcelain teapot.' },
        { start: 130, text: 'The porcelain goes into the kiln overnight.' },
      ]);
      const aiHit = (await ai('porcelain teapot')).find((result) => result._id === teapot.id);
      expect(aiHit?.matches?.[0]).toEqual({ start: 65.5, text: 'Today we glaze a porcelain teapot.' });
      // Stems as the full-text index does: "glazing" finds "glaze".
      expect((await normal('glazing')).find((result) => result._id === teapot.id)?.matches).toEqual([{ start: 65.5, text: 'Today we glaze a porcelain teapot.' }]);
    });

    it('ranks a title match above a video that only says the words', async () => {
      expect(ids(await normal('porcelain teapot')).slice(0, 2)).toEqual([titled.id, teapot.id]);
      expect(ids(await ai('porcelain teapot')).slice(0, 2)).toEqual([titled.id, teapot.id]);
      // A video found through its title alone carries no matching lines.
      expect((await normal('porcelain teapot')).find((result) => result._id === titled.id)?.matches).toBeUndefined();
    });

    it('crosses languages: a Chinese request finds English captions, an English request Chinese ones', async () => {
      const zhToEn = await ai('猫');
      expect(ids(zhToEn)).toContain(cat.id);
      expect(zhToEn.find((result) => result._id === cat.id)?.matches).toEqual([{ start: 12, text: 'My cat sleeps on the sofa all day long.' }]);
      const enToZh = await ai('dog');
      expect(ids(enToZh)).toContain(maoVideo.id);
      expect(enToZh.find((result) => result._id === maoVideo.id)?.matches).toEqual([{ start: 8, text: '我的狗每天早上都在公园里跑步。' }]);
      // The keyword search bridges both ways too: English → Chinese equivalents, Chinese → the
      // English words the AI search reads it as.
      const keywordZhToEn = await normal('猫');
      expect(ids(keywordZhToEn)).toContain(cat.id);
      expect(keywordZhToEn.find((result) => result._id === cat.id)?.matches).toEqual([{ start: 12, text: 'My cat sleeps on the sofa all day long.' }]);
      expect(ids(await normal('dog'))).toContain(maoVideo.id);
      expect(ids(await normal('公园'))).toContain(maoVideo.id);
      expect((await normal('公园')).find((result) => result._id === maoVideo.id)?.matches).toEqual([{ start: 8, text: '我的狗每天早上都在公园里跑步。' }]);
    });

    it("never shows a private or unlisted video's captions to a search", async () => {
      const hidden = await captioned('Secret', { en: [[5, 'The xylophone rehearsal is tomorrow.']] }, 'private');
      const unlisted = await captioned('Link only', { en: [[5, 'The xylophone concert was loud.']] }, 'unlisted');
      expect(await normal('xylophone')).toEqual([]);
      expect(await ai('xylophone')).toEqual([]);
      // Made public: found; private again: gone from both (the full-text index by trigger).
      await t.app.db.updateTable('videos').set({ visibility: 'public' }).where('id', '=', hidden.id).execute();
      await t.app.searchIndex.upsertSelfieVideo(hidden.id);
      expect(ids(await normal('xylophone'))).toEqual([hidden.id]);
      expect(ids(await ai('xylophone'))).toEqual([hidden.id]);
      await t.app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', hidden.id).execute();
      await t.app.searchIndex.upsertSelfieVideo(hidden.id);
      expect(await normal('xylophone')).toEqual([]);
      expect(await ai('xylophone')).toEqual([]);
      expect(unlisted.id).toBeTruthy();
    });

    it('never carries markup in matches, also from text stored before entity-decoded markup was refused', async () => {
      const old = await captioned('Evening', {
        en: [
          [4, '<script>alert(1)</script> The saxophone warms up.'],
          [9, 'A <b onclick="x()">saxophone</b> solo <img src=x onerror=alert(1)'],
          [14, 'script tags are <script>not</script> here'],
        ],
      });
      const hit = (await normal('saxophone')).find((result) => result._id === old.id);
      expect(hit?.matches).toEqual([
        { start: 4, text: 'alert(1) The saxophone warms up.' },
        { start: 9, text: 'A saxophone solo' },
      ]);
      const aiHit = (await ai('saxophone')).find((result) => result._id === old.id);
      expect(aiHit?.matches?.length).toBeGreaterThan(0);
      for (const match of aiHit?.matches ?? []) expect(match.text).not.toMatch(/<[a-z/!?]/i);
      // A line found only through a tag's name is no match.
      expect((await normal('script')).find((result) => result._id === old.id)?.matches).toEqual([{ start: 14, text: 'script tags are not here' }]);
    });

    it('rebuilds from the database on a re-sync (another instance, a restart)', async () => {
      await t.app.searchIndex.syncSelfieVideos();
      expect(ids(await ai('porcelain teapot'))).toContain(teapot.id);
    });
  });

  describe('through the caption routes', () => {
    let cookie: string;
    let videoId: string;
    const put = (lang: string, data: Buffer) => {
      const parts: Part[] = [{ name: 'captionFile', filename: 'subs.srt', contentType: 'application/x-subrip', data }];
      const { body, contentType } = multipart(parts);
      return t.app.inject({ method: 'PUT', url: `/v0/api/videos/selfieVideos/${videoId}/captions/${lang}`, headers: { 'content-type': contentType, cookie }, payload: body });
    };
    const remove = (lang: string) => t.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${videoId}/captions/${lang}`, headers: { cookie } });

    beforeAll(async () => {
      cookie = await sessionCookieFor(t.app, owner.id);
      const res = await postUpload(t.app, cookie, uploadParts({ title: 'clip' }));
      expect(res.statusCode).toBe(200);
      videoId = (res.json() as { video: { _id: string } }).video._id;
      for (let i = 0; i < 600; i += 1) {
        const row = await t.app.db.selectFrom('videos').select('status').where('id', '=', videoId).executeTakeFirstOrThrow();
        if (row.status !== 'processing') break;
        await sleep(200);
      }
      await eventually(async () => expect(ids(await ai('clip'))).toContain(videoId));
    });

    it('indexes an uploaded track, follows a replacement and forgets a deleted one', async () => {
      expect((await put('en', srt([[0.2, 'The accordion player tunes up.']]))).statusCode).toBe(200);
      // The route answers after this instance's index took the change in.
      expect(ids(await ai('accordion'))).toEqual([videoId]);
      expect((await normal('accordion'))[0]).toMatchObject({ _id: videoId, matches: [{ start: 0.2, text: 'The accordion player tunes up.' }] });

      expect((await put('en', srt([[0.5, 'Now the harmonica solo.']]))).statusCode).toBe(200);
      expect(await ai('accordion')).toEqual([]);
      expect(await normal('accordion')).toEqual([]);
      expect(ids(await ai('harmonica'))).toEqual([videoId]);
      expect(ids(await normal('harmonica'))).toEqual([videoId]);

      // A second language adds to the first; deleting one leaves the other.
      expect((await put('zh-Hans', srt([[0.5, '口琴独奏开始了。']]))).statusCode).toBe(200);
      // Both tracks say it (the Chinese line has more of the request: 口琴 and "harmonica").
      expect((await normal('口琴'))[0]?.matches).toEqual([
        { start: 0.5, text: '口琴独奏开始了。' },
        { start: 0.5, text: 'Now the harmonica solo.' },
      ]);
      expect((await remove('zh-Hans')).statusCode).toBe(200);
      // Now only the English line says it (口琴 reads as "harmonica").
      expect((await normal('口琴')).map((result) => [result._id, result.matches])).toEqual([[videoId, [{ start: 0.5, text: 'Now the harmonica solo.' }]]]);
      expect(ids(await normal('harmonica'))).toEqual([videoId]);

      expect((await remove('en')).statusCode).toBe(200);
      expect(await ai('harmonica')).toEqual([]);
      expect(await normal('harmonica')).toEqual([]);
      const rows = await t.app.db.selectFrom('caption_texts').selectAll().where('video_id', '=', videoId).execute();
      expect(rows).toEqual([]);
    });

    it('refuses a script written as entities (SubRip and WebVTT): nothing stored, nothing found', async () => {
      const vtt = Buffer.from('WEBVTT\n\n00:00:00.200 --> 00:00:00.600\nThe ocarina &lt;script&gt;alert(1)&lt;/script&gt;\n');
      for (const data of [srt([[0.2, 'The ocarina &lt;script&gt;alert(1)&lt;/script&gt;']]), vtt]) {
        const res = await put('en', data);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, message: 'Captions may not contain HTML such as scripts, images or links.' });
      }
      expect(await normal('ocarina')).toEqual([]);
      expect(await t.app.db.selectFrom('caption_texts').selectAll().where('video_id', '=', videoId).execute()).toEqual([]);
    });

    it('indexes tracks stored before their text was kept (the start-up backfill)', async () => {
      expect((await put('en', srt([[0.3, 'The theremin hums softly.']]))).statusCode).toBe(200);
      // As a database from before migration 0016 has it: the track, no text.
      await t.app.db.deleteFrom('caption_texts').where('video_id', '=', videoId).execute();
      await t.app.searchIndex.upsertSelfieVideo(videoId);
      expect(await normal('theremin')).toEqual([]);
      expect(await backfillCaptionTexts({ db: t.app.db, storage: t.app.storage })).toEqual([videoId]);
      await t.app.searchIndex.upsertSelfieVideo(videoId);
      expect((await normal('theremin'))[0]).toMatchObject({ _id: videoId, matches: [{ start: 0.3, text: 'The theremin hums softly.' }] });
      expect(ids(await ai('theremin'))).toEqual([videoId]);
      // Nothing left to do the second time.
      expect(await backfillCaptionTexts({ db: t.app.db, storage: t.app.storage })).toEqual([]);
      expect((await remove('en')).statusCode).toBe(200);
    });

    it('drops the captions from search when the video turns private, and with the video', async () => {
      expect((await put('en', srt([[0.2, 'The bagpipes are surprisingly loud.']]))).statusCode).toBe(200);
      expect(ids(await normal('bagpipes'))).toEqual([videoId]);
      const patch = await t.app.inject({ method: 'PATCH', url: `/v0/api/videos/selfieVideos/${videoId}`, headers: { cookie }, payload: { title: 'clip', visibility: 'private' } });
      expect(patch.statusCode).toBe(200);
      expect(await normal('bagpipes')).toEqual([]);
      expect(await ai('bagpipes')).toEqual([]);
      const removed = await t.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${videoId}`, headers: { cookie } });
      expect(removed.statusCode).toBe(200);
      expect(await t.app.db.selectFrom('caption_texts').selectAll().where('video_id', '=', videoId).execute()).toEqual([]);
    });
  });
});

describe('matching lines', () => {
  const cues: Array<[number, string]> = [
    [1, 'cats and dogs'],
    [2, 'a cat'],
    [3, 'dogs only'],
    [4, 'a cat and a dog again'],
    [5, 'nothing here'],
  ];

  it('keeps at most three, the cues with most of the words first, returned in time order', () => {
    expect(bestCues([cues], matchTerms('cat dog'))).toEqual([
      { start: 1, text: 'cats and dogs' },
      { start: 2, text: 'a cat' },
      { start: 4, text: 'a cat and a dog again' },
    ]);
    expect(bestCues([cues], matchTerms('the'))).toEqual([]);
    expect(bestCues([cues], matchTerms(''))).toEqual([]);
  });

  it('are plain text: tags are left out, a lone < stays', () => {
    expect(bestCues([[[1, '<i>cats</i> &lt; <script>dogs</script>'], [2, 'cats <3 dogs, 1 < 2']]], matchTerms('cat'))).toEqual([
      { start: 1, text: 'cats &lt; dogs' },
      { start: 2, text: 'cats <3 dogs, 1 < 2' },
    ]);
    expect(withoutMarkup('a <!-- note --> b <img src=x onerror=alert(1)')).toBe('a b');
  });

  it('matches Chinese as words and through translations, in either spelling', () => {
    expect(bestCues([[[7, '我的貓在睡覺']]], matchTerms('猫'))).toEqual([{ start: 7, text: '我的貓在睡覺' }]);
    expect(bestCues([[[7, '我的猫在睡觉']]], matchTerms('', ['cat']))).toEqual([{ start: 7, text: '我的猫在睡觉' }]);
  });
});
