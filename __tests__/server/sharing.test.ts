/**
 * Sharing and discovery (docs/sharing.md): unlisted visibility as owner, other user and visitor
 * everywhere; link previews read from the HTML as a crawler reads them (no JavaScript): Open Graph,
 * Twitter card, oEmbed discovery and a JSON-LD VideoObject checked against schema.org's required
 * fields; oEmbed and its bad input; the embed page and frame headers on every route; the sitemap,
 * robots.txt, related videos and downloads.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { JSDOM } from 'jsdom';

import { newId } from '../../server/infra/db/ids';
import type { UserRow, VideoRow } from '../../server/infra/db/schema';
import { parseStartTime } from '../../server/pages/embed-routes';
import { attachmentHeader, downloadFileName } from '../../server/domains/sharing/sharing-routes';
import { bestLanguageMatch } from '../../server/domains/sharing/languages';
import { isoDuration } from '../../server/domains/sharing/preview';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { createTestVideo } from '../support/videos';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'accept-language': 'en' };
/** What link-preview crawlers typically send. */
const CRAWLER = { accept: '*/*', 'user-agent': 'facebookexternalhit/1.1' };
const SITE = 'http://localhost:3000';

interface ManifestTrack {
  lang: string;
  label: string;
  vtt: string;
  source: 'upload' | 'auto';
}

function manifest(captions: ManifestTrack[] = []) {
  return JSON.stringify({
    version: 1,
    hls: 'master.m3u8',
    mp4: 'video.mp4',
    mp4Bytes: 123456,
    mp4Width: 1920,
    mp4Height: 1080,
    poster: 'poster.jpg',
    posterWebp: 'poster.webp',
    cards: [],
    variants: [],
    quick: false,
    ...(captions.length > 0 ? { captions } : {}),
  });
}

const CAPTIONS: ManifestTrack[] = [
  { lang: 'en', label: 'English', vtt: 'subs-en1.vtt', source: 'upload' },
  { lang: 'zh-Hant', label: '中文（繁體）', vtt: 'subs-hant1.vtt', source: 'upload' },
  { lang: 'zh-Hans', label: '中文（简体）', vtt: 'subs-hans1.vtt', source: 'auto' },
];

let t: TestApp;
let spaDir: string;
let owner: UserRow;
let ownerCookie: string;
let otherCookie: string;

beforeEach(async () => {
  spaDir = await mkdtemp(path.join(tmpdir(), 'sharing-test-'));
  await mkdir(path.join(spaDir, 'assets'), { recursive: true });
  await writeFile(
    path.join(spaDir, 'index.html'),
    '<!doctype html><html lang=en><head><meta charset=utf-8><title>ClipNest</title></head><body><div id=root></div></body></html>',
  );
  t = await makeTestApp({ config: { spaDir } });
  owner = await createTestUser(t.app, { username: 'maker' });
  ownerCookie = await sessionCookieFor(t.app, owner.id);
  otherCookie = await sessionCookieFor(t.app, (await createTestUser(t.app, { username: 'other' })).id);
});
afterEach(async () => {
  await t.close();
  await rm(spaDir, { recursive: true, force: true });
});

async function readyVideo(fields: Partial<VideoRow> = {}) {
  const id = newId();
  return createTestVideo(t.app, owner.id, {
    id,
    renditions_prefix: `renditions/${id}/0badc0de`,
    renditions: manifest(),
    duration: 95,
    width: 1920,
    height: 1080,
    ...fields,
  } as Partial<VideoRow>);
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The head as a crawler reads it: meta properties/names, links and JSON-LD blocks. */
function crawl(html: string) {
  const { document } = new JSDOM(html).window;
  const meta = new Map<string, string>();
  for (const element of document.querySelectorAll('meta')) {
    const key = element.getAttribute('property') ?? element.getAttribute('name');
    if (key) meta.set(key, element.getAttribute('content') ?? '');
  }
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>);
  const oembed = document.querySelector('link[rel="alternate"][type="application/json+oembed"]')?.getAttribute('href') ?? null;
  return { meta, jsonLd, oembed, title: document.title, scripts: document.querySelectorAll('script').length };
}

