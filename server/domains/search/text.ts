/**
 * Words of a text as the search engine sees them: lower-case, accent-free ASCII letters and
 * digits. Each word keeps its surface form (looked up in the word embeddings) and a folded term
 * (plural folding, used by the keyword index), so "puppies" finds "puppy" and still has a vector.
 */

import { chineseWords, translate } from './zh';

export interface Word {
  /** The word as written, lower-cased and accent-free ("puppies"). */
  surface: string;
  /** The keyword-index term: the surface with light plural folding ("puppy"). */
  term: string;
}

/** Light plural folding, the same rules as the catalogue stand-in's search (index and query alike). */
export function foldPlural(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const NON_ASCII = /[^ -~]/;
const CJK_PIECE = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * Lower-cased, accent-free words of a text; single letters are dropped, single digits kept.
 * Chinese runs are segmented (zh.ts): each Chinese word and its English translations.
 */
export function surfaceWords(text: string): string[] {
  let folded = text.toLowerCase();
  if (NON_ASCII.test(folded)) {
    folded = folded.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[\u3400-\u9fff\uf900-\ufaff]+/g, ' $& ');
  }
  const pieces = folded.replace(/['\u2019]/g, '').split(/[^\p{L}\p{N}]+/u);
  const words: string[] = [];
  for (const piece of pieces) {
    if (CJK_PIECE.test(piece)) {
      // Chinese: its words (simplified) and their English translations, so "cat" finds 我的猫.
      for (const word of chineseWords(piece)) {
        words.push(word);
        for (const english of translate(word)) words.push(english);
      }
      continue;
    }
    if (piece.length > 1 || (piece.length === 1 && piece >= '0' && piece <= '9')) words.push(piece);
  }
  return words;
}

export function tokenizeWords(text: string): Word[] {
  return surfaceWords(text).map((surface) => ({ surface, term: foldPlural(surface) }));
}

/** Keyword-index terms of a text. */
export function terms(text: string): string[] {
  return surfaceWords(text).map(foldPlural);
}

/** English function words: they say nothing about a video's subject. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about after against an and are as at be been before being between but by can could did do does during for from had has have he ' +
    'her him his how i if in into ' +
    'is it its just me my of off on or our ours she so than that the their them then there these they this those to ' +
    'too up us very was we were what when where which while who whom why will with would you your yours'
  ).split(' '),
);
