/**
 * The search's hand-made tables — situations, paraphrases, Chinese vocabulary — are data
 * (./tables/*.json), not code. This module reads one, checks it and compiles its patterns once:
 *
 * - the shape, against a TypeBox schema;
 * - every pattern (a string "/source/flags") compiles;
 * - every name a table refers to exists (a shared cue, a word list `{{NAME}}` inside a pattern,
 *   a situation an unrelated request may fire);
 * - no key (situation name, phrase, word) is there twice — JSON.parse would keep the last one
 *   without a word, which is why the word tables are lists of pairs, not objects;
 * - every situation has an example in each language it has cues for.
 *
 * These checks run when the owning module is imported (situations.ts, synonyms.ts, zh.ts, as the
 * TypeScript tables were), in ~50 ms of CPU for the five tables; a table that fails stops the
 * start with the file and the entry named. Whether each situation reads its examples (and
 * none of its counter-examples) is checkSituationExamples: it runs every cue pattern once, which
 * compiles ~1,850 regular expressions (~150 ms of CPU), so the search runs it after its start-up
 * indexing (situations.ts, service.ts) and the tests run it on every example. This module imports
 * nothing of the search, so the modules that own the tables can all use it without a cycle.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { Type, type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/** The folder of the data files. */
export const TABLES_DIR = path.join(__dirname, 'tables');

/** Where a table is read from: a name in ./tables, or a path (the tests' broken tables). */
const tablePath = (file: string): string => path.resolve(TABLES_DIR, file);

export class SearchTableError extends Error {
  constructor(file: string, where: string, problem: string) {
    super(`search table ${path.isAbsolute(file) ? file : `tables/${file}`}${where ? `, ${where}` : ''}: ${problem}`);
    this.name = 'SearchTableError';
  }
}

export type Language = 'en' | 'zh';
export const LANGUAGES: readonly Language[] = ['en', 'zh'];

/** A situation as the search reads it (situations.ts, findSituations). */
export interface Situation {
  /** A short name for logs and the answer ("quick cooking"). */
  name: string;
  /** English cues: all must match the (lower-case, normalised) request. */
  en?: RegExp[];
  /** Chinese cues (simplified): all must match. */
  zh?: RegExp[];
  /** Catalogue words the situation asks for. */
  terms: string;
  /** Only when no other situation matched (a generic reading such as "travel"). */
  fallback?: boolean;
  /**
   * A hint, not a reading: its words join the request's own, which stay as they are (its cues
   * are not taken out and the rest is not made chatter). The everyday table's situations are
   * soft: they are broad, and a wrong one must not replace what the person wrote.
   */
  soft?: boolean;
}

export type Requests = Partial<Record<Language, string[]>>;

/** A situation with the requests written for it (for the load-time check and the tests). */
export interface SituationEntry {
  situation: Situation;
  examples: Requests;
  counterExamples: Requests;
}

export interface SituationTable {
  /** The file it was read from (for messages). */
  file: string;
  entries: SituationEntry[];
  /** Word lists as the alternation patterns uses insert (`{{FUTURE_VERB}}` → `(?:be|have|…)`). */
  wordPatterns: Record<string, string>;
  /** Requests about something else, and the situations of this table they may fire (tests). */
  unrelatedRequests: Array<{ text: string; mayFire: string[] }>;
}

/** Whether a situation reads a request (situations.ts passes the search's own matching). */
export type SituationMatcher = (situation: Situation, request: string, language: Language) => boolean;

const Note = Type.Optional(Type.String({ minLength: 1 }));
const Words = Type.String({ pattern: '^\\S+(?: \\S+)*$' });
const RequestList = Type.Array(Type.String({ minLength: 1 }), { minItems: 1 });
const RequestsSchema = Type.Object({ en: Type.Optional(RequestList), zh: Type.Optional(RequestList) }, { additionalProperties: false });
const Cues = Type.Array(Type.String({ minLength: 1 }), { minItems: 1 });