describe('unlisted videos', () => {
  it('accepts unlisted on edit (owner only) and plays by link for everyone, never listed', async () => {
    const video = await readyVideo({ title: 'Secret picnic' });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${video.id}`,
      headers: { cookie: ownerCookie, origin: SITE },
      payload: { title: 'Shared', visibility: 'unlisted' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().video.visibility).toBe('unlisted');
    const renamed = 'Secret picnic';
    await t.app.db.updateTable('videos').set({ title: renamed }).where('id', '=', video.id).execute();

    for (const cookie of [undefined, otherCookie, ownerCookie]) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const one = await get(`/v0/api/videos/selfieVideos/${video.id}`, headers);
      expect(one.statusCode).toBe(200);
      expect(one.json().video.visibility).toBe('unlisted');
      const list = await get('/v0/api/videos/selfieVideos', headers);
      expect(list.json().videos.map((v: { _id: string }) => v._id)).not.toContain(video.id);
      const search = await t.app.inject({ method: 'POST', url: '/v0/api/search/normal-search', headers: { ...headers, origin: SITE }, payload: { query: 'picnic' } });
      expect(JSON.stringify(search.json())).not.toContain(video.id);
      // Commenting is open to anyone signed in who has the link.
      if (cookie) {
        const comment = await t.app.inject({
          method: 'POST',
          url: '/v0/api/comments/create',
          headers: { cookie, origin: SITE },
          payload: { videoId: video.id, content: 'nice' },
        });
        expect(comment.statusCode).toBeLessThan(300);
      }
    }
    // Profiles: the owner sees it in their uploads, others and visitors do not.
    const ownProfile = await get(`/v0/api/users/${owner.id}`, { cookie: ownerCookie });
    expect(JSON.stringify(ownProfile.json())).toContain(video.id);
    for (const headers of [{}, { cookie: otherCookie }] as Array<Record<string, string>>) {
      const profile = await get(`/v0/api/users/${owner.id}`, headers);
      expect(JSON.stringify(profile.json())).not.toContain(video.id);
    }
    // Sitemap and related lists never name it.
    const sitemap = await get('/sitemap-videos.xml?page=1');
    expect(sitemap.body).not.toContain(video.id);
    const neighbour = await readyVideo({ title: 'Picnic in the park' });
    const related = await get(`/v0/api/videos/selfieVideos/${neighbour.id}/related`);
    expect(related.json().videos.map((v: { _id: string }) => v._id)).not.toContain(video.id);
  });

  it('is reachable by its link and listed nowhere, as owner, other user and visitor', async () => {
    const video = await readyVideo({ title: 'Quiet lighthouse', visibility: 'unlisted' });
    // A subscriber's feed: the owner's public videos only.
    const publicOne = await readyVideo({ title: 'Loud lighthouse' });
    const subscribed = await t.app.inject({ method: 'POST', url: `/v0/api/users/${owner.id}/subscribe`, headers: { cookie: otherCookie, origin: SITE } });
    expect(subscribed.statusCode).toBe(200);
    const feed = await get('/v0/api/subscriptions/videos', { cookie: otherCookie });
    expect(feed.statusCode).toBe(200);
    expect(feed.json().videos.map((v: { _id: string }) => v._id)).toEqual([publicOne.id]);

    const viewers: Array<[string, Record<string, string>]> = [
      ['visitor', {}],
      ['other user', { cookie: otherCookie }],
      ['owner', { cookie: ownerCookie }],
    ];
    for (const [who, headers] of viewers) {
      // By its link: the API, the page's preview (noindex), oEmbed and the embed all answer.
      expect([who, (await get(`/v0/api/videos/selfieVideos/${video.id}`, headers)).statusCode]).toEqual([who, 200]);
      const page = crawl((await get(`/selfieVideos/${video.id}`, { ...CRAWLER, ...headers })).body);
      expect([who, page.meta.get('og:title'), page.meta.get('robots')]).toEqual([who, 'Quiet lighthouse', 'noindex, nofollow']);
      expect((await get(`/oembed?url=${encodeURIComponent(`${SITE}/selfieVideos/${video.id}`)}`, headers)).statusCode).toBe(200);
      expect((await get(`/embed/selfieVideos/${video.id}`, { ...HTML, ...headers })).statusCode).toBe(200);
      // Never in a list: the catalogue, the profile's video list (but the owner's), both searches, related.
      const list = await get('/v0/api/videos/selfieVideos', headers);
      expect([who, list.body.includes(video.id)]).toEqual([who, false]);
      const uploads = await get(`/v0/api/users/${owner.id}/videos`, headers);
      expect([who, uploads.body.includes(video.id)]).toEqual([who, who === 'owner']);
      for (const [url, payload] of [
        ['/v0/api/search/normal-search', { query: 'lighthouse' }],
        ['/v0/api/search/ai-search', { chat_history: 'a quiet lighthouse' }],
      ] as const) {
        const found = await t.app.inject({ method: 'POST', url, headers: { ...headers, origin: SITE }, payload });
        expect([who, url, found.statusCode < 500, found.body.includes(video.id)]).toEqual([who, url, true, false]);
      }
      const related = await get(`/v0/api/videos/selfieVideos/${publicOne.id}/related`, headers);
      expect([who, related.statusCode, related.body.includes(video.id)]).toEqual([who, 200, false]);
    }
    expect((await get('/sitemap-videos.xml?page=1')).body).not.toContain(video.id);
  });

  it('rejects an unknown visibility in both languages', async () => {
    const video = await readyVideo();
    const en = await t.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${video.id}`,
      headers: { cookie: ownerCookie, origin: SITE },
      payload: { title: 'Shared', visibility: 'friends' },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toContain('unlisted');
    const zh = await t.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${video.id}`,
      headers: { cookie: ownerCookie, origin: SITE, 'accept-language': 'zh' },
      payload: { title: 'Shared', visibility: 'friends' },
    });
    expect(zh.json().message).toContain('可见性');
  });

  it('serves unlisted media to anyone with the link, never to shared caches, and moves the keys when narrowed', async () => {
    const video = await readyVideo({ visibility: 'unlisted', media_exposure: 2 } as Partial<VideoRow>);
    await t.app.storage.putFile(
      `${video.renditions_prefix}/video.mp4`,
      await (async () => {
        const file = path.join(spaDir, 'clip.mp4');
        await writeFile(file, Buffer.alloc(64, 1));
        return file;
      })(),
    );
    const media = await get(`/media/${video.renditions_prefix}/video.mp4`);
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    // Public → unlisted, unlisted → private: each narrows the audience, so the keys move.
    const made = await readyVideo({ media_exposure: 3 } as Partial<VideoRow>);
    const toUnlisted = await t.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${made.id}`,
      headers: { cookie: ownerCookie, origin: SITE },
      payload: { title: 'Shared', visibility: 'unlisted' },
    });
    const unlistedPrefix = (await t.app.db.selectFrom('videos').select('renditions_prefix').where('id', '=', made.id).executeTakeFirstOrThrow()).renditions_prefix;
    expect(toUnlisted.statusCode).toBe(200);
    expect(unlistedPrefix).not.toBe(made.renditions_prefix);
    await t.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${made.id}`,
      headers: { cookie: ownerCookie, origin: SITE },
      payload: { title: 'Shared', visibility: 'private' },
    });
    const privatePrefix = (await t.app.db.selectFrom('videos').select('renditions_prefix').where('id', '=', made.id).executeTakeFirstOrThrow()).renditions_prefix;
    expect(privatePrefix).not.toBe(unlistedPrefix);
  });

  it('has ids that cannot be guessed from listed ones: 64 random bits after the timestamp', async () => {
    const ids = await Promise.all(Array.from({ length: 50 }, async () => (await readyVideo()).id));
    const sameSecond = ids.filter((id) => id.slice(0, 8) === ids[0]!.slice(0, 8));
    const tails = new Set(sameSecond.map((id) => id.slice(8)));
    expect(tails.size).toBe(sameSecond.length);
    // Neighbours differ in about half of their 64 random bits: no counter to walk.
    for (let i = 1; i < sameSecond.length; i += 1) {
      const a = BigInt(`0x${sameSecond[i - 1]!.slice(8)}`);
      const b = BigInt(`0x${sameSecond[i]!.slice(8)}`);
      expect((a ^ b).toString(2).replace(/0/g, '').length).toBeGreaterThan(10);
    }
    // Guessing answers exactly as for an id that never existed.
    const hidden = await readyVideo({ visibility: 'private' });
    const guessed = await get(`/v0/api/videos/selfieVideos/${hidden.id}`);
    const never = await get('/v0/api/videos/selfieVideos/0123456789abcdef01234567');
    expect([guessed.statusCode, guessed.body]).toEqual([never.statusCode, never.body]);
  });
});

describe('link previews in the server-sent head', () => {
  it('describes a public video with Open Graph, a Twitter player card, oEmbed discovery and a VideoObject', async () => {
    const video = await readyVideo({ title: 'Sunset </script><script>alert(1)</script>', description: 'Golden hour at the beach.', views: 42 });
    for (const headers of [CRAWLER, HTML, { ...HTML, cookie: otherCookie }]) {
      const res = await get(`/selfieVideos/${video.id}`, headers);
      expect(res.statusCode).toBe(200);
      const { meta, jsonLd, oembed, title } = crawl(res.body);
      const page = `${SITE}/selfieVideos/${video.id}`;
      expect(title).toContain('Sunset');
      expect(meta.get('og:type')).toBe('video.other');
      expect(meta.get('og:title')).toBe(video.title);
      expect(meta.get('og:description')).toBe('Golden hour at the beach.');
      expect(meta.get('og:url')).toBe(page);
      expect(meta.get('og:image')).toBe(`${SITE}/media/${video.renditions_prefix}/poster.jpg`);
      expect(meta.get('og:image:width')).toBe('1280');
      expect(meta.get('og:video')).toBe(`${SITE}/media/${video.renditions_prefix}/video.mp4`);
      expect(meta.get('og:video:type')).toBe('video/mp4');
      expect(meta.get('og:video:width')).toBe('1920');
      expect(meta.get('og:video:height')).toBe('1080');
      expect(meta.get('twitter:card')).toBe('player');
      expect(meta.get('twitter:player')).toBe(`${SITE}/embed/selfieVideos/${video.id}`);
      expect(Number(meta.get('twitter:player:width'))).toBeGreaterThan(0);
      expect(meta.has('robots')).toBe(false);
      expect(oembed).toBe(`${SITE}/oembed?url=${encodeURIComponent(page)}&format=json`);
      // The title cannot end the JSON-LD block: exactly one parses, with the title intact.
      expect(jsonLd).toHaveLength(1);
      const ld = jsonLd[0]!;
      expect(ld['@context']).toBe('https://schema.org');
      expect(ld['@type']).toBe('VideoObject');
      // schema.org / Google's required VideoObject fields, then the recommended ones.
      for (const field of ['name', 'description', 'thumbnailUrl', 'uploadDate']) expect(ld[field]).toBeTruthy();
      expect(ld.name).toBe(video.title);
      expect(ld.thumbnailUrl).toEqual([`${SITE}/media/${video.renditions_prefix}/poster.jpg`]);
      expect(Number.isNaN(Date.parse(String(ld.uploadDate)))).toBe(false);
      expect(ld.duration).toBe('PT1M35S');
      expect(ld.contentUrl).toBe(`${SITE}/media/${video.renditions_prefix}/video.mp4`);
      expect(ld.embedUrl).toBe(`${SITE}/embed/selfieVideos/${video.id}`);
      expect(ld.interactionStatistic).toEqual({
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: expect.any(Number),
      });
      // Only properties schema.org defines for VideoObject (its own and inherited), with their types:
      // absolute URLs on the site, ISO 8601 date-time with a zone and duration, a Person author.
      const videoObjectProperties = new Set([
        '@context', '@type', 'name', 'description', 'thumbnailUrl', 'uploadDate', 'duration', 'contentUrl', 'embedUrl', 'url',
        'width', 'height', 'author', 'creator', 'interactionStatistic', 'inLanguage', 'datePublished', 'dateModified',
        'isFamilyFriendly', 'caption', 'transcript', 'publisher', 'potentialAction', 'encodingFormat', 'contentSize',
      ]);
      expect(Object.keys(ld).filter((key) => !videoObjectProperties.has(key))).toEqual([]);
      for (const key of ['contentUrl', 'embedUrl', 'url'] as const) expect(String(ld[key])).toMatch(new RegExp(`^${SITE}/`));
      expect(String(ld.uploadDate)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
      expect(String(ld.duration)).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
      if (ld.author) expect(ld.author).toMatchObject({ '@type': 'Person', name: expect.any(String) });
      // Twitter's player card: title, image, player URL (https in production) and its size.
      for (const name of ['twitter:title', 'twitter:image', 'twitter:player:height']) expect([name, Boolean(meta.get(name))]).toEqual([name, true]);
      expect(res.body).not.toContain('</script><script>alert(1)');
    }
  });

  it('marks unlisted pages noindex and says nothing about private or unknown ones, to anyone', async () => {
    const unlisted = await readyVideo({ visibility: 'unlisted' });
    const unlistedPage = crawl((await get(`/selfieVideos/${unlisted.id}`, CRAWLER)).body);
    expect(unlistedPage.meta.get('robots')).toContain('noindex');
    expect(unlistedPage.meta.get('og:title')).toBe(unlisted.title);

    const hidden = await readyVideo({ visibility: 'private', title: 'Very private diary' });
    for (const headers of [CRAWLER, HTML, { ...HTML, cookie: ownerCookie }, { ...HTML, cookie: otherCookie }]) {
      const res = await get(`/selfieVideos/${hidden.id}`, headers);
      const { meta, jsonLd } = crawl(res.body);
      expect(res.body).not.toContain('Very private diary');
      expect(meta.has('og:title')).toBe(false);
      expect(jsonLd).toHaveLength(0);
    }
  });

  it('gives profile pages profile Open Graph', async () => {
    const res = await get(`/profile/${owner.id}`, CRAWLER);
    const { meta } = crawl(res.body);
    expect(meta.get('og:type')).toBe('profile');
    expect(meta.get('profile:username')).toBe('maker');
    expect(meta.get('og:url')).toBe(`${SITE}/profile/${owner.id}`);
  });
});

describe('GET /oembed', () => {
  it('answers oEmbed 1.0 video with the iframe, sized within maxwidth/maxheight', async () => {
    const video = await readyVideo();
    const url = `${SITE}/selfieVideos/${video.id}`;
    const res = await get(`/oembed?url=${encodeURIComponent(url)}&format=json&maxwidth=320`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ version: '1.0', type: 'video', title: video.title, author_name: 'maker', width: 320, height: 180, provider_name: 'ClipNest' });
    expect(body.html).toBe(
      `<iframe src="${SITE}/embed/selfieVideos/${video.id}" width="320" height="180" title="${video.title}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
    );
    const tall = (await get(`/oembed?url=${encodeURIComponent(url)}&maxheight=90`)).json();
    expect([tall.width, tall.height]).toEqual([160, 90]);
  });

  it('refuses bad input clearly and says nothing of private videos', async () => {
    const hidden = await readyVideo({ visibility: 'private' });
    const cases: Array<[string, number]> = [
      [`/oembed?url=${encodeURIComponent(`${SITE}/selfieVideos/${hidden.id}`)}`, 404],
      [`/oembed?url=${encodeURIComponent(`${SITE}/selfieVideos/0123456789abcdef01234567`)}`, 404],
      [`/oembed?url=${encodeURIComponent(`${SITE}/selfieVideos/${hidden.id}`)}&format=xml`, 501],
      [`/oembed?url=${encodeURIComponent('https://evil.example/selfieVideos/abc')}`, 404],
      [`/oembed?url=${encodeURIComponent(`${SITE}/profile/${owner.id}`)}`, 404],
      [`/oembed?url=${encodeURIComponent('not a url')}`, 404],
      ['/oembed', 400],
      [`/oembed?url=${encodeURIComponent(`${SITE}/selfieVideos/x`)}&maxwidth=99999999`, 400],
      [`/oembed?url=${encodeURIComponent(`${SITE}/selfieVideos/x`)}&maxwidth=-5`, 400],
      [`/oembed?url=${encodeURIComponent(`${SITE}/selfieVideos/x`)}&maxheight=abc`, 400],
    ];
    for (const [url, status] of cases) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(res.json()).toEqual({ success: false, message: expect.any(String) });
    }
  });
});

