/**
 * The situation tables (server/domains/search/tables/situations.json and
 * situations-everyday.json), as the search loads them: every example written beside an entry is
 * read by it and no counter-example is (both languages, with the search's own matching),
 * ordinary conversational requests about other topics (the everyday table's
 * `unrelatedRequests`) fire nothing of the wrong topic, names are unique (also across the two
 * tables) and every catalogue word an everyday situation asks for is one the topic files use.
 */
import * as fs from 'fs';
import * as path from 'path';

import { EVERYDAY_SITUATIONS, SITUATION_TABLES, SITUATIONS, situationMatches, type Situation } from '../../server/domains/search/situations';
import type { SituationEntry } from '../../server/domains/search/table-loader';

const CJK = /[\u3400-\u9fff]/;

/** Every cue matches somewhere (lower-case English, or Chinese): a wider net than the search's own reading. */
function fires(situation: Situation, text: string): boolean {
  const chinese = CJK.test(text);
  const cues = chinese ? situation.zh : situation.en;
  return !!cues && cues.every((cue) => cue.test(chinese ? text : text.toLowerCase()));
}

type Example = { table: string; name: string; language: 'en' | 'zh'; request: string };

/** Every example (or counter-example) of every entry of both tables. */
function requestsOf(pick: (entry: SituationEntry) => SituationEntry['examples']): Example[] {
  return Object.entries(SITUATION_TABLES).flatMap(([table, { entries }]) =>
    entries.flatMap((entry) =>
      (['en', 'zh'] as const).flatMap((language) => (pick(entry)[language] ?? []).map((request) => ({ table, name: entry.situation.name, language, request }))),
    ),
  );
}

const EXAMPLES = requestsOf((entry) => entry.examples);
const COUNTER_EXAMPLES = requestsOf((entry) => entry.counterExamples);
const NEGATIVES = SITUATION_TABLES.everyday.unrelatedRequests;
const situationNamed = (name: string): Situation => {
  const found = [...SITUATIONS, ...EVERYDAY_SITUATIONS].find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no situation named ${name}`);
  return found;
};

const TOPICS_DIR = path.join(__dirname, '../../server/domains/catalogue/topics');
const TOPIC_TEXT = fs
  .readdirSync(TOPICS_DIR)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => fs.readFileSync(path.join(TOPICS_DIR, file), 'utf8'))
  .join('\n')
  .toLowerCase();

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('everyday situations', () => {
  it('has unique names that do not clash with SITUATIONS', () => {
    const names = EVERYDAY_SITUATIONS.map((situation) => situation.name);
    expect(new Set(names).size).toBe(names.length);
    const existing = new Set(SITUATIONS.map((situation) => situation.name.toLowerCase()));
    expect(names.filter((name) => existing.has(name.toLowerCase()))).toEqual([]);
  });

  it('gives every situation 1-3 English and Chinese cues, 2-5 terms and no fallback', () => {
    for (const situation of EVERYDAY_SITUATIONS) {
      const shape = {
        name: situation.name,
        en: (situation.en?.length ?? 0) >= 1 && (situation.en?.length ?? 0) <= 3,
        zh: (situation.zh?.length ?? 0) >= 1 && (situation.zh?.length ?? 0) <= 3,
        terms: situation.terms.split(' ').length >= 2 && situation.terms.split(' ').length <= 5,
        fallback: situation.fallback ?? false,
      };
      expect(shape).toEqual({ name: situation.name, en: true, zh: true, terms: true, fallback: false });
    }
  });

  it('asks only for words the catalogue topics use', () => {
    const missing: string[] = [];
    for (const situation of EVERYDAY_SITUATIONS) {
      for (const word of situation.terms.split(' ')) {
        const pattern = new RegExp(`(?<![a-z0-9])${escapeRegExp(word.toLowerCase())}(?![a-z0-9])`);
        if (!pattern.test(TOPIC_TEXT)) missing.push(`${situation.name}: ${word}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has at least one English and one Chinese example per situation, in both tables', () => {
    for (const { entries } of Object.values(SITUATION_TABLES)) {
      for (const { situation, examples } of entries) {
        expect({ name: situation.name, en: (examples.en?.length ?? 0) > 0, zh: (examples.zh?.length ?? 0) > 0 }).toEqual({ name: situation.name, en: true, zh: true });
      }
    }
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(SITUATIONS.length * 2 + EVERYDAY_SITUATIONS.length * 2);
  });

  it.each(EXAMPLES)('$table: "$name" reads its $language example "$request"', ({ name, language, request }) => {
    expect(CJK.test(request)).toBe(language === 'zh');
    expect({ request, reads: situationMatches(situationNamed(name), request, language) }).toEqual({ request, reads: true });
  });

  it.each(COUNTER_EXAMPLES)('$table: "$name" leaves its $language counter-example "$request" alone', ({ name, language, request }) => {
    expect({ request, reads: situationMatches(situationNamed(name), request, language) }).toEqual({ request, reads: false });
  });

  it('names only known situations among the negatives', () => {
    const names = new Set(EVERYDAY_SITUATIONS.map((situation) => situation.name));
    expect(NEGATIVES.flatMap(({ mayFire }) => mayFire).filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(NEGATIVES)('fires nothing of another topic on "$text"', ({ text, mayFire }) => {
    const fired = EVERYDAY_SITUATIONS.filter((situation) => fires(situation, text)).map((situation) => situation.name);
    expect(fired.filter((name) => !mayFire.includes(name))).toEqual([]);
  });
});
