/**
 * The need behind a conversational request: "we just moved into a flat with a tiny kitchen, any
 * ideas for dinner that does not take forever?" says nothing the catalogue writes, but it asks
 * for quick, simple recipes. A curated table of situations (tables/situations.json) — what
 * people say about their day, home, family, body, plans — each mapped onto catalogue words. A
 * situation is recognised when every one of its cue patterns matches (a food word AND a hurry
 * word); its cue spans are taken out of the request and its catalogue words become subject
 * words. Rules only, in English and Chinese (simplified; traditional is simplified before):
 * instant and predictable, and the answer shows what was mapped (`intent.situations`, and the
 * mapped words as term chips).
 *
 * The table maps onto the catalogue's topics and tags (what the videos are about). It was
 * written by the author of the bench's conversational requests (scripts/search-judged.ts),
 * after them: the bench's `conv-unseen` requests, written after the table and never used to
 * change it, measure how far it reaches. After it come the everyday situations
 * (tables/situations-everyday.json), read as hints. Both tables are data, loaded and checked
 * by table-loader.ts when this module is imported; their examples are checked after the
 * search's start-up indexing (checkAllSituationExamples) and by the tests.
 */

import { checkSituationExamples, loadSituationTable, type Language, type Situation, type SituationTable } from './table-loader';
import { wordIndexes } from './zh';

export type { Situation } from './table-loader';

/** Each cue's global copy (firstMatchOutside); declared before the tables load, which match with it. */
const globalCues = new WeakMap<RegExp, RegExp>();

/**
 * Whether the situation reads the request on its own, as findSituations would (English is
 * lower-cased; Chinese must be simplified): the check of the tables' examples.
 */
export function situationMatches(situation: Situation, request: string, language: Language): boolean {
  const chinese = language === 'zh';
  const text = chinese ? request : request.toLowerCase();
  let words: Int32Array | undefined;
  return cueSpans(situation, text, chinese, () => (words ??= wordIndexes(text))) !== null;
}

/** The curated table (tables/situations.json). */
const CURATED_TABLE: SituationTable = loadSituationTable('situations.json', { soft: false });
/**
 * The everyday situations of every catalogue topic (tables/situations-everyday.json), read as
 * hints (Situation.soft); their names differ from the curated ones.
 */
const EVERYDAY_TABLE: SituationTable = loadSituationTable('situations-everyday.json', {
  soft: true,
  namesTaken: new Set(CURATED_TABLE.entries.map(({ situation }) => situation.name.toLowerCase())),
});

/** Both tables with the requests written for their entries (the tests read them from here). */
export const SITUATION_TABLES: Readonly<Record<'curated' | 'everyday', SituationTable>> = { curated: CURATED_TABLE, everyday: EVERYDAY_TABLE };

export const SITUATIONS: readonly Situation[] = CURATED_TABLE.entries.map(({ situation }) => situation);
export const EVERYDAY_SITUATIONS: readonly Situation[] = EVERYDAY_TABLE.entries.map(({ situation }) => situation);

/**
 * Verbs after "going to" in the future tense ("the moon is going to block out the sun"), as an
 * alternation: the word list FUTURE_VERB of situations.json, which its trip cue uses too.
 */
export const FUTURE_VERB: string = (() => {
  const verbs = CURATED_TABLE.wordPatterns.FUTURE_VERB;
  if (verbs === undefined) throw new Error('search table tables/situations.json: the word list FUTURE_VERB is missing (intent.ts reads destinations with it)');
  return verbs;
})();

/** The curated table, then the everyday situations (soft). */
const ALL_SITUATIONS: readonly Situation[] = [...SITUATIONS, ...EVERYDAY_SITUATIONS];

/** Situations whose examples are checked between two yields of checkAllSituationExamples. */
const EXAMPLE_CHECK_SLICE = 40;
let examplesChecked: Promise<void> | undefined;

/**
 * Every situation of both tables reads its examples and none of its counter-examples; rejects
 * with the file and the situation otherwise. Once per process, a slice at a time so a starting
 * server keeps answering: it runs every cue pattern once (compiling them all, which the first
 * conversational requests would otherwise do), so the search runs it after its start-up indexing.
 */
