import { describeIntent, LONG_MIN_SEC, parseIntent, RECENT_DAYS, SHORT_MAX_SEC } from '../../server/domains/search/intent';

const NOW = new Date('2026-11-21T18:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const parse = (text: string) => parseIntent(text, NOW);

describe('parseIntent: filler', () => {
  it.each<[string, string[]]>([
    ['show me cat videos please', ['cat']],
    ['I want to watch some funny dog clips', ['funny', 'dog']],
    ['can you find me videos about cooking pasta?', ['cooking', 'pasta']],
    ["I'm looking for footage of whales", ['whales']],
    ['Give me something related to jazz guitar', ['jazz', 'guitar']],
    ['kitten', ['kitten']],
    ['videos', []],
  ])('"%s" is about %j', (text, terms) => {
    expect(parse(text).terms).toEqual(terms);
  });

  it('normalises case, accents and punctuation', () => {
    expect(parse('CRÊPES, Café & Crème!!').terms).toEqual(['crepes', 'cafe', 'creme']);
  });
});

describe('parseIntent: durations', () => {
  it.each<[string, number | undefined, number | undefined]>([
    ['short cat videos', undefined, SHORT_MAX_SEC],
    ['quick recipes', undefined, SHORT_MAX_SEC],
    ['brief clips of trains', undefined, SHORT_MAX_SEC],
    ['cats under 5 minutes', undefined, 300],
    ['less than 90 seconds of dogs', undefined, 90],
    ['yoga shorter than 10 mins', undefined, 600],
    ['at most 2 min', undefined, 120],
    ['long yoga classes', LONG_MIN_SEC, undefined],
    ['in-depth history documentaries', LONG_MIN_SEC, undefined],
    ['lengthy lectures', LONG_MIN_SEC, undefined],
    ['music over an hour', 3600, undefined],
    ['more than 20 minutes of jazz', 1200, undefined],
    ['at least 2 hours', 7200, undefined],
    ['between 5 and 10 minutes', 300, 600],
    ['10-minute workout', 300, 900],
    ['30 min yoga', 900, 2700],
    ['hour-long relaxing music', 2400, 5400],
  ])('"%s" → min %s, max %s', (text, min, max) => {
    const intent = parse(text);
    expect(intent.minLengthSec).toBe(min);
    expect(intent.maxLengthSec).toBe(max);
  });

  it('removes the duration words from the subject', () => {
    // The curated layer (synonyms.ts) writes the catalogue's own word for the subject.
    expect(parse('short clips about automobiles').terms).toEqual(['cars']);
    expect(parse('quick workouts under 10 minutes').terms).toEqual(['fitness', 'workout']);
    expect(parse('cats under 5 minutes').terms).toEqual(['cat']);
  });

  it('does not read subjects as durations', () => {
    const weekend = parse('long weekend in Kyoto');
    expect(weekend.terms).toEqual(['long', 'weekend', 'kyoto']);
    expect(weekend).not.toHaveProperty('minLengthSec');
    expect(parse('long exposure photography').minLengthSec).toBeUndefined();
    expect(parse('marathon running').terms).toEqual(['marathon', 'running']);
  });

  it('lets an explicit bound win over a contradicting word', () => {
    const intent = parse('long videos under 10 minutes');
    expect(intent.maxLengthSec).toBe(600);
    expect(intent).not.toHaveProperty('minLengthSec');
  });
});

describe('parseIntent: recency', () => {
  it.each<[string, number | undefined, number | undefined]>([
    ['cats from this year', Date.UTC(2026, 0, 1), undefined],
    ['cats this month', NOW.getTime() - 31 * DAY, undefined],
    ['cats this week', NOW.getTime() - 7 * DAY, undefined],
    ['cats uploaded today', NOW.getTime() - DAY, undefined],
    ['cats from last year', Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1)],
    ['cats from last month', Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1)],
    ['cats from the past year', NOW.getTime() - 365 * DAY, undefined],
    ['cats in the last 3 days', NOW.getTime() - 3 * DAY, undefined],
    ['cats from 2025', Date.UTC(2025, 0, 1), Date.UTC(2026, 0, 1)],
    ['cats in 2024', Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1)],
    ['cats since 2025', Date.UTC(2025, 0, 1), undefined],
    ['cats before 2025', undefined, Date.UTC(2025, 0, 1)],
    ['recent cat videos', NOW.getTime() - RECENT_DAYS * DAY, undefined],
    ['new cat videos', NOW.getTime() - RECENT_DAYS * DAY, undefined],
  ])('"%s" → after %s, before %s', (text, after, before) => {
    const intent = parse(text);
    expect(intent.addedAfter).toBe(after);
    expect(intent.addedBefore).toBe(before);
    expect(intent.terms).toEqual(['cats'].includes(intent.terms[0] ?? '') ? ['cats'] : ['cat']);
  });

  it('keeps "new" in names', () => {
    const intent = parse('new york street food');
    expect(intent.terms).toEqual(['new', 'york', 'street', 'food']);
    expect(intent).not.toHaveProperty('addedAfter');
  });
});

describe('parseIntent: orderings', () => {
  it.each<[string, string, string[]]>([
    ['most viewed dog videos', 'views', ['dog']],
    ['popular magic tricks', 'views', ['magic', 'tricks']],
    ['trending dance', 'views', ['dance']],
    ['top rated cooking videos', 'rating', ['cooking']],
    ['the best wildlife documentaries', 'rating', ['wildlife', 'documentaries']],
    ['highest-rated yoga', 'rating', ['yoga']],
    ['latest space videos', 'newest', ['space']],
    ['newest first: trains', 'newest', ['trains']],
    ['oldest football clips', 'oldest', ['football']],
    ['longest hiking videos', 'longest', ['hiking']],
    ['shortest dance clips', 'shortest', ['dance']],
    ['surfing sorted by views', 'views', ['surfing']],
    ['kitten videos', 'relevance', ['kitten']],
    ['top 10 cars', 'relevance', ['top', '10', 'cars']],
  ])('"%s" → %s', (text, order, terms) => {
    const intent = parse(text);
    expect(intent.order).toBe(order);
    expect(intent.terms).toEqual(terms);
  });

  it('reads "shortest"/"longest" as orderings, not as durations', () => {
    const shortest = parse('shortest dance clips');
    expect(shortest.order).toBe('shortest');
    expect(shortest).not.toHaveProperty('maxLengthSec');
    const longest = parse('longest hikes');
    expect(longest.order).toBe('longest');
    expect(longest).not.toHaveProperty('minLengthSec');
  });
});

describe('parseIntent: everything at once', () => {
  it('understands the example request', () => {
    const intent = parse('short funny cat videos from this year, most viewed first');
    expect(intent).toEqual({
      terms: ['funny', 'cat'],
      exclude: [],
      maxLengthSec: SHORT_MAX_SEC,
      addedAfter: Date.UTC(2026, 0, 1),
      order: 'views',
      parser: 'embedded',
      language: 'en',
    });
    expect(describeIntent(intent)).toEqual({
      terms: ['funny', 'cat'],
      max_length_sec: 300,
      added_after: '2026-01-01',
      order: 'views',
      parser: 'embedded',
      language: 'en',
    });
  });

  it('reads exclusions', () => {
    expect(parse('kitten videos without dogs')).toMatchObject({ terms: ['kitten'], exclude: ['dogs'] });
    expect(parse('cooking but not pasta')).toMatchObject({ terms: ['cooking'], exclude: ['pasta'] });
  });
});
