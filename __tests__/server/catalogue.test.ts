import { createHash } from 'node:crypto';

import Fastify, { type FastifyInstance } from 'fastify';

import { THUMB_SIZES, type ApiSearchResponse, type ApiVideo } from '../../server/domains/catalogue/api-shape';
import { CATALOGUE_END_DATE, generateCatalogue, getCatalogue } from '../../server/domains/catalogue/dataset';
import { escapeHtml, renderEmbedPage } from '../../server/domains/catalogue/embed';
import cataloguePlugin from '../../server/domains/catalogue/plugin';
import { CATALOGUE_ORDERS, searchCatalogue, tokenize } from '../../server/domains/catalogue/search';
import { escapeXml } from '../../server/domains/catalogue/thumbnails';

const PUBLIC_URL = 'http://localhost:3000';
const SEARCH = '/catalogue/api/v2/video/search/';
const BY_ID = '/catalogue/api/v2/video/id/';
const DAY_MS = 24 * 3600 * 1000;

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(cataloguePlugin, { prefix: '/catalogue', publicUrl: PUBLIC_URL });
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

async function getJson<T>(url: string): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

async function search(query: string): Promise<ApiSearchResponse> {
  const { status, body } = await getJson<ApiSearchResponse>(`${SEARCH}?${query}`);
  expect(status).toBe(200);
  return body;
}

async function expectRefused(url: string, parameter: string): Promise<string> {
  const { status, body, headers } = await getJson<{ success: boolean; message: string }>(url);
  expect(status).toBe(400);
  expect(headers['content-type']).toBe('application/json; charset=utf-8');
  expect(body.success).toBe(false);
  expect(body.message).toContain(parameter);
  return body.message;
}

function parseAdded(added: string): number {
  return Date.parse(`${added.replace(' ', 'T')}Z`);
}

const VIDEO_FIELDS = [
  'id',
  'title',
  'keywords',
  'views',
  'rate',
  'url',
  'added',
  'length_sec',
  'length_min',
  'embed',
  'default_thumb',
  'thumbs',
];

function expectVideoShape(video: ApiVideo, size: keyof typeof THUMB_SIZES): void {
  expect(Object.keys(video)).toEqual(VIDEO_FIELDS);
  expect(video.id).toMatch(/^[A-Za-z0-9]{11}$/);
  expect(typeof video.title).toBe('string');
  expect(video.title.length).toBeGreaterThan(5);
  expect(video.keywords).toMatch(/^[^,]+(, [^,]+)+$/);
  expect(Number.isInteger(video.views)).toBe(true);
  expect(video.views).toBeGreaterThanOrEqual(0);
  expect(video.rate).toMatch(/^\d\.\d\d$/);
  expect(Number(video.rate)).toBeGreaterThanOrEqual(2.5);
  expect(Number(video.rate)).toBeLessThanOrEqual(5);
  expect(video.url).toBe(`${PUBLIC_URL}/catalogue/video/${video.id}/`);
  expect(video.added).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(parseAdded(video.added)).toBeLessThanOrEqual(CATALOGUE_END_DATE);
  expect(parseAdded(video.added)).toBeGreaterThan(CATALOGUE_END_DATE - 3.1 * 365 * DAY_MS);
  expect(Number.isInteger(video.length_sec)).toBe(true);
  expect(video.length_sec).toBeGreaterThanOrEqual(30);
  expect(video.length_sec).toBeLessThanOrEqual(90 * 60);
  expect(video.length_min).toMatch(/^\d{2,}:\d{2}$/);
  const [minutes, seconds] = video.length_min.split(':').map(Number);
  expect((minutes ?? 0) * 60 + (seconds ?? 0)).toBe(video.length_sec);
  expect(video.embed).toBe(`${PUBLIC_URL}/catalogue/embed/${video.id}/`);

  const { width, height } = THUMB_SIZES[size];
  expect(video.thumbs).toHaveLength(15);
  for (const [index, thumb] of [video.default_thumb, ...video.thumbs].entries()) {
    expect(Object.keys(thumb)).toEqual(['size', 'width', 'height', 'src']);
    expect(thumb).toMatchObject({ size, width, height });
    expect(thumb.src).toMatch(new RegExp(`^${PUBLIC_URL}/catalogue/thumbs/${video.id}/\\d{1,2}/${size}\\.svg$`));
    if (index > 0) expect(thumb.src).toContain(`/${index}/${size}.svg`);
  }
  expect(video.thumbs.map((thumb) => thumb.src)).toContain(video.default_thumb.src);
}

