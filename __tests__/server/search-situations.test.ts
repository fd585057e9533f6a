/**
 * Requests the way people type them: conversational situations (en + zh), exclusions in many
 * phrasings (en + zh), two-part requests; and the "understood as" intent says what was done.
 */
import { Segment, type IndexDocument } from '../../server/domains/search/engine';
import { CHATTER_WEIGHT, describeIntent, parseIntent, type SearchIntent } from '../../server/domains/search/intent';
import { findSituations } from '../../server/domains/search/situations';
import { makeTestApp, type TestApp } from '../support/server';

import { seedCatalogue, tinyVectors } from './search-helpers';

const NOW = new Date('2026-11-21T18:00:00.000Z');
const parse = (text: string) => parseIntent(text, NOW);

/** Term → weight (1 when the intent has no weights). */
function weights(intent: SearchIntent): Record<string, number> {
  return Object.fromEntries(intent.terms.map((term, i) => [term, intent.weights?.[i] ?? 1]));
}

describe('conversational requests: the need behind the words', () => {
  it('reads a tiny kitchen and no time as quick, easy recipes, and the rest as chatter', () => {
    const intent = parse('we just moved into a flat with a tiny kitchen, any ideas for dinner that does not take forever?');
    const w = weights(intent);
    for (const term of ['quick', 'easy', 'cooking', 'recipe']) expect(w[term]).toBe(1);
    expect(w.moved).toBe(CHATTER_WEIGHT);
    // "does not take forever" is not an exclusion, "quick" is not a length.
    expect(intent.exclude).toEqual([]);
    expect(intent.maxLengthSec).toBeUndefined();
    expect(intent.situations).toEqual([expect.objectContaining({ name: 'quick cooking', terms: ['quick', 'easy', 'cooking', 'recipe'] })]);
  });

  it.each<[string, string, string[]]>([
    ['we got a new puppy and he chews everything in the house, help!', 'dog training', ['dog', 'training']],
    ['my back is killing me after sitting at a desk all day long', 'back and posture', ['back', 'posture']],
    ["I lie awake for hours every night and can't switch off", 'sleep', ['sleep']],
    ['my grandma wants to stay active but her knees are not great', 'gentle exercise', ['gentle', 'seniors']],
    ["I live in an apartment with no yard but I'd love to grow my own food", 'small-space growing', ['balcony', 'gardening']],
    ['家里新来了一只小狗，什么都咬，怎么办才好呢', 'dog training', ['dog', 'training']],
    ['刚搬进一个小公寓，厨房特别小，有没有不用花很久的晚饭做法？', 'quick cooking', ['quick', 'cooking']],
    ['最近工作压力好大，想让自己静下来一会儿', 'stress', ['stress', 'calm']],
    ['住在公寓里没有院子，但是很想自己种菜', 'small-space growing', ['balcony', 'gardening']],
  ])('"%s" → %s', (text, name, terms) => {
    const intent = parse(text);
    expect(intent.situations?.map((situation) => situation.name)).toContain(name);
    const w = weights(intent);
    for (const term of terms) expect(w[term]).toBe(1);
  });

  it('keeps only curated words besides a Chinese situation (no dictionary glosses of chatter)', () => {
    const intent = parse('窗外喂食器总有很多小鸟来，不知道都是什么鸟');
    expect(intent.terms).toEqual(expect.arrayContaining(['garden', 'birds', 'feeder']));
    expect(intent.terms).not.toContain('inevitably');
  });

  it('keeps the destination of a trip as a subject word', () => {
    const intent = parse('we leave for spain in june and I do not speak a single word of the language');
    expect(weights(intent).spain).toBe(1);
    expect(intent.terms).toEqual(expect.arrayContaining(['language', 'learning']));
  });

  it('reads "going to" before a verb as the future, not a trip', () => {
    const eclipse = parse('apparently the moon is going to block out the sun next spring and my kids want to know why');
    expect(eclipse.situations?.map((situation) => situation.name) ?? []).not.toContain('a trip');
    expect(eclipse.terms).not.toContain('travel');
    const trip = parse("we're going to iceland in march and I have no idea what to pack");
    expect(trip.situations?.map((situation) => situation.name)).toContain('a trip');
    expect(weights(trip).iceland).toBe(1);
  });

  it('reads "under 12s", "over 50s" in a story as age groups, not lengths in seconds', () => {
    const coach = parse("just got roped into coaching my son's under 12s and I have never coached anything");
    expect(coach.maxLengthSec).toBeUndefined();
    expect(coach.terms).toContain('12s');
    expect(parse('funny cat videos under 30s').maxLengthSec).toBe(30);
  });

  it('counts the verbs that only carry a story along as chatter', () => {
    const w = weights(parse('we pick up a nervous dog from the shelter on saturday and he flinches when you reach for him'));
    expect(w.pick).toBe(CHATTER_WEIGHT);
    expect(w.reach).toBe(CHATTER_WEIGHT);
    expect(w.dog).toBe(1);
  });

  it('lets a named subject win over a situation ("… videos about X")', () => {
    const intent = parse('hey so I just got my first camera and I have no experience at all, could you show me some videos about cats?');
    const w = weights(intent);
    expect(w.cat).toBe(1);
    expect(w.photography).toBe(CHATTER_WEIGHT);
  });

  it('leaves short requests alone (they name their subject)', () => {
    expect(parse('星空延时摄影').situations).toBeUndefined();
    expect(parse('indoor houseplants').situations).toBeUndefined();
    expect(parse('best friend birthday cake ideas for a party tonight').order).toBe('relevance');
  });

  it('reads situations only outside exclusions', () => {
    expect(parse('跑步，不要马拉松').exclude).toEqual(['marathon']);
    expect(findSituations('some dog videos for the weekend, with puppies chewing shoes', false).found).toEqual([
      expect.objectContaining({ name: 'dog training' }),
    ]);
    const intent = parse('show me some dog videos for the weekend, but no puppies chewing shoes');
    expect(intent.situations).toBeUndefined();
    expect(intent.exclude).toEqual(['puppies chewing']);
  });

  it('adds an everyday situation as a hint: its words count less, the request keeps its own', () => {
    const intent = parse('I want to get fit but I only have fifteen minutes before the kids wake up');
    expect(intent.situations).toEqual([expect.objectContaining({ soft: true, terms: expect.arrayContaining(['quick', 'workout']) })]);
    const w = weights(intent);
    expect(w.quick).toBe(0.5);
    expect(w.morning).toBe(0.5);
    // The words that told the hint stay, at their own weight: nothing was taken out or made chatter.
    expect(w.fit).toBe(1);
    expect(w.fitness).toBe(1);
  });

  it('lets a curated situation win over an everyday hint', () => {
    const found = findSituations('our rescue dog ignores me completely when i call him, how do i get him to listen', false).found;
    expect(found.map((situation) => situation.name)).toEqual(['dog training']);
  });

  it('needs other words for each cue of a situation: one word does not tell it twice', () => {
    // "knees" is an older person's complaint and a reason to move, but not both at once.
    const names = (text: string) => findSituations(text, false).found.map((situation) => situation.name);
    expect(names('my knees hurt every time I go for a run, am I doing something wrong?')).not.toContain('gentle exercise');
    expect(names('my grandma has bad knees but wants to keep moving')).toContain('gentle exercise');
    // Studying a subject is not a request for something to listen to while studying.
    expect(names('our class is studying the vikings next term and I need something the kids can watch')).not.toContain('study music');
    expect(names('our class is studying the vikings next term and I need something the kids can watch')).not.toContain('music for studying');
    expect(names("I can't concentrate when I'm revising for my exams")).toContain('music for studying');
    expect(names('something to put on in the background while I work')).toContain('study music');
    expect(findSituations('下周考试，复习的时候想听点安静的', true).found.map((situation) => situation.name)).toContain('music for studying');
  });

  it('hears sleeplessness and studying in the ways people say them', () => {
    const names = (text: string) => findSituations(text, false).found.map((situation) => situation.name);
    expect(names('lying in bed with racing thoughts, nothing helps')).toContain('sleep');
    expect(names('wide awake at 3am again and work starts at eight')).toContain('sleep');
    expect(names('I need something on while I finish my dissertation, nothing with lyrics')).toContain('music for studying');
  });

  it('reads a Chinese cue only where it is a word, not across two words', () => {
    const names = (text: string) => findSituations(text, true).found.map((situation) => situation.name);
    // 好多|动物 ("many animals") holds the characters of 多动 ("fidgety"), not the word.
    expect(names('女儿看完新闻哭了，说好多动物快要没了')).not.toContain('busy hands');
    expect(names('女儿有点多动，坐不住')).toContain('busy hands');
    // A cue inside a longer word still counts (幼儿 in 幼儿园).
    expect(names('幼儿园的手工课')).toContain('toddler crafts');
  });
});