const SituationFile = Type.Object(
  {
    about: Type.String(),
    wordLists: Type.Optional(Type.Record(Type.String(), Type.Object({ note: Note, words: Type.Array(Type.String({ pattern: '^\\S+$' }), { minItems: 1 }) }, { additionalProperties: false }))),
    cues: Type.Optional(Type.Record(Type.String(), Type.Object({ pattern: Type.String(), note: Note }, { additionalProperties: false }))),
    groups: Type.Array(
      Type.Object(
        {
          about: Type.String(),
          situations: Type.Array(
            Type.Object(
              {
                name: Type.String({ minLength: 1 }),
                note: Note,
                en: Type.Optional(Cues),
                zh: Type.Optional(Cues),
                terms: Words,
                fallback: Type.Optional(Type.Literal(true)),
                examples: RequestsSchema,
                counterExamples: Type.Optional(RequestsSchema),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    unrelatedRequests: Type.Optional(
      Type.Array(Type.Object({ text: Type.String({ minLength: 1 }), mayFire: Type.Array(Type.String()) }, { additionalProperties: false })),
    ),
  },
  { additionalProperties: false },
);

const Pair = <Key extends TSchema, Value extends TSchema>(key: Key, value: Value) => Type.Tuple([key, value]);
const PHRASE = Type.String({ pattern: "^[a-z0-9']+(?: [a-z0-9']+){1,4}$" });
const CATALOGUE_WORDS = Type.String({ pattern: "^[a-z0-9'-]+(?: [a-z0-9'-]+)*$" });
const CHINESE = Type.String({ pattern: '^[\\u3400-\\u9fff\\uf900-\\ufaff·]+$' });

const ParaphraseFile = Type.Object({ about: Type.String(), phrases: Type.Array(Pair(PHRASE, CATALOGUE_WORDS)) }, { additionalProperties: false });

const ChineseCatalogueFile = Type.Object({ about: Type.String(), words: Type.Array(Pair(CHINESE, CATALOGUE_WORDS)) }, { additionalProperties: false });

const WordList = Type.Object({ note: Note, words: Type.Array(CHINESE) }, { additionalProperties: false });
const ChineseCuratedFile = Type.Object(
  {
    about: Type.String(),
    groups: Type.Array(Type.Object({ about: Type.String(), words: Type.Array(Pair(CHINESE, CATALOGUE_WORDS)) }, { additionalProperties: false })),
    stopWords: WordList,
    storyWords: WordList,
    traditionalWordFixes: Type.Object({ note: Note, words: Type.Array(Pair(CHINESE, CHINESE)) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** The file, parsed and checked against its schema. */
function readTable<S extends TSchema>(file: string, schema: S, describe: (pointer: string[], data: unknown) => string): Static<S> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(tablePath(file), 'utf8'));
  } catch (error) {
    throw new SearchTableError(file, '', error instanceof Error ? error.message : String(error));
  }
  // Compiled: checking a table of thousands of entries interpretively takes a tenth of a second.
  const validator = Compile(schema);
  if (!validator.Check(data)) {
    // The deepest error says the most ("must match pattern" rather than "must be array").
    const errors = validator.Errors(data);
    const error = errors.reduce((deepest, next) => (next.instancePath.length > deepest.instancePath.length ? next : deepest), errors[0]!);
    const pointer = error.instancePath.split('/').slice(1);
    // additionalProperties: false reports a field it does not know as "schema is false".
    const problem = error.keyword === 'boolean' ? 'is no field of this table' : error.message;
    throw new SearchTableError(file, describe(pointer, data), `${error.instancePath || '/'} ${problem}`);
  }
  return data;
}

/** Walks a JSON pointer's parts in the data. */
function at(data: unknown, parts: readonly string[]): unknown {
  let node = data;
  for (const part of parts) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

/** "situation "quick cooking"" for a pointer inside groups/N/situations/M. */
function describeSituationPointer(pointer: string[], data: unknown): string {
  if (pointer[0] === 'groups' && pointer[2] === 'situations' && pointer[3] !== undefined) {
    const name = at(data, [...pointer.slice(0, 4), 'name']);
    return typeof name === 'string' ? `situation "${name}"` : `group ${pointer[1]}, situation ${pointer[3]}`;
  }
  if (pointer[0] === 'unrelatedRequests' && pointer[1] !== undefined) return `unrelated request ${pointer[1]}`;
  return pointer.length ? pointer.slice(0, 2).join(' ') : '';
}

/** "entry "core workout"" for a pointer inside a list of pairs. */
function describePairPointer(pointer: string[], data: unknown): string {
  const entryAt = pointer.findIndex((part, i) => i > 0 && /^\d+$/.test(part) && Array.isArray(at(data, pointer.slice(0, i))) && Array.isArray(at(data, pointer.slice(0, i + 1))));
  if (entryAt < 0) return pointer.slice(0, 2).join(' ');
  const key = at(data, [...pointer.slice(0, entryAt + 1), '0']);
  return typeof key === 'string' ? `entry "${key}"` : `${pointer.slice(0, entryAt + 1).join(' ')}`;
}

const LITERAL = /^\/(.+)\/([dgimsuvy]*)$/s;
const WORD_LIST_USE = /\{\{([A-Z][A-Z0-9_]*)\}\}/g;

/**
 * A pattern written "/source/flags", with `{{NAME}}` replaced by the named word list's
 * alternation; throws a plain Error (the caller names the file and entry).
 */
function compilePattern(literal: string, wordPatterns: Readonly<Record<string, string>>): RegExp {
  const parts = LITERAL.exec(literal);
  if (!parts) throw new Error(`${JSON.stringify(literal)} is neither "/source/flags" nor the name of a shared cue`);
  const source = (parts[1] as string).replace(WORD_LIST_USE, (_use, name: string) => {
    const words = wordPatterns[name];
    if (words === undefined) throw new Error(`${JSON.stringify(literal)} uses an unknown word list {{${name}}}`);
    return words;
  });
  try {
    return new RegExp(source, parts[2]);
  } catch (error) {
    throw new Error(`${JSON.stringify(literal)} does not compile: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The first key seen twice, if any. */
function firstDuplicate(keys: Iterable<string>): string | undefined {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

/**
 * A situation table (situations.json, situations-everyday.json), its patterns compiled. `soft`
 * marks every situation as a hint; `namesTaken` are the names of tables loaded before
 * (lower-case): a name must be unique across them.
 */
export function loadSituationTable(file: string, options: { soft: boolean; namesTaken?: ReadonlySet<string> }): SituationTable {
  const data = readTable(file, SituationFile, describeSituationPointer);
  const wordPatterns: Record<string, string> = {};
  for (const [name, list] of Object.entries(data.wordLists ?? {})) {
    const duplicate = firstDuplicate(list.words);
    if (duplicate !== undefined) throw new SearchTableError(file, `word list ${name}`, `"${duplicate}" is listed twice`);
    wordPatterns[name] = `(?:${list.words.join('|')})`;
  }
  // A shared cue is one RegExp object, as the constants of the TypeScript tables were.
  const sharedCues = new Map<string, RegExp>();
  for (const [name, cue] of Object.entries(data.cues ?? {})) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) throw new SearchTableError(file, `cue ${name}`, 'a shared cue is named in capitals (FOOD, KIDS_ZH)');
    try {
      sharedCues.set(name, compilePattern(cue.pattern, wordPatterns));
    } catch (error) {
      throw new SearchTableError(file, `cue ${name}`, (error as Error).message);
    }
  }
  const cuesOf = (name: string, cues: readonly string[] | undefined, language: Language): RegExp[] | undefined =>
    cues?.map((cue, i) => {
      const shared = sharedCues.get(cue);
      if (shared) return shared;
      try {
        return compilePattern(cue, wordPatterns);
      } catch (error) {
        throw new SearchTableError(file, `situation "${name}"`, `${language} cue ${i + 1}: ${(error as Error).message}`);
      }
    });

  const entries: SituationEntry[] = [];
  const names = new Set<string>();
  for (const group of data.groups) {
    for (const written of group.situations) {
      const where = `situation "${written.name}"`;
      const key = written.name.toLowerCase();
      if (names.has(key)) throw new SearchTableError(file, where, 'the name is used twice');
      if (options.namesTaken?.has(key)) throw new SearchTableError(file, where, 'the name is already used by a table loaded before');
      names.add(key);
      const situation: Situation = {
        name: written.name,
        ...(written.en ? { en: cuesOf(written.name, written.en, 'en') } : {}),
        ...(written.zh ? { zh: cuesOf(written.name, written.zh, 'zh') } : {}),
        terms: written.terms,
        ...(written.fallback ? { fallback: true } : {}),
        ...(options.soft ? { soft: true } : {}),
      };
      const counterExamples = written.counterExamples ?? {};
      for (const language of LANGUAGES) {
        const hasCues = situation[language] !== undefined;
        const examples = written.examples[language] ?? [];
        if (hasCues && examples.length === 0) throw new SearchTableError(file, where, `no ${language} example: a situation with ${language} cues needs at least one request it matches`);
        if (!hasCues && (examples.length > 0 || counterExamples[language])) throw new SearchTableError(file, where, `${language} examples but no ${language} cues`);
      }
      entries.push({ situation, examples: written.examples, counterExamples });
    }
  }
  const unrelatedRequests = data.unrelatedRequests ?? [];
  for (const [i, request] of unrelatedRequests.entries()) {
    const unknown = request.mayFire.find((name) => !names.has(name.toLowerCase()));
    if (unknown !== undefined) throw new SearchTableError(file, `unrelated request ${i} (${JSON.stringify(request.text)})`, `may fire "${unknown}", which is no situation of this table`);
  }
  return { file, entries, wordPatterns, unrelatedRequests };
}

/**
 * Throws, naming the table and the situation, when an entry does not read one of its examples
 * or reads one of its counter-examples (with `matches`, the search's own reading). `entries`:
 * some of the table's (the search checks them a slice at a time).
 */
export function checkSituationExamples(table: SituationTable, matches: SituationMatcher, entries: readonly SituationEntry[] = table.entries): void {
  for (const { situation, examples, counterExamples } of entries) {
    const where = `situation "${situation.name}"`;
    for (const language of LANGUAGES) {
      for (const example of examples[language] ?? []) {
        if (!matches(situation, example, language)) throw new SearchTableError(table.file, where, `does not match its ${language} example ${JSON.stringify(example)}`);
      }
      for (const counter of counterExamples[language] ?? []) {
        if (matches(situation, counter, language)) throw new SearchTableError(table.file, where, `matches its ${language} counter-example ${JSON.stringify(counter)}`);
      }
    }
  }
}

/** Pairs as a lookup object (a plain object, as the TypeScript tables were), each key once. */
function lookup(file: string, pairs: ReadonlyArray<readonly [string, string]>): Readonly<Record<string, string>> {
  const table: Record<string, string> = {};
  for (const [key, value] of pairs) {
    if (Object.hasOwn(table, key)) throw new SearchTableError(file, `entry "${key}"`, 'is listed twice');
    table[key] = value;
  }
  return table;
}

/** paraphrases.json: everyday English phrase (2-5 words) → the catalogue tag's words. */
export function loadParaphrases(file = 'paraphrases.json'): Readonly<Record<string, string>> {
  return lookup(file, readTable(file, ParaphraseFile, describePairPointer).phrases);
}

/** zh-catalogue.json: Chinese word → the catalogue tag's words. */
export function loadChineseCatalogue(file = 'zh-catalogue.json'): Readonly<Record<string, string>> {
  return lookup(file, readTable(file, ChineseCatalogueFile, describePairPointer).words);
}

export interface ChineseCurated {
  /** Chinese word → catalogue words, in the file's order (chineseFor lists them so). */
  words: Readonly<Record<string, string>>;
  stopWords: ReadonlySet<string>;
  storyWords: ReadonlySet<string>;
  traditionalWordFixes: Readonly<Record<string, string>>;
}

/** zh-curated.json: the curated layer, the request and story words, Taiwan wording. */
export function loadChineseCurated(file = 'zh-curated.json'): ChineseCurated {
  const data = readTable(file, ChineseCuratedFile, describePairPointer);
  const words = lookup(file, data.groups.flatMap((group) => group.words));
  const set = (list: string[], name: string): ReadonlySet<string> => {
    const duplicate = firstDuplicate(list);
    if (duplicate !== undefined) throw new SearchTableError(file, `${name} "${duplicate}"`, 'is listed twice');
    return new Set(list);
  };
  return {
    words,
    stopWords: set(data.stopWords.words, 'stopWords'),
    storyWords: set(data.storyWords.words, 'storyWords'),
    traditionalWordFixes: lookup(file, data.traditionalWordFixes.words),
  };
}