describe('data set', () => {
  const catalogue = getCatalogue();

  it('holds at least 5,000 videos with unique 11-character ids and unique titles', () => {
    expect(catalogue.videos.length).toBeGreaterThanOrEqual(5000);
    const ids = new Set(catalogue.videos.map((video) => video.id));
    expect(ids.size).toBe(catalogue.videos.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{11}$/);
    const titles = new Set(catalogue.videos.map((video) => video.title.toLowerCase()));
    expect(titles.size).toBe(catalogue.videos.length);
  });

  it('spreads the videos over at least 30 topics', () => {
    const topics = new Set(catalogue.videos.map((video) => video.topic));
    expect(topics.size).toBeGreaterThanOrEqual(30);
    for (const topic of catalogue.topics) {
      expect(catalogue.videos.filter((video) => video.topic === topic.slug).length).toBeGreaterThanOrEqual(50);
    }
  });

  it('is deterministic: two generations give the same ids, titles and figures', () => {
    const fingerprint = (videos: ReturnType<typeof generateCatalogue>['videos']): string =>
      createHash('sha256')
        .update(videos.map((v) => [v.id, v.title, v.keywords.join(','), v.views, v.rating, v.addedAt, v.lengthSec].join('|')).join('\n'))
        .digest('hex');
    const first = fingerprint(generateCatalogue().videos);
    expect(fingerprint(generateCatalogue().videos)).toBe(first);
    expect(fingerprint(catalogue.videos)).toBe(first);
    expect(fingerprint(generateCatalogue({ seed: 'another seed' }).videos)).not.toBe(first);
  });

  it('is family-friendly', () => {
    const blocklist = [
      'sex', 'sexy', 'porn', 'xxx', 'nude', 'nudity', 'naked', 'erotic', 'fetish', 'nsfw', 'milf', 'hentai', 'boobs',
      'strip', 'stripper', 'escort', 'hookup', 'orgasm', 'adult', 'explicit', 'lingerie', 'kinky', 'bdsm', 'horny',
      'camgirl', 'onlyfans', 'drugs', 'cocaine', 'gore', 'kill', 'murder', 'gun', 'weapon',
    ];
    const offending = catalogue.videos.filter((video) => {
      const words = new Set([...tokenize(video.title), ...tokenize(video.keywords.join(' '))]);
      return blocklist.some((word) => words.has(word) || words.has(tokenize(word)[0] ?? word));
    });
    expect(offending.map((video) => video.title)).toEqual([]);
  });

  it('spreads views, ratings, lengths and dates realistically', () => {
    const views = catalogue.videos.map((video) => video.views).sort((a, b) => a - b);
    expect(views[0]).toBeLessThan(100);
    expect(views[views.length - 1]).toBeGreaterThan(1_000_000);
    const lengths = catalogue.videos.map((video) => video.lengthSec).sort((a, b) => a - b);
    const medianLength = lengths[Math.floor(lengths.length / 2)] ?? 0;
    expect(lengths[0]).toBeGreaterThanOrEqual(30);
    expect(lengths[lengths.length - 1]).toBeLessThanOrEqual(5400);
    expect(medianLength).toBeLessThan(15 * 60); // skewed to short
    const ratings = catalogue.videos.map((video) => video.rating);
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(2.5);
    expect(Math.max(...ratings)).toBeLessThanOrEqual(5);
    const oldest = Math.min(...catalogue.videos.map((video) => video.addedAt));
    expect(catalogue.newestAddedAt).toBeLessThanOrEqual(CATALOGUE_END_DATE);
    expect(catalogue.newestAddedAt - oldest).toBeGreaterThan(2.5 * 365 * DAY_MS);
  });
});