describe('exclusions in both languages', () => {
  it.each<[string, string[], string[]]>([
    ['space videos but not mars', ['space'], ['mars']],
    ['baking without chocolate', ['baking'], ['chocolate']],
    ['wildlife except bears', ['wildlife'], ['bears']],
    ['birds, no owls', ['birds'], ['owls']],
    ['pet videos other than cats', ['pet'], ['cat']],
    ['dance, anything but ballet', ['dance'], ['ballet']],
    ['I want music but please no jazz', ['music'], ['jazz']],
    ["history, I don't want the romans", ['history'], ['romans']],
    ['ocean life excluding whales', ['ocean', 'marine', 'life'], ['whales']],
    ['show me art and skip the watercolour', ['art'], ['watercolour']],
    ['cycling but not mountain bikes', ['cycling'], ['mountain bikes']],
    ['cooking, I do not want spicy food', ['cooking'], ['spicy']],
    ['architecture, no skyscrapers', ['architecture'], ['skyscrapers']],
    ['pets, no doggos', ['pets'], ['dog']],
  ])('"%s"', (text, terms, exclude) => {
    const intent = parse(text);
    expect(intent.exclude).toEqual(exclude);
    for (const term of terms) expect(intent.terms).toContain(term);
  });

  it.each<[string, string[]]>([
    ['太空 但不要火星', ['mars']],
    ['除了熊以外的野生动物', ['bear']],
    ['鸟类视频 不含猫头鹰', ['owl']],
    ['宠物视频，别给我看猫', ['cat']],
    ['不想看芭蕾，推荐点跳舞', ['ballet']],
    ['海洋生物但是别要鲸鱼', ['whale']],
    ['音乐，不喜欢爵士', ['jazz']],
    ['跳舞 不要芭蕾的', ['ballet']],
  ])('"%s"', (text, exclude) => {
    expect(parse(text).exclude).toEqual(exclude);
  });

  it('does not read negated verbs or "no equipment" as exclusions', () => {
    expect(parse('a dinner that does not take forever').exclude).toEqual([]);
    expect(parse('a workout with no equipment').exclude).toEqual([]);
    expect(parse('我特别喜欢猫').exclude).toEqual([]);
    expect(parse('有没有猫的视频').exclude).toEqual([]);
  });

  it('reads "not much", "not many", "not enough" as an amount, not an exclusion', () => {
    expect(parse('a week off in may, not much money left and not many friends free').exclude).toEqual([]);
    expect(parse('weekend in the hills, not enough time for a long drive').exclude).toEqual([]);
    expect(parse('a week off in may, not the beach though').exclude).toEqual(['beach']);
  });
});