export function checkAllSituationExamples(): Promise<void> {
  examplesChecked ??= (async () => {
    for (const table of [CURATED_TABLE, EVERYDAY_TABLE]) {
      for (let start = 0; start < table.entries.length; start += EXAMPLE_CHECK_SLICE) {
        checkSituationExamples(table, situationMatches, table.entries.slice(start, start + EXAMPLE_CHECK_SLICE));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
  })();
  return examplesChecked;
}

export interface SituationMatch {
  name: string;
  /** The words of the request that told (cue spans, lower-case). */
  cue: string;
  terms: string[];
  /** Read only because nothing more specific was (it does not make the rest chatter). */
  fallback?: boolean;
  /** A hint (Situation.soft): its words are added, nothing is taken out or made chatter. */
  soft?: boolean;
}

/**
 * The situations of a request and the cue spans that told (for the caller to take out).
 * `chinese` selects the Chinese cues (text already simplified) instead of the English ones.
 */
export function findSituations(text: string, chinese: boolean): { spans: string[]; found: SituationMatch[] } {
  const taken: string[] = [];
  const found: SituationMatch[] = [];
  let words: Int32Array | undefined;
  const wordOf = () => (words ??= wordIndexes(text));
  const matchedBy: Array<{ situation: Situation; spans: string[] }> = [];
  for (const situation of ALL_SITUATIONS) {
    const spans = cueSpans(situation, text, chinese, wordOf);
    if (spans) matchedBy.push({ situation, spans });
  }
  const specific = matchedBy.some(({ situation }) => !situation.fallback && !situation.soft);
  for (const { situation, spans } of matchedBy) {
    // The curated reading wins over a hint, as it does over a fallback.
    if ((situation.fallback || situation.soft) && specific) continue;
    if (!situation.soft) taken.push(...spans);
    found.push({
      name: situation.name,
      cue: spans.filter((span) => span.trim()).join(' … ').trim(),
      terms: situation.terms.split(' '),
      ...(situation.fallback ? { fallback: true } : {}),
      ...(situation.soft ? { soft: true } : {}),
    });
  }
  return { spans: taken, found };
}

/**
 * The span of `text` that tells each cue of the situation (in the language's cues), or null when
 * one does not match. `wordOf` gives the Chinese word indexes (computed once per text).
 */
function cueSpans(situation: Situation, text: string, chinese: boolean, wordOf: () => Int32Array): string[] | null {
  const cues = chinese ? situation.zh : situation.en;
  if (!cues) return null;
  const spans: string[] = [];
  // Each cue must be told by other words than the cues before it: "knees" is both an older
  // person's complaint and a reason to exercise, but "my knees hurt when I run" is neither twice.
  const used: Array<[number, number]> = [];
  for (const cue of cues) {
    const match = firstMatchOutside(cue, text, used, chinese ? wordOf() : undefined);
    if (!match) return null;
    used.push([match.index, match.index + match[0].length]);
    spans.push(match[0]);
  }
  return spans;
}

/**
 * The first match of `cue` in `text` that overlaps none of the `used` ranges. With `wordOf`
 * (Chinese, written without spaces: zh.ts wordIndexes), a match that begins inside one word and
 * ends inside another is no cue: 多动 ("fidgety") is not in 好多|动物 ("many animals"); 幼儿 in
 * 幼儿园 still is.
 */
function firstMatchOutside(
  cue: RegExp,
  text: string,
  used: ReadonlyArray<[number, number]>,
  wordOf?: Int32Array,
): RegExpExecArray | null {
  let global = globalCues.get(cue);
  if (!global) {
    global = new RegExp(cue.source, cue.flags.includes('g') ? cue.flags : `${cue.flags}g`);
    globalCues.set(cue, global);
  }
  global.lastIndex = 0;
  for (let match = global.exec(text); match; match = global.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    const straddles =
      wordOf !== undefined &&
      start > 0 &&
      wordOf[start] === wordOf[start - 1] &&
      end < text.length &&
      wordOf[end] === wordOf[end - 1] &&
      wordOf[start] !== wordOf[end - 1];
    if (!straddles && !used.some(([from, to]) => start < to && from < end)) return match;
    if (match[0].length === 0) global.lastIndex += 1;
  }
  return null;
}

/** `text` without the spans (every occurrence). */
export function withoutSpans(text: string, spans: readonly string[]): string {
  let rest = text;
  for (const span of spans) if (span.trim()) rest = rest.split(span).join(' ');
  return rest;
}
