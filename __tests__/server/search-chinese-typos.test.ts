/**
 * Chinese requests and titles, typo correction and the understood request (chips),
 * through the API as the SPA calls it.
 */
import { createWordVectors } from '../../server/domains/search/embeddings';
import { parseIntent } from '../../server/domains/search/intent';
import { editDistance, Speller } from '../../server/domains/search/spell';
import { chineseWords, toSimplified, translate } from '../../server/domains/search/zh';
import { makeTestApp, type TestApp } from '../support/server';

import { insertVideo, seedCatalogue, TINY_VECTORS, tinyVectors, type CatalogueFields } from './search-helpers';

const NOW = new Date(Date.UTC(2026, 10, 1));
const parse = (text: string) => parseIntent(text, NOW);

describe('Chinese requests (embedded parser)', () => {
  it('segments, maps onto the catalogue vocabulary and reads traditional characters', () => {
    expect(chineseWords('我想看可爱的小猫视频')).toEqual(['可爱', '小猫']);
    expect(toSimplified('電子遊戲影片')).toBe('电子游戏视频');
    expect(translate('猫')).toEqual(['cat']);
    expect(parse('有沒有關於貓的影片').terms).toEqual(['cat']);
    expect(parse('我想看狗狗').terms).toEqual(['dog']);
    expect(parse('桌遊').terms).toEqual(['board', 'games']);
  });

  it('leaves simplified text as it is where the dictionary also lists a character as traditional', () => {
    // CC-CEDICT lists 么 as a traditional form of 幺 ("youngest"), 宁 of 㝉, 覆 of 复.
    expect(toSimplified('孩子问海里住着些什么，我宁愿先看覆盖的地图')).toBe('孩子问海里住着些什么，我宁愿先看覆盖的地图');
    expect(toSimplified('有什麼')).toBe('有什么');
    expect(parse('儿子天天问大海里到底住着些什么').terms).not.toContain('youngest');
  });

  it('glosses a character by its current sense, not an archaic one listed first', () => {
    expect(translate('离')).toContain('leave');
    expect(translate('离')).not.toContain('mythical');
    expect(translate('云')).toContain('cloud');
    expect(translate('听')).toContain('listen');
    // A sense with a pronunciation note is still a sense.
    expect(translate('外面')).toContain('outside');
  });

  it('glosses a word with two readings by the one in use, and a name by the name', () => {
    // CC-CEDICT lists biànyí "convenient" before piányi "cheap; inexpensive; …".
    expect(translate('便宜')[0]).toBe('cheap');
    expect(translate('空地')).toContain('vacant');
    expect(translate('空地')).not.toContain('missile');
    // "Badaling, a particular section of the Great Wall that is…", and 西安 → "see 西安市".
    expect(translate('八达岭')).toEqual(['badaling']);
    expect(translate('西安')).not.toContain('west');
  });

  it('understands lengths, dates, orderings and exclusions', () => {
    expect(parse('五分钟以内的狗狗视频')).toMatchObject({ terms: ['dog'], maxLengthSec: 300, language: 'zh' });
    expect(parse('超过二十分钟的瑜伽')).toMatchObject({ terms: ['yoga'], minLengthSec: 1200 });
    expect(parse('五到十分钟的烹饪')).toMatchObject({ minLengthSec: 300, maxLengthSec: 600 });
    expect(parse('最多观看的猫')).toMatchObject({ terms: ['cat'], order: 'views' });
    expect(parse('评分最高的太空纪录片')).toMatchObject({ order: 'rating' });
    expect(parse('最新的足球')).toMatchObject({ order: 'newest' });
    expect(parse('最短的跳舞视频')).toMatchObject({ order: 'shortest' });
    expect(parse('最好的瑜伽视频')).toMatchObject({ order: 'rating' });
    // "Preferably", not "the best".
    expect(parse('睡不着，想看点安静的画面，最好是海浪那种').order).toBe('relevance');
    expect(parse('想学做饭，最好能快一点').order).toBe('relevance');
    expect(parse('今年的猫')).toMatchObject({ addedAfter: Date.UTC(2026, 0, 1) });
    expect(parse('去年的猫')).toMatchObject({ addedAfter: Date.UTC(2025, 0, 1), addedBefore: Date.UTC(2026, 0, 1) });
    expect(parse('最近的狗')).toMatchObject({ terms: ['dog'], addedAfter: NOW.getTime() - 90 * 24 * 3600 * 1000 });
    expect(parse('2025年的音乐')).toMatchObject({ addedAfter: Date.UTC(2025, 0, 1), addedBefore: Date.UTC(2026, 0, 1) });
    expect(parse('狗，不要小狗')).toMatchObject({ terms: ['dog'], exclude: ['puppy'] });
    expect(parse('宠物 不要蜘蛛').exclude).toEqual(['spider']);
  });

  it('reads mixed Chinese and English', () => {
    expect(parse('我想看 cooking videos')).toMatchObject({ terms: ['cooking'], language: 'mixed' });
    expect(parse('滑雪 under 10 minutes')).toMatchObject({ maxLengthSec: 600, language: 'mixed' });
    expect(parse('滑雪 under 10 minutes').terms).toContain('skiing');
  });
});