describe('GET /api/v2/video/search/', () => {
  it('answers the provider shape with consistent paging figures', async () => {
    const body = await search('query=&per_page=7&page=3&thumbsize=medium&order=latest&format=json');
    expect(Object.keys(body)).toEqual(['count', 'start', 'per_page', 'page', 'time_ms', 'total_count', 'total_pages', 'videos']);
    expect(body.count).toBe(body.videos.length);
    expect(body.count).toBe(7);
    expect(body.per_page).toBe(7);
    expect(body.page).toBe(3);
    expect(body.start).toBe(14);
    expect(body.total_count).toBe(getCatalogue().videos.length);
    expect(body.total_pages).toBe(Math.ceil(body.total_count / 7));
    expect(Number.isInteger(body.time_ms)).toBe(true);
    for (const video of body.videos) expectVideoShape(video, 'medium');
  });

  it('uses the documented defaults and serves a public, briefly cached JSON API', async () => {
    const { body, headers } = await getJson<ApiSearchResponse>(SEARCH);
    expect(body).toMatchObject({ per_page: 30, page: 1, start: 0, count: 30 });
    expectVideoShape(body.videos[0]!, 'medium');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(headers['cache-control']).toBe('public, max-age=60');
  });

  it.each(['small', 'medium', 'big'] as const)('sizes every thumbnail for thumbsize=%s', async (size) => {
    const body = await search(`per_page=3&thumbsize=${size}`);
    for (const video of body.videos) expectVideoShape(video, size);
  });

  it('treats an empty query and "all" as everything', async () => {
    const everything = getCatalogue().videos.length;
    expect((await search('query=')).total_count).toBe(everything);
    expect((await search('query=all')).total_count).toBe(everything);
    expect((await search('query=ALL')).total_count).toBe(everything);
  });

  it('answers a page past the end with no videos and correct totals', async () => {
    const first = await search('query=cat&per_page=10');
    const past = await search(`query=cat&per_page=10&page=${first.total_pages + 1}`);
    expect(past.videos).toEqual([]);
    expect(past.count).toBe(0);
    expect(past.total_count).toBe(first.total_count);
    expect(past.total_pages).toBe(first.total_pages);
    expect(past.start).toBe(first.total_pages * 10);
  });

  it('pages through a result set without gaps or repeats', async () => {
    const all = await search('query=dog&per_page=100');
    const pages = await Promise.all([1, 2, 3].map((page) => search(`query=dog&per_page=5&page=${page}`)));
    expect(pages.flatMap((page) => page.videos.map((video) => video.id))).toEqual(all.videos.slice(0, 15).map((video) => video.id));
  });

  describe('numbers are clamped', () => {
    it.each([
      ['per_page=5000', { per_page: 100 }],
      ['per_page=1000', { per_page: 100 }],
      ['per_page=+12', { per_page: 12 }],
      ['page=0', { page: 1, start: 0 }],
      ['page=-3', { page: 1 }],
      ['page=99999999999', { page: 1_000_000 }],
    ])('%s', async (query, expected) => {
      const body = await search(query);
      expect(body).toMatchObject(expected);
      expect(body.count).toBe(body.videos.length);
    });

    it('returns at most 100 videos per page, like the API (issue: per_page=1000 answered 2.1 MB)', async () => {
      const body = await search('per_page=1000');
      expect(body.videos).toHaveLength(100);
      expect(body.total_pages).toBe(Math.ceil(body.total_count / 100));
    });
  });

  describe('unknown words and non-numbers are refused with HTTP 400', () => {
    it.each([
      ['per_page=abc', 'per_page'],
      ['per_page=1.5', 'per_page'],
      ['per_page=0', 'per_page'],
      ['per_page=-4', 'per_page'],
      ['page=two', 'page'],
      ['page=1e3', 'page'],
      ['thumbsize=huge', 'thumbsize'],
      ['order=random', 'order'],
      ['format=xml', 'format'],
      ['page=1&page=2', 'page'],
      [`query=${'a'.repeat(501)}`, 'query'],
    ])('%s', async (query, parameter) => {
      await expectRefused(`${SEARCH}?${query}`, parameter);
    });

    it('lists the allowed values in the message', async () => {
      const orderMessage = await expectRefused(`${SEARCH}?order=random`, 'order');
      for (const order of CATALOGUE_ORDERS) expect(orderMessage).toContain(order);
      const sizeMessage = await expectRefused(`${SEARCH}?thumbsize=huge`, 'thumbsize');
      expect(sizeMessage).toContain('small, medium, big');
      expect(await expectRefused(`${SEARCH}?per_page=abc`, 'per_page')).toContain('1 to 100 ');
    });

    it('accepts known words in any case', async () => {
      const body = await search('order=Most-Popular&thumbsize=BIG&format=JSON&per_page=1');
      expect(body.videos[0]!.default_thumb.size).toBe('big');
    });
  });

  describe('order', () => {
    const fetchOrder = async (order: string, query = ''): Promise<ApiVideo[]> =>
      (await search(`order=${order}&per_page=100&query=${query}`)).videos;
    const isSorted = (values: number[], direction: 'asc' | 'desc'): boolean =>
      values.every((value, index) => index === 0 || (direction === 'desc' ? values[index - 1]! >= value : values[index - 1]! <= value));

    it('latest puts the newest upload first', async () => {
      const videos = await fetchOrder('latest');
      expect(isSorted(videos.map((video) => parseAdded(video.added)), 'desc')).toBe(true);
      expect(parseAdded(videos[0]!.added)).toBe(getCatalogue().newestAddedAt);
    });

    it('longest and shortest sort by length', async () => {
      expect(isSorted((await fetchOrder('longest')).map((video) => video.length_sec), 'desc')).toBe(true);
      const shortest = await fetchOrder('shortest');
      expect(isSorted(shortest.map((video) => video.length_sec), 'asc')).toBe(true);
      expect(shortest[0]!.length_sec).toBe(Math.min(...getCatalogue().videos.map((video) => video.lengthSec)));
    });

    it('top-rated sorts by rate and most-popular by views', async () => {
      expect(isSorted((await fetchOrder('top-rated')).map((video) => Number(video.rate)), 'desc')).toBe(true);
      expect(isSorted((await fetchOrder('most-popular')).map((video) => video.views), 'desc')).toBe(true);
    });

    it.each([
      ['top-weekly', 7],
      ['top-monthly', 30],
    ])('%s keeps videos added within %i days of the newest, most viewed first', async (order, days) => {
      const body = await search(`order=${order}&per_page=100`);
      const oldestAllowed = getCatalogue().newestAddedAt - days * DAY_MS;
      const expectedCount = getCatalogue().videos.filter((video) => video.addedAt >= oldestAllowed).length;
      expect(body.total_count).toBe(expectedCount);
      expect(body.total_count).toBeGreaterThan(10);
      expect(body.total_count).toBeLessThan(getCatalogue().videos.length / 5);
      expect(body.videos.every((video) => parseAdded(video.added) >= oldestAllowed)).toBe(true);
      expect(isSorted(body.videos.map((video) => video.views), 'desc')).toBe(true);
    });

    it('applies within the matches of a query', async () => {
      const videos = await fetchOrder('most-popular', 'zzzz');
      expect(videos).toEqual([]);
      const popularCats = await fetchOrder('longest', 'cat');
      expect(popularCats.length).toBeGreaterThan(0);
    });
  });

  describe('query relevance', () => {
    it('finds a video first by a word only its title contains', async () => {
      const { videos } = getCatalogue();
      const titleCounts = new Map<string, number>();
      for (const video of videos) for (const word of new Set(tokenize(video.title))) titleCounts.set(word, (titleCounts.get(word) ?? 0) + 1);
      const checked = videos
        .map((video) => ({ video, word: tokenize(video.title).find((word) => word.length > 3 && titleCounts.get(word) === 1) }))
        .filter((entry): entry is { video: (typeof videos)[number]; word: string } => entry.word !== undefined)
        .slice(0, 5);
      expect(checked.length).toBeGreaterThan(0);
      for (const { video, word } of checked) {
        const body = await search(`query=${encodeURIComponent(word.toUpperCase())}&per_page=5`);
        expect(body.videos[0]!.id).toBe(video.id);
      }
    });

    it('finds a video first by its whole title', async () => {
      const target = getCatalogue().videos[123]!;
      const body = await search(`query=${encodeURIComponent(target.title)}&per_page=20`);
      const place = body.videos.findIndex((video) => video.id === target.id);
      expect(place).toBeGreaterThanOrEqual(0);
      // Any video ranked above it must match at least as many of the title's words.
      const words = new Set(tokenize(target.title));
      const matched = (video: ApiVideo): number =>
        [...words].filter((word) => new Set([...tokenize(video.title), ...tokenize(video.keywords)]).has(word)).length;
      for (const above of body.videos.slice(0, place)) expect(matched(above)).toBeGreaterThanOrEqual(matched(body.videos[place]!));
    });

    it('ranks videos matching more query words, then title matches, higher', async () => {
      const body = await search('query=funny%20cat&per_page=100');
      const both = (video: ApiVideo): boolean => {
        const words = new Set([...tokenize(video.title), ...tokenize(video.keywords)]);
        return words.has('funny') && words.has('cat');
      };
      const firstSingle = body.videos.findIndex((video) => !both(video));
      expect(firstSingle).toBeGreaterThan(0);
      expect(body.videos.slice(firstSingle).some(both)).toBe(false);
      expect(tokenize(body.videos[0]!.title)).toContain('cat');
    });

    it('matches words case-insensitively, ignoring plurals and filler words', async () => {
      const lower = await search('query=puppy');
      expect((await search('query=PUPPY')).total_count).toBe(lower.total_count);
      expect((await search('query=puppies')).total_count).toBe(lower.total_count);
      expect((await search('query=the%20puppy')).total_count).toBe(lower.total_count);
      expect(lower.total_count).toBeGreaterThan(0);
    });

    it('finds videos by keyword synonyms that their titles do not use', async () => {
      const body = await search('query=canine&per_page=50');
      expect(body.total_count).toBeGreaterThan(0);
      expect(body.videos.every((video) => /canine/.test(video.keywords))).toBe(true);
    });

    it('agrees with searchCatalogue used directly', () => {
      const direct = searchCatalogue({ query: 'timelapse desert', perPage: 10, order: 'top-rated' });
      expect(direct.videos).toHaveLength(10);
      expect(direct.totalCount).toBeGreaterThan(10);
    });
  });

  it('redirects the path without its trailing slash, keeping the query', async () => {
    const response = await app.inject({ url: '/catalogue/api/v2/video/search?query=dog' });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('/catalogue/api/v2/video/search/?query=dog');
  });

  it('answers a CORS preflight', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: SEARCH,
      headers: { origin: 'http://elsewhere.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-client' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-headers']).toBe('x-client');
  });
});

