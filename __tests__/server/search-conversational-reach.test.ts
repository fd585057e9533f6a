/**
 * Conversational requests that no curated situation explains: story words are chatter, counted
 * things are not subjects, length words in a story are not constraints, words the videos use
 * everywhere weigh less (topic coherence), and other forms of an indexed word are found.
 */
import { Segment, type IndexDocument } from '../../server/domains/search/engine';
import { CHATTER_WEIGHT, parseIntent, type SearchIntent } from '../../server/domains/search/intent';

import { tinyVectors } from './search-helpers';

const NOW = new Date('2026-11-21T00:00:00.000Z');

function doc(ref: string, title: string, keywords = ''): IndexDocument {
  return { source: 'catalogue', ref, title, keywords, description: '', extra: '', views: 100, rating: 4, lengthSec: 200, addedAt: Date.UTC(2026, 5, 1) };
}

const weightOf = (intent: SearchIntent, term: string) => intent.weights?.[intent.terms.indexOf(term)] ?? 1;

describe('parseIntent: stories no situation explains', () => {
  it('counts the people and time of a story as chatter, and keeps the subject', () => {
    const intent = parseIntent("my girlfriend's family is from seoul and next week we visit them", NOW);
    expect(intent.conversational).toBe(true);
    expect(intent.terms).toContain('seoul');
    expect(weightOf(intent, 'seoul')).toBe(1);
    for (const word of ['girlfriends', 'family']) expect(weightOf(intent, word)).toBe(CHATTER_WEIGHT);
  });

  it('counts a possessive person ("my dad\'s"), a visit and the grammar of a story (six, all, turns) as story words', () => {
    const camera = parseIntent("I just inherited my dad's old camera and have no clue how to use it", NOW);
    expect(weightOf(camera, 'dads')).toBe(CHATTER_WEIGHT);
    expect(weightOf(camera, 'camera')).toBe(1);
    const visit = parseIntent('my in-laws are visiting next week and want to try something italian', NOW);
    expect(weightOf(visit, 'visiting')).toBe(CHATTER_WEIGHT);
    expect(weightOf(visit, 'italian')).toBe(1);
    const party = parseIntent('my nephew turns six next month and all he wants is slime at his party', NOW);
    for (const word of ['turns', 'six', 'all']) expect(weightOf(party, word)).toBe(CHATTER_WEIGHT);
    expect(weightOf(party, 'slime')).toBe(1);
  });

  it('reads no length or date constraint in "a long walk", "something new to fill his days"', () => {
    const walk = parseIntent('doing a long walk across the moors in october and wondering what to pack', NOW);
    expect(walk.minLengthSec).toBeUndefined();
    const hobby = parseIntent('my dad just retired and wants something new to fill his days', NOW);
    expect(hobby.addedAfter).toBeUndefined();
  });

  it('reads no date in a story ("this year", 今年) unless it talks about videos', () => {
    expect(parseIntent('money is tight this year and my sister wants to learn guitar', NOW).addedAfter).toBeUndefined();
    expect(parseIntent('今年夏天我想带孩子去海边学冲浪', NOW).addedAfter).toBeUndefined();
    expect(parseIntent('my sister wants to learn guitar, any videos from this year?', NOW).addedAfter).toBe(Date.UTC(2026, 0, 1));
  });

  it('still reads them next to what is watched, and in requests that are not stories', () => {
    expect(parseIntent('I want a short workout video I can do before my kids wake up', NOW).maxLengthSec).toBe(300);
    const example = parseIntent('short funny cat videos from this year, most viewed first', NOW);
    expect(example.maxLengthSec).toBe(300);
    expect(example.conversational).toBeUndefined();
  });

  it('drops counted things and story words in Chinese (一台 is not Taiwan)', () => {
    const intent = parseIntent('老爸留下一台胶片相机，完全不会用', NOW);
    expect(intent.conversational).toBe(true);
    expect(intent.terms).toEqual(expect.arrayContaining(['camera', 'analog']));
    for (const noise of ['taiwan', 'single', 'complete', 'father']) expect(intent.terms).not.toContain(noise);
    // Other measure words, and 说 (to say) as a verb of the story, not "persuade".
    const drone = parseIntent('老公一直说想买一架无人机去旅行的时候拍', NOW).terms;
    const cards = parseIntent('儿子学校要办才艺表演，他想用一副扑克牌变点什么', NOW).terms;
    expect(drone).toContain('drone');
    expect(cards).toEqual(expect.arrayContaining(['playing', 'cards']));
    for (const noise of ['single', 'support', 'secondary', 'persuade']) expect([...drone, ...cards]).not.toContain(noise);
  });
});