describe('embeds and frames', () => {
  const EMBED_SCRIPT = 'assets/embed.0123456789.js';
  /** The build's manifest names the embed entry's script (an unbuilt checkout has none). */
  const writeManifest = () =>
    writeFile(
      path.join(spaDir, 'asset-manifest.json'),
      JSON.stringify({ entry: { js: ['assets/main.0123456789.js'], css: [] }, entries: { embed: { js: [EMBED_SCRIPT], css: [] } }, chunks: {} }),
    );

  it('serves a framable player page with its options, its script from the build and a tight policy', async () => {
    await writeManifest();
    const video = await readyVideo();
    const res = await get(`/embed/selfieVideos/${video.id}?t=1m30s&autoplay=1&loop=1`, HTML);
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain('frame-ancestors *');
    for (const directive of ["default-src 'none'", "script-src 'self'", "media-src 'self' blob:", "connect-src 'self'", "worker-src 'none'", "object-src 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const { document } = new JSDOM(res.body).window;
    expect([...document.querySelectorAll('script')].map((script) => script.getAttribute('src'))).toEqual([`/${EMBED_SCRIPT}`]);
    const player = document.querySelector('video#player')!;
    expect(player.getAttribute('data-start')).toBe('90');
    expect(player.getAttribute('data-autoplay')).toBe('1');
    expect(player.hasAttribute('muted')).toBe(true);
    expect(player.getAttribute('preload')).toBe('auto');
    expect(player.getAttribute('data-loop')).toBe('1');
    expect(player.getAttribute('data-mp4')).toBe(`/media/${video.renditions_prefix}/video.mp4`);
    expect(player.getAttribute('data-hls')).toBe(`/media/${video.renditions_prefix}/master.m3u8`);
    // The script chooses the source: nothing of the video in the HTML itself.
    expect(player.hasAttribute('src')).toBe(false);
    expect(document.querySelector('.bar a')!.getAttribute('href')).toBe(`${SITE}/selfieVideos/${video.id}?t=90`);
    expect(document.querySelector('header, nav, #root')).toBeNull();

    // Without autoplay nothing of the video loads before play.
    const quiet = new JSDOM((await get(`/embed/selfieVideos/${video.id}`, HTML)).body).window.document.querySelector('video#player')!;
    expect(quiet.getAttribute('preload')).toBe('none');
    expect(quiet.hasAttribute('data-autoplay')).toBe(false);
  });

  it('plays the MP4 itself when the player script is not built', async () => {
    const video = await readyVideo();
    const { document } = new JSDOM((await get(`/embed/selfieVideos/${video.id}`, HTML)).body).window;
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(document.querySelector('video#player')!.getAttribute('src')).toBe(`/media/${video.renditions_prefix}/video.mp4`);
  });

  it('answers unknown, private, unfinished and deleted videos with the same small page, no media', async () => {
    const hidden = await readyVideo({ visibility: 'private' });
    const processing = await readyVideo({ status: 'processing' } as Partial<VideoRow>);
    const deleted = await readyVideo();
    const removal = await t.app.inject({ method: 'DELETE', url: `/v0/api/videos/selfieVideos/${deleted.id}`, headers: { cookie: ownerCookie, origin: SITE } });
    expect(removal.statusCode).toBeLessThan(300);
    const pages = new Set<string>();
    for (const id of [hidden.id, processing.id, deleted.id, '0123456789abcdef01234567', 'not-an-id', '%3Cscript%3E']) {
      // Even to the owner: an embed is what a visitor sees.
      const gone = await get(`/embed/selfieVideos/${id}`, { ...HTML, cookie: ownerCookie });
      expect([id, gone.statusCode]).toEqual([id, 404]);
      expect(gone.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(gone.body).toContain('This video is private');
      expect(gone.body).not.toContain('/media/');
      expect(gone.body).not.toContain('<script');
      pages.add(gone.body);
    }
    expect(pages.size).toBe(1);
    const zh = await get(`/embed/selfieVideos/${hidden.id}`, { 'accept-language': 'zh-CN' });
    expect(zh.body).toContain('此视频为私密视频');
  });

  it('reads ?t= leniently and never fails on garbage', async () => {
    expect([parseStartTime('90'), parseStartTime('1m30s'), parseStartTime('1:02:03'), parseStartTime('abc'), parseStartTime('-5'), parseStartTime(undefined)]).toEqual([
      90, 90, 3723, 0, 0, 0,
    ]);
    expect(isoDuration(3723)).toBe('PT1H2M3S');
    expect(isoDuration(0)).toBe('PT0S');

    const video = await readyVideo();
    const garbage = ['abc', '-5', '1e9', 'NaN', 'Infinity', '99:99', '%3Cscript%3E', '1:2:3:4', '95', '3600', 'x'.repeat(500)];
    for (const value of garbage) {
      const res = await get(`/embed/selfieVideos/${video.id}?t=${value}`, HTML);
      expect([value, res.statusCode]).toEqual([value, 200]);
      const { document } = new JSDOM(res.body).window;
      // Nothing past the 95-second video's end, nothing unreadable: from the start.
      expect([value, document.querySelector('video#player')!.getAttribute('data-start')]).toEqual([value, null]);
      expect(document.querySelector('.bar a')!.getAttribute('href')).toBe(`${SITE}/selfieVideos/${video.id}`);
    }
    const twice = await get(`/embed/selfieVideos/${video.id}?t=5&t=7&captions=en&captions=fr`, HTML);
    expect(twice.statusCode).toBeLessThan(500);
  });

  it('carries every caption track and shows the one ?captions= asks for, by BCP 47 tags', async () => {
    const video = await readyVideo({ renditions: manifest(CAPTIONS) } as Partial<VideoRow>);
    const tracksOf = async (query: string) => {
      const res = await get(`/embed/selfieVideos/${video.id}${query}`, HTML);
      expect(res.statusCode).toBe(200);
      const { document } = new JSDOM(res.body).window;
      const player = document.querySelector('video#player')!;
      return {
        wanted: player.getAttribute('data-captions'),
        tracks: [...player.querySelectorAll('track')].map((track) => ({
          kind: track.getAttribute('kind'),
          srclang: track.getAttribute('srclang'),
          label: track.getAttribute('label'),
          src: track.getAttribute('src'),
          default: track.hasAttribute('default'),
        })),
      };
    };
    const plain = await tracksOf('');
    expect(plain.wanted).toBeNull();
    expect(plain.tracks).toEqual(
      CAPTIONS.map((track) => ({ kind: 'subtitles', srclang: track.lang, label: track.label, src: `/media/${video.renditions_prefix}/${track.vtt}`, default: false })),
    );
    const cases: Array<[string, string | null]> = [
      ['en', 'en'],
      ['EN-gb', 'en'],
      ['zh', 'zh-Hans'],
      ['zh-CN', 'zh-Hans'],
      ['zh-hans', 'zh-Hans'],
      ['zh-TW', 'zh-Hant'],
      ['zh-HK', 'zh-Hant'],
      ['zh-Hant', 'zh-Hant'],
      ['fr', null],
      ['', null],
      ['<script>', null],
      ['e', null],
    ];
    for (const [asked, shown] of cases) {
      const { wanted, tracks } = await tracksOf(`?captions=${encodeURIComponent(asked)}`);
      expect([asked, wanted]).toEqual([asked, shown]);
      expect([asked, tracks.filter((track) => track.default).map((track) => track.srclang)]).toEqual([asked, shown ? [shown] : []]);
      expect(tracks).toHaveLength(3);
    }
    expect(bestLanguageMatch(['en-US', 'en'], 'en')).toBe(1);
    expect(bestLanguageMatch(['pt-PT', 'pt-BR'], 'pt')).toBe(1);
    expect(bestLanguageMatch(['sr-Cyrl', 'sr-Latn'], 'sr-Latn-RS')).toBe(1);
    expect(bestLanguageMatch(['en'], 'not a tag')).toBe(-1);
  });

  it('never lets a private video\'s captions into an embed page', async () => {
    const hidden = await readyVideo({ visibility: 'private', renditions: manifest(CAPTIONS) } as Partial<VideoRow>);
    for (const headers of [HTML, { ...HTML, cookie: ownerCookie }, { ...HTML, cookie: otherCookie }]) {
      const res = await get(`/embed/selfieVideos/${hidden.id}?captions=en`, headers);
      expect(res.statusCode).toBe(404);
      for (const secret of ['<track', 'subs-', '.vtt', 'English', '中文', hidden.renditions_prefix!]) expect(res.body).not.toContain(secret);
    }
    // Made private after being public: the page stops naming them at once.
    const once = await readyVideo({ renditions: manifest(CAPTIONS) } as Partial<VideoRow>);
    expect((await get(`/embed/selfieVideos/${once.id}`, HTML)).body).toContain('subs-en1.vtt');
    await t.app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', once.id).execute();
    expect((await get(`/embed/selfieVideos/${once.id}`, HTML)).body).not.toContain('subs-en1.vtt');
  });

  it('refuses frames on every other route: every SPA route, every API route and every other site route', async () => {
    await writeManifest();
    const video = await readyVideo();
    // Every registered route, from Fastify's own table (so a route added later is covered too).
    const table = t.app.printRoutes({ commonPrefix: false });
    const routes: Array<{ method: string; url: string }> = [];
    const stack: string[] = [];
    for (const line of table.split('\n')) {
      const match = /^([\s│]*)(?:└── |├── )(.+?) \(([A-Z, ]+)\)$/.exec(line);
      if (!match) continue;
      const depth = match[1]!.length / 4;
      stack.length = depth;
      const full = (stack[depth - 1] ?? '') + match[2]!;
      stack[depth] = full;
      for (const method of match[3]!.split(', ')) routes.push({ method, url: full });
    }
    expect(routes.length).toBeGreaterThan(60);
    // Every page of the SPA, from its route table (src/app/router.tsx), served through the SPA fallback.
    const router = await readFile(path.join(__dirname, '../../src/app/router.tsx'), 'utf8');
    const patterns = [...(/routePatterns = \{([^}]+)\}/.exec(router)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]!);
    expect(patterns).toEqual(expect.arrayContaining(['/', '/login', '/selfieVideos/:id', '/profile/:id', '/playlists/:id']));
    for (const pattern of patterns) routes.push({ method: 'GET', url: pattern });
    routes.push({ method: 'GET', url: '/no/such/page' }, { method: 'GET', url: '/v0/api/no-such-route' });

    const fill = (url: string) =>
      url
        .replace(/:videoId|:id/g, video.id)
        .replace(/:lang/g, 'en')
        .replace(/:key/g, `${video.renditions_prefix}/video.mp4`)
        .replace(/:[A-Za-z]+/g, 'x')
        .replace(/\*/g, 'anything');
    // Over real HTTP, as a browser gets them (the resumable-upload routes answer on the raw socket).
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const checked: string[] = [];
    for (const route of routes) {
      if (route.url.startsWith('/embed/selfieVideos/')) continue;
      const url = fill(route.url);
      const res = await fetch(`${origin}${url}`, { method: route.method, headers: HTML, redirect: 'manual' });
      await res.arrayBuffer().catch(() => undefined);
      const label = `${route.method} ${url} (${res.status})`;
      expect([label, res.headers.get('content-security-policy')]).toEqual([label, expect.stringContaining("frame-ancestors 'self'")]);
      expect([label, res.headers.get('x-frame-options')]).toEqual([label, 'SAMEORIGIN']);
      checked.push(label);
    }
    expect(checked.length).toBeGreaterThan(90);
    // The one exception.
    const embed = await get(`/embed/selfieVideos/${video.id}`, HTML);
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
  });
});

describe('sitemap and robots.txt', () => {
  it('lists public videos only, as video entries with absolute URLs', async () => {
    const shown = await readyVideo({ title: 'Tom & Jerry <3' });
    const hidden = await readyVideo({ visibility: 'private' });
    const unlisted = await readyVideo({ visibility: 'unlisted' });
    const index = await get('/sitemap.xml');
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain(`<loc>${SITE}/sitemap-videos.xml?page=1</loc>`);
    const page = await get('/sitemap-videos.xml?page=1');
    const { document } = new JSDOM(page.body, { contentType: 'application/xml' }).window;
    expect(document.querySelector('parsererror')).toBeNull();
    const locs = [...document.getElementsByTagName('loc')].map((node) => node.textContent);
    expect(locs).toEqual([`${SITE}/selfieVideos/${shown.id}`]);
    expect(document.getElementsByTagName('video:title')[0]!.textContent).toBe('Tom & Jerry <3');
    expect(page.body).not.toContain(hidden.id);
    expect(page.body).not.toContain(unlisted.id);
    expect((await get('/sitemap-videos.xml?page=2')).statusCode).toBe(404);
    expect((await get('/sitemap-videos.xml?page=abc')).statusCode).toBe(404);
    const robots = await get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /v0/api/');
  });
});

describe('related videos', () => {
  it('finds public videos by meaning first, then by the same uploader; never itself, private or unlisted', async () => {
    const uploader = await createTestUser(t.app, { username: 'someone' });
    const base = await readyVideo({ title: 'Puppy learns to swim', description: 'Our dog at the lake' });
    const similar = await createTestVideo(t.app, uploader.id, { title: 'Dog swimming in the lake', description: 'a puppy swims' });
    const unrelatedSameUploader = await readyVideo({ title: 'Chess opening tutorial' });
    const privateSimilar = await readyVideo({ title: 'Puppy swim lesson', visibility: 'private' });
    const unlistedSimilar = await readyVideo({ title: 'Puppy swim at the lake', visibility: 'unlisted' });
    await t.app.searchIndex.syncSelfieVideos();
    const res = await get(`/v0/api/videos/selfieVideos/${base.id}/related?limit=5`);
    expect(res.statusCode).toBe(200);
    const ids = res.json().videos.map((v: { _id: string }) => v._id);
    expect(ids[0]).toBe(similar.id);
    expect(ids).toContain(unrelatedSameUploader.id);
    expect(ids).not.toContain(base.id);
    expect(ids).not.toContain(privateSimilar.id);
    expect(ids).not.toContain(unlistedSimilar.id);
    expect((await get(`/v0/api/videos/selfieVideos/${privateSimilar.id}/related`)).statusCode).toBe(404);
    expect((await get(`/v0/api/videos/selfieVideos/${privateSimilar.id}/related`, { cookie: ownerCookie })).statusCode).toBe(200);
    expect((await get(`/v0/api/videos/selfieVideos/${base.id}/related?limit=0`)).statusCode).toBe(400);
    expect((await get(`/v0/api/videos/selfieVideos/${base.id}/related?limit=1000`)).statusCode).toBe(400);
  });
});

describe('downloads', () => {
  it('serves the file as an attachment only when the owner allows it', async () => {
    const video = await createTestVideo(t.app, owner.id, { title: 'Beach day / 海滩' });
    const file = path.join(spaDir, 'original.mp4');
    const original = await readFile(path.join(__dirname, '..', 'fixtures', 'tiny.mp4'));
    await writeFile(file, original);
    await t.app.storage.putFile(video.video_key, file);
    const url = `/v0/api/videos/selfieVideos/${video.id}/download?file=original`;
    expect((await get(url)).statusCode).toBe(403);
    const mine = await get(url, { cookie: ownerCookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(original)).toBe(true);
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/v0/api/videos/selfieVideos/${video.id}`,
      headers: { cookie: ownerCookie, origin: SITE },
      payload: { title: 'Beach day / 海滩', downloadEnabled: true },
    });
    expect(on.json().video.downloadEnabled).toBe(true);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(attachmentHeader('Beach day 海滩.mp4'));
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Beach day .mp4"; filename\*=UTF-8''/);
    // Remuxed without its metadata for anyone but the owner (private-originals.test.ts checks what goes).
    expect(res.rawPayload.length).toBe(Number(res.headers['content-length']));
    expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(downloadFileName('../../etc/passwd', 'mp4')).toBe('etc passwd.mp4');
  });

  it('is off everywhere with DOWNLOADS=off', async () => {
    const off = await makeTestApp({ env: { DOWNLOADS: 'off' } });
    try {
      const user = await createTestUser(off.app);
      const video = await createTestVideo(off.app, user.id, { download_enabled: 1 } as Partial<VideoRow>);
      const cookie = await sessionCookieFor(off.app, user.id);
      expect((await off.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${video.id}/download`, headers: { cookie } })).statusCode).toBe(403);
      const one = await off.app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${video.id}` });
      expect(one.json().video.downloadEnabled).toBeUndefined();
    } finally {
      await off.close();
    }
  });

  it("always says downloadEnabled (a boolean) in the owner's answers; others get it only when true", async () => {
    const one = (app: TestApp['app'], id: string, cookie?: string) =>
      app.inject({ method: 'GET', url: `/v0/api/videos/selfieVideos/${id}`, headers: cookie ? { cookie } : {} });
    const edit = (app: TestApp['app'], id: string, cookie: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/v0/api/videos/selfieVideos/${id}`, headers: { cookie, origin: SITE }, payload });

    // DOWNLOADS=off: false for the owner, whatever the video's own setting; nothing for others.
    const off = await makeTestApp({ env: { DOWNLOADS: 'off' } });
    try {
      const user = await createTestUser(off.app);
      const cookie = await sessionCookieFor(off.app, user.id);
      const allowed = await createTestVideo(off.app, user.id, { download_enabled: 1 } as Partial<VideoRow>);
      const plain = await createTestVideo(off.app, user.id);
      for (const video of [allowed, plain]) {
        expect((await one(off.app, video.id, cookie)).json().video.downloadEnabled).toBe(false);
        expect((await one(off.app, video.id)).json().video).not.toHaveProperty('downloadEnabled');
      }
      const edited = await edit(off.app, plain.id, cookie, { title: 'Renamed' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().video.downloadEnabled).toBe(false);
    } finally {
      await off.close();
    }

    // Downloads on: the owner reads false until they allow it, then true like everyone.
    const video = await createTestVideo(t.app, owner.id);
    expect((await one(t.app, video.id, ownerCookie)).json().video.downloadEnabled).toBe(false);
    expect((await one(t.app, video.id, otherCookie)).json().video).not.toHaveProperty('downloadEnabled');
    expect((await edit(t.app, video.id, ownerCookie, { title: 'Kept off' })).json().video.downloadEnabled).toBe(false);
    expect((await edit(t.app, video.id, ownerCookie, { title: 'Now allowed', downloadEnabled: true })).json().video.downloadEnabled).toBe(true);
    expect((await one(t.app, video.id)).json().video.downloadEnabled).toBe(true);
    expect((await edit(t.app, video.id, ownerCookie, { title: 'Off again', downloadEnabled: false })).json().video.downloadEnabled).toBe(false);
    expect((await one(t.app, video.id, otherCookie)).json().video).not.toHaveProperty('downloadEnabled');
  });
});