describe('GET /api/v2/video/id/', () => {
  it('answers one bare video object', async () => {
    const target = getCatalogue().videos[42]!;
    const { status, body, headers } = await getJson<ApiVideo>(`${BY_ID}?id=${target.id}&thumbsize=medium&format=json`);
    expect(status).toBe(200);
    expect(headers['access-control-allow-origin']).toBe('*');
    expectVideoShape(body, 'medium');
    expect(body).toMatchObject({ id: target.id, title: target.title, views: target.views, length_sec: target.lengthSec });
  });

  it('answers the same object the search gives', async () => {
    const [fromSearch] = (await search('per_page=1&thumbsize=small')).videos;
    const { body } = await getJson<ApiVideo>(`${BY_ID}?id=${fromSearch!.id}&thumbsize=small`);
    expect(body).toEqual(fromSearch);
  });

  it.each(['AAAAAAAAAAA', 'nope', '<script>', '%20'])('answers [] with status 200 for unknown id %s', async (id) => {
    const { status, body } = await getJson<unknown>(`${BY_ID}?id=${encodeURIComponent(id)}`);
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('refuses a missing id and bad thumbsize or format', async () => {
    expect(await expectRefused(BY_ID, 'id')).toMatch(/11-character/);
    await expectRefused(`${BY_ID}?id=`, 'id');
    const id = getCatalogue().videos[0]!.id;
    await expectRefused(`${BY_ID}?id=${id}&thumbsize=tiny`, 'thumbsize');
    await expectRefused(`${BY_ID}?id=${id}&format=xml`, 'format');
  });
});

describe('thumbnails', () => {
  const video = getCatalogue().videos[7]!;
  const thumb = (frame: number | string, file = 'medium.svg') => app.inject({ url: `/catalogue/thumbs/${video.id}/${frame}/${file}` });

  it('serves an SVG of the requested size with long immutable caching', async () => {
    for (const [size, { width, height }] of Object.entries(THUMB_SIZES)) {
      const response = await thumb(1, `${size}.svg`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.body).toMatch(new RegExp(`^<svg [^>]*width="${width}" height="${height}"`));
      expect(response.body.endsWith('</svg>')).toBe(true);
    }
  });

  it('draws a different picture for every frame, the same one for the same frame', async () => {
    const bodies = await Promise.all(Array.from({ length: 15 }, (_, index) => thumb(index + 1).then((response) => response.body)));
    expect(new Set(bodies).size).toBe(15);
    expect((await thumb(3)).body).toBe(bodies[2]);
  });

  it('names the still with the escaped title and draws no caption or timecode over it', async () => {
    const withApostrophe = getCatalogue().videos.find((candidate) => candidate.title.includes("'"))!;
    const response = await app.inject({ url: `/catalogue/thumbs/${withApostrophe.id}/2/big.svg` });
    expect(response.body).toContain('&apos;');
    expect(response.body).not.toMatch(/>[^<]*'[^<]*</);
    const texts = [...response.body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    expect(texts).toEqual(['2/15']);
    expect(escapeXml(`<b>"Tom" & 'Jerry'</b>`)).toBe('&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;');
  });

  it.each([
    ['unknown id', 'AAAAAAAAAAA', '1', 'medium.svg'],
    ['frame 0', null, '0', 'medium.svg'],
    ['frame 16', null, '16', 'medium.svg'],
    ['frame not a number', null, 'x', 'medium.svg'],
    ['unknown size', null, '1', 'huge.svg'],
    ['other extension', null, '1', 'medium.png'],
  ])('answers 404 for %s', async (_label, id, frame, file) => {
    const response = await app.inject({ url: `/catalogue/thumbs/${id ?? video.id}/${frame}/${file}` });
    expect(response.statusCode).toBe(404);
  });
});

describe('embed page and clip', () => {
  const video = getCatalogue().videos.find((candidate) => candidate.title.includes("'")) ?? getCatalogue().videos[0]!;

  it('plays the clip in a same-origin frameable page', async () => {
    const response = await app.inject({ url: `/catalogue/embed/${video.id}/` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('script-src');
    expect(String(response.headers['x-frame-options'] ?? 'SAMEORIGIN')).not.toMatch(/deny/i);
    const html = response.body;
    expect(html).toMatch(/<video controls playsinline [^>]*poster="http:\/\/localhost:3000\/catalogue\/thumbs\//);
    expect(html.indexOf('/catalogue/media/clip.webm')).toBeGreaterThan(0);
    expect(html.indexOf('/catalogue/media/clip.webm')).toBeLessThan(html.indexOf('/catalogue/media/clip.mp4'));
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost:3000)/);
    expect(html).toContain(escapeHtml(video.title));
  });

  it('escapes the title', () => {
    const html = renderEmbedPage({
      title: `<script>alert("x")</script> & 'quotes'`,
      posterUrl: 'http://localhost:3000/p.svg?a=1&b=2',
      sources: [{ src: 'http://localhost:3000/clip.webm', type: 'video/webm' }],
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(html).toContain('poster="http://localhost:3000/p.svg?a=1&amp;b=2"');
  });

  it('answers an unknown id with a 404 page', async () => {
    const response = await app.inject({ url: '/catalogue/embed/AAAAAAAAAAA/' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('does not exist');
  });

  it('redirects the video page URL to the player', async () => {
    const response = await app.inject({ url: `/catalogue/video/${video.id}/` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/catalogue/embed/${video.id}/`);
    expect((await app.inject({ url: '/catalogue/video/AAAAAAAAAAA/' })).statusCode).toBe(404);
    expect((await app.inject({ url: `/catalogue/embed/${video.id}` })).statusCode).toBe(308);
  });

  it.each([
    ['clip.webm', 'video/webm'],
    ['clip.mp4', 'video/mp4'],
  ])('serves %s whole and in ranges', async (file, type) => {
    const whole = await app.inject({ url: `/catalogue/media/${file}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe(type);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const size = whole.rawPayload.length;
    expect(size).toBeGreaterThan(20_000);
    expect(size).toBeLessThan(400_000);

    const part = await app.inject({ url: `/catalogue/media/${file}`, headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 1100));
  });

  it('serves nothing else from the assets folder', async () => {
    expect((await app.inject({ url: '/catalogue/media/README.md' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/catalogue/media/../plugin.ts' })).statusCode).toBe(404);
  });
});
