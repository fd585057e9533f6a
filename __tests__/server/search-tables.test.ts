/**
 * The loader of the search's data tables (server/domains/search/table-loader.ts): a broken
 * table stops the search's start with a message naming the file and the entry, and the tables
 * in the repository load.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';

import { checkAllSituationExamples, situationMatches } from '../../server/domains/search/situations';
import { checkSituationExamples, loadChineseCatalogue, loadChineseCurated, loadParaphrases, loadSituationTable } from '../../server/domains/search/table-loader';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'search-tables-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A table file in the temporary folder; its absolute path. */
function table(name: string, content: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const cooking = {
  name: 'quick cooking',
  en: ['FOOD', '/\\b(?:quick|busy)\\b/'],
  zh: ['/做饭/', '/快/'],
  terms: 'quick easy cooking',
  examples: { en: ['a quick dinner after work'], zh: ['想快点做饭'] },
};
const situations = (...entries: unknown[]) => ({
  about: 'test',
  cues: { FOOD: { pattern: '/\\b(?:dinner|cook)\\b/' } },
  groups: [{ about: 'food', situations: entries }],
});
/** Loads a table and checks its examples, as the search does at start. */
const load = (file: string, namesTaken?: ReadonlySet<string>) => {
  const loaded = loadSituationTable(file, { soft: false, ...(namesTaken ? { namesTaken } : {}) });
  checkSituationExamples(loaded, situationMatches);
  return loaded;
};

describe('situation tables', () => {
  it('loads a valid table: shared cues are one RegExp, word lists fill {{NAME}}', () => {
    const file = table('ok.json', {
      ...situations(cooking, { ...cooking, name: 'dinner out', en: ['FOOD', '/\\bgoing {{WHERE}}\\b/'], zh: ['/饭店/'], examples: { en: ['dinner going out'], zh: ['去饭店'] } }),
      wordLists: { WHERE: { words: ['out', 'away'] } },
    });
    const { entries, wordPatterns } = load(file);
    expect(entries.map(({ situation }) => situation.name)).toEqual(['quick cooking', 'dinner out']);
    expect(entries[0]?.situation.en?.[0]).toBe(entries[1]?.situation.en?.[0]);
    expect(entries[1]?.situation.en?.[1]?.source).toBe('\\bgoing (?:out|away)\\b');
    expect(wordPatterns).toEqual({ WHERE: '(?:out|away)' });
  });

  it.each<[string, unknown, RegExp]>([
    ['a pattern that does not compile', situations({ ...cooking, zh: ['/做饭(/', '/快/'] }), /situation "quick cooking": zh cue 1: "\/做饭\(\/" does not compile/],
    ['an unknown shared cue', situations({ ...cooking, en: ['MEAL', '/quick/'] }), /situation "quick cooking": en cue 1: "MEAL" is neither/],
    ['an unknown word list', situations({ ...cooking, en: ['/{{SPEED}}/'] }), /situation "quick cooking": en cue 1: .* unknown word list \{\{SPEED\}\}/],
    ['a name used twice', situations(cooking, { ...cooking, name: 'Quick Cooking' }), /situation "Quick Cooking": the name is used twice/],
    ['an example it does not read', situations({ ...cooking, examples: { en: ['a slow dinner'], zh: ['想快点做饭'] } }), /situation "quick cooking": does not match its en example "a slow dinner"/],
    ['a counter-example it reads', situations({ ...cooking, counterExamples: { zh: ['快做饭'] } }), /situation "quick cooking": matches its zh counter-example "快做饭"/],
    ['cues without an example', situations({ ...cooking, examples: { en: ['a quick dinner'] } }), /situation "quick cooking": no zh example/],
    ['a field the schema does not know', situations({ ...cooking, weight: 2 }), /situation "quick cooking": \/groups\/0\/situations\/0\/weight is no field of this table/],
    ['terms that are no words', situations({ ...cooking, terms: ' quick' }), /situation "quick cooking": \/groups\/0\/situations\/0\/terms must match pattern/],
    ['an unrelated request that may fire an unknown situation', { ...situations(cooking), unrelatedRequests: [{ text: 'x', mayFire: ['slow cooking'] }] }, /unrelated request 0 \("x"\): may fire "slow cooking"/],
    ['a broken file', '{ "about": ', /search table .*broken-a-broken-file\.json: .*JSON/],
  ])('names the file and the entry for %s', (label, content, message) => {
    const file = table(`broken-${label.replace(/\W+/g, '-')}.json`, content);
    expect(() => load(file)).toThrow(message);
    expect(() => load(file)).toThrow(file);
  });

  it('finds every example of the repository read by its situation', async () => {
    await expect(checkAllSituationExamples()).resolves.toBeUndefined();
  });

  it('refuses a name a table loaded before uses', () => {
    expect(() => load(table('taken.json', situations(cooking)), new Set(['quick cooking']))).toThrow(/situation "quick cooking": the name is already used/);
  });
});

describe('word tables', () => {
  it('names the entry listed twice, or the one of the wrong shape', () => {
    const twice = table('phrases-twice.json', { about: '', phrases: [['flying camera', 'drone'], ['flying camera', 'quadcopter']] });
    expect(() => loadParaphrases(twice)).toThrow(/phrases-twice\.json, entry "flying camera": is listed twice/);
    const oneWord = table('phrases-one-word.json', { about: '', phrases: [['flying camera', 'drone'], ['drone', 'drone']] });
    expect(() => loadParaphrases(oneWord)).toThrow(/phrases-one-word\.json, entry "drone": \/phrases\/1\/0 must match pattern/);
    const latin = table('zh-latin.json', { about: '', words: [['猫', 'cat'], ['cat', 'cat']] });
    expect(() => loadChineseCatalogue(latin)).toThrow(/zh-latin\.json, entry "cat": \/words\/1\/0 must match pattern/);
    const lists = { stopWords: { words: ['的'] }, storyWords: { words: ['总是', '的', '总是'] }, traditionalWordFixes: { words: [] } };
    const story = table('zh-story-twice.json', { about: '', groups: [{ about: '', words: [['猫', 'cat']] }], ...lists });
    expect(() => loadChineseCurated(story)).toThrow(/zh-story-twice\.json, storyWords "总是": is listed twice/);
  });

  it('loads the tables of the repository', () => {
    const paraphrases = loadParaphrases();
    expect(Object.keys(paraphrases).length).toBeGreaterThan(4000);
    expect(paraphrases['flying camera']).toBeDefined();
    expect(Object.keys(loadChineseCatalogue()).length).toBeGreaterThan(2000);
    const curated = loadChineseCurated();
    expect(curated.words['猫']).toBe('cat');
    expect(curated.stopWords.has('视频')).toBe(true);
    expect(curated.storyWords.has('总是')).toBe(true);
  });
});