describe('the engine: phrase exclusions and two-part requests', () => {
  const doc = (ref: string, title: string, keywords: string): IndexDocument => ({
    source: 'catalogue',
    ref,
    title,
    keywords,
    description: '',
    extra: '',
    views: 100,
    rating: 4,
    lengthSec: 300,
    addedAt: Date.UTC(2026, 0, 1),
  });

  it('excludes the documents with the phrase, not those with one of its words', () => {
    const segment = Segment.build([
      doc('mtb', 'Mountain bike downhill', 'cycling, mountain bike'),
      doc('climb', 'Road bike mountain climb', 'cycling, road bike, mountain'),
      doc('city', 'City bike commute', 'cycling, city'),
    ]);
    const refs = segment.search(parse('cycling but not mountain bikes'), { offset: 0, limit: 10 }).hits.map((hit) => hit.doc.ref);
    expect(refs.sort()).toEqual(['city', 'climb']);
  });

  it('ranks documents with both parts of "X in Y" over those with one part many times', () => {
    const segment = Segment.build(
      [
        doc('both', 'Cooking pasta', 'cooking, dinner'),
        doc('only', 'Car car car: the car show', 'car, vehicle, engine'),
        doc('both2', 'Car trip dinner', 'car, cooking'),
      ],
      tinyVectors(),
    );
    const hits = segment.search(parse('cooking in a car'), { offset: 0, limit: 10 }).hits.map((hit) => hit.doc.ref);
    expect(hits[0]).toBe('both2');
  });
});