describe('chatty English requests', () => {
  it('weighs the words after "videos about" over the chatter before them', () => {
    const intent = parse('hey so I just got my first camera and I have no experience at all, could you show me some videos about dogs?');
    expect(intent.exclude).toEqual([]);
    const weightOf = (term: string) => intent.weights?.[intent.terms.indexOf(term)] ?? 1;
    expect(weightOf('dog')).toBe(1);
    expect(weightOf('camera')).toBeLessThan(1);
    expect(intent.terms).not.toContain('first');
  });

  it('maps slang onto catalogue words', () => {
    expect(parse('doggos').terms).toEqual(['dog']);
    expect(parse('footy highlights').terms).toContain('football');
    expect(parse('dogs but no puppies')).toMatchObject({ terms: ['dogs'], exclude: ['puppies'] });
  });

  it("adds the catalogue's words for everyday phrases and keeps the phrase (plurals too)", () => {
    expect(parse('my husband wants one of those flying cameras').terms).toEqual(expect.arrayContaining(['flying', 'cameras', 'quadcopter']));
    expect(parse('I want to cook for the whole week on sunday').terms).toContain('prep');
    expect(parse('I inherited an old film camera').terms).toEqual(expect.arrayContaining(['analog', 'camera']));
    expect(parse('flying, camera').terms).not.toContain('quadcopter');
  });
});

describe('typo correction (SymSpell over the index vocabulary)', () => {
  it('measures edits with adjacent swaps counting once', () => {
    expect(editDistance('kitten', 'kitten')).toBe(0);
    expect(editDistance('ktiten', 'kitten')).toBe(1);
    expect(editDistance('kiten', 'kitten')).toBe(1);
    expect(editDistance('kittne', 'kitten')).toBe(1);
    expect(editDistance('cat', 'kitten')).toBe(3);
  });

  it('suggests the closest, then most frequent, vocabulary word', () => {
    const speller = new Speller([
      ['cooking', 50],
      ['cookie', 10],
      ['chess', 5],
      ['cheap', 8],
    ]);
    expect(speller.suggest('cokking')?.word).toBe('cooking');
    expect(speller.suggest('cooking')).toBeUndefined();
    expect(speller.suggest('cat')).toBeUndefined();
    expect(speller.suggestAll('cheas').map((s) => s.word)).toEqual(['cheap', 'chess']);
  });
});

function catalogue(): CatalogueFields[] {
  const docs: CatalogueFields[] = [];
  for (let i = 0; i < 8; i += 1) {
    docs.push({ id: `cat${i}`, title: `Tabby cat adventure ${i}`, keywords: 'cat, feline, pets', views: 100 + i, lengthSec: i < 4 ? 120 : 1500 });
    docs.push({ id: `dog${i}`, title: `Golden retriever walk ${i}`, keywords: 'dog, puppy, pets', views: 200 + i });
    docs.push({ id: `chess${i}`, title: `Chess opening lesson ${i}`, keywords: 'chess, board games, strategy', views: 300 + i });
    docs.push({ id: `cheap${i}`, title: `Cheap flights guide ${i}`, keywords: 'cheap, travel, budget', views: 400 + i });
  }
  return docs;
}