describe('parseIntent: what a story is not about', () => {
  it('drops contractions and reads 无人机 (a drone) as no exclusion', () => {
    expect(parseIntent("we've just moved next to a lake and the neighbours go out on paddle boards", NOW).terms).not.toContain('weve');
    const drone = parseIntent('老公一直说想买一架无人机去旅行的时候拍', NOW);
    expect(drone.exclude).toEqual([]);
    expect(drone.terms).toContain('drone');
  });
});

describe('Segment: reach of a conversational request', () => {
  it('reads two words the index writes as one ("paddle boards" → paddleboarding)', () => {
    const segment = Segment.build([doc('sup', 'Sunrise paddleboarding on a calm lake', 'paddleboarding, lake'), doc('lake', 'A walk around the lake', 'lake, walking')], null);
    const intent: SearchIntent = { terms: ['paddle', 'boards'], exclude: [], order: 'relevance', parser: 'embedded' };
    expect(segment.search(intent, { offset: 0, limit: 5 }).hits.map((hit) => hit.doc.ref)).toEqual(['sup']);
  });

  it('finds another form of an indexed word ("dribble" → dribbling, "egyptians" → egypt)', () => {
    const segment = Segment.build(
      [doc('dribble', 'Crossover and dribbling drills', 'basketball, dribbling'), doc('egypt', 'Inside the great pyramid', 'ancient egypt, egypt'), doc('other', 'Free throw practice', 'basketball')],
      null,
    );
    const intent = (terms: string[]): SearchIntent => ({ terms, exclude: [], order: 'relevance', parser: 'embedded' });
    expect(segment.search(intent(['dribble']), { offset: 0, limit: 5 }).hits[0]?.doc.ref).toBe('dribble');
    expect(segment.search(intent(['egyptians']), { offset: 0, limit: 5 }).hits[0]?.doc.ref).toBe('egypt');
  });

  it('weighs a word found in unrelated videos less than the subject in a story', () => {
    const docs: IndexDocument[] = [];
    const topics: Array<[string, string]> = [
      ['cat', 'feline'],
      ['car', 'vehicle'],
      ['cooking', 'recipe'],
      ['football', 'soccer'],
    ];
    for (const [word, other] of topics) {
      for (let i = 0; i < 5; i += 1) docs.push(doc(`${word}${i}`, `${word} ${other} number ${i}`, `${word}, ${other}`));
      // "sunshine" is everywhere, and loud where it is.
      docs.push(doc(`${word}-sun`, `Sunshine sunshine ${word}`, `sunshine, ${word}`));
    }
    for (let i = 0; i < 4; i += 1) docs.push(doc(`guitar${i}`, `Guitar music session ${i}`, 'guitar, music, song'));
    const segment = Segment.build(docs, tinyVectors());
    expect(segment.coherence('sunshine')).toBeLessThan(segment.coherence('guitar'));
    const base: SearchIntent = { terms: ['sunshine', 'guitar', 'flatmate', 'playing'], exclude: [], order: 'relevance', parser: 'embedded' };
    const story = segment.search({ ...base, conversational: true }, { offset: 0, limit: 8 });
    expect(story.hits.map((hit) => hit.doc.ref).every((ref) => ref.startsWith('guitar'))).toBe(true);
    // The same words as a list of subjects are all taken at their word.
    const list = segment.search(base, { offset: 0, limit: 8 });
    expect(list.hits.map((hit) => hit.doc.ref).some((ref) => ref.endsWith('-sun'))).toBe(true);
  });
});