describe('"understood as" says what was done', () => {
  it('describes situations and exclusions as the answer shows them', () => {
    const described = describeIntent(parse('our new puppy chews everything and ignores me, but no videos with cats please'));
    expect(described.terms).toEqual(expect.arrayContaining(['dog', 'training', 'obedience']));
    expect(described.exclude).toEqual(['cat']);
    expect(described.situations).toEqual([expect.objectContaining({ name: 'dog training', terms: ['dog', 'training', 'obedience'] })]);
  });
});

describe('POST /v0/api/search/ai-search: the chips show what the engine did', () => {
  let t: TestApp;
  // One app for the block: both tests only search (different requests, so no cached answer is shared).
  beforeAll(async () => {
    t = await makeTestApp();
    await t.app.searchIndex.useEmbeddings(tinyVectors());
    await seedCatalogue(t.app, [
      ...Array.from({ length: 5 }, (_, i) => ({ id: `cook${i}`, title: `Quick easy pasta recipe ${i}`, keywords: 'cooking, recipe, quick, easy' })),
      ...Array.from({ length: 5 }, (_, i) => ({ id: `slow${i}`, title: `Slow cooked dinner ${i}`, keywords: 'cooking, recipe, slow cooker' })),
      ...Array.from({ length: 5 }, (_, i) => ({ id: `car${i}`, title: `Vintage car restoration ${i}`, keywords: 'car, vehicle' })),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a conversational request with the mapped words as terms and the situation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v0/api/search/ai-search',
      payload: { chat_history: 'we just moved into a flat with a tiny kitchen, any ideas for dinner that does not take forever?' },
    });
    expect(res.statusCode).toBe(200);
    const { intent, data } = res.json().structuredResponse as { intent: Record<string, unknown>; data: Array<{ id: string }> };
    expect(intent.terms).toEqual(expect.arrayContaining(['quick', 'easy', 'cooking', 'recipe']));
    expect(intent.situations).toEqual([expect.objectContaining({ name: 'quick cooking', cue: expect.stringContaining('tiny kitchen') })]);
    expect(intent.exclude).toBeUndefined();
    expect(data[0]?.id).toMatch(/^cook/);
    expect(data.some((item) => item.id.startsWith('car'))).toBe(false);
  });

  it('answers an exclusion as an exclude chip, and leaves those videos out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v0/api/search/ai-search', payload: { chat_history: 'cooking recipes, but no slow cooker please' } });
    const { intent, data } = res.json().structuredResponse as { intent: Record<string, unknown>; data: Array<{ id: string }> };
    expect(intent.exclude).toEqual(['slow cooker']);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((item) => item.id.startsWith('cook'))).toBe(true);
  });
});