describe('the API: Chinese videos, corrections and chips', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
    await t.app.searchIndex.useEmbeddings(tinyVectors());
    await seedCatalogue(t.app, catalogue());
  });
  afterEach(async () => {
    await t.close();
  });

  const normal = (payload: object) => t.app.inject({ method: 'POST', url: '/v0/api/search/normal-search', payload });
  const ai = (payload: object) => t.app.inject({ method: 'POST', url: '/v0/api/search/ai-search', payload });
  const titles = (body: { results: Array<{ title: string }> }) => body.results.map((video) => video.title);

  it('finds self-shot videos with Chinese titles by keyword and by AI search, from Chinese and English requests', async () => {
    await insertVideo(t.app, { title: '我家的小猫第一次看到雪', description: '橘猫在花园里玩' });
    await insertVideo(t.app, { title: '週末去爬山', description: '台灣的山很美' });
    await insertVideo(t.app, { title: 'Sourdough at home', description: 'bread' });
    await t.app.searchIndex.syncSelfieVideos();

    expect(titles((await normal({ query: '小猫' })).json())).toEqual(['我家的小猫第一次看到雪']);
    expect(titles((await normal({ query: '猫' })).json())).toEqual(['我家的小猫第一次看到雪']);
    expect(titles((await normal({ query: '爬山' })).json())).toEqual(['週末去爬山']);
    expect(titles((await normal({ query: '台湾' })).json())).toEqual(['週末去爬山']);
    expect(titles((await normal({ query: 'kitten' })).json())).toEqual(['我家的小猫第一次看到雪']);

    expect(titles((await ai({ chat_history: '我想看小猫' })).json())).toEqual(['我家的小猫第一次看到雪']);
    expect(titles((await ai({ chat_history: 'cat videos' })).json())).toEqual(['我家的小猫第一次看到雪']);
    expect(titles((await ai({ chat_history: '登山' })).json())).toEqual(['週末去爬山']);
  });

  it('answers Chinese AI requests from the English catalogue, with what it understood', async () => {
    const body = (await ai({ chat_history: '五分钟以内的猫，最多观看' })).json();
    expect(body.structuredResponse.intent).toMatchObject({ terms: ['cat'], max_length_sec: 300, order: 'views', language: 'zh' });
    expect(body.structuredResponse.data.map((item: { id: string }) => item.id)).toEqual(['cat3', 'cat2', 'cat1', 'cat0']);
  });

  it('corrects typos against the index, says so, and searches the literal words when asked', async () => {
    const corrected = (await ai({ chat_history: 'ktiten cheas' })).json();
    expect(corrected.structuredResponse.intent).toMatchObject({
      corrections: [{ from: 'cheas', to: 'chess' }],
      corrected_query: 'ktiten chess',
    });
    expect(corrected.structuredResponse.data.every((item: { id: string }) => item.id.startsWith('chess'))).toBe(true);
    const literal = (await ai({ chat_history: 'cheas', literal: true })).json();
    expect(literal.structuredResponse.intent.corrections).toBeUndefined();
    expect(literal.structuredResponse.total).toBe(0);

    await insertVideo(t.app, { title: 'Sourdough bread at home', description: 'baking' });
    await t.app.searchIndex.syncSelfieVideos();
    const keyword = (await normal({ query: 'sourdugh' })).json();
    expect(keyword).toMatchObject({ total: 1, correctedQuery: 'sourdough', corrections: [{ from: 'sourdugh', to: 'sourdough' }] });
    const asWritten = (await normal({ query: 'sourdugh', literal: true })).json();
    expect(asWritten).toMatchObject({ total: 0, corrections: [] });
    expect(asWritten.correctedQuery).toBeUndefined();
  });

  it('corrects no word of a story that the word vectors know (a real word, rarely used, is no typo)', async () => {
    // "cheat" is one edit from "cheap" (indexed) and ranked past the common words.
    const filler = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`filler${i}`, [0, 0, 0, 0, 0, 0, 1]]));
    await t.app.searchIndex.useEmbeddings(createWordVectors({ ...TINY_VECTORS, ...filler, cheat: [0, 0, 0, 0, 0, 0.5, 0.5] }));
    const short = (await ai({ chat_history: 'cheat' })).json();
    expect(short.structuredResponse.intent.corrections).toEqual([{ from: 'cheat', to: 'cheap' }]);
    const story = (await ai({ chat_history: 'my uncle says I cheat every time we sit down for chess' })).json();
    expect(story.structuredResponse.intent.corrections).toBeUndefined();
    expect(story.structuredResponse.intent.terms).toContain('cheat');
  });

  it('corrects a word of a story only when the rest of the request shares videos with the correction', async () => {
    const vouched = (await ai({ chat_history: 'we play chess on an old boord every sunday evening with my uncle' })).json();
    expect(vouched.structuredResponse.intent.corrections).toContainEqual({ from: 'boord', to: 'board' });
    const unrelated = (await ai({ chat_history: 'my uncle keeps talking about the boord he saw on his walk with the golden retriever' })).json();
    expect(unrelated.structuredResponse.intent.corrections ?? []).not.toContainEqual(expect.objectContaining({ from: 'boord' }));
  });

  it('leaves out the parts of the understood request the visitor removed', async () => {
    const full = (await ai({ chat_history: 'short cat videos, most viewed' })).json();
    expect(full.structuredResponse.intent).toMatchObject({ terms: ['cat'], max_length_sec: 300, order: 'views' });
    expect(full.structuredResponse.total).toBe(4);
    const wider = (await ai({ chat_history: 'short cat videos, most viewed', remove: ['length', 'order'] })).json();
    expect(wider.structuredResponse.intent).toMatchObject({ terms: ['cat'], order: 'relevance' });
    expect(wider.structuredResponse.intent.max_length_sec).toBeUndefined();
    expect(wider.structuredResponse.total).toBe(8);
    const bad = await ai({ chat_history: 'cats', remove: ['everything'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });
});
