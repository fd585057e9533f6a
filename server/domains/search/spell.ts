/**
 * Typo correction against an index's own vocabulary, SymSpell-style: every vocabulary word is
 * stored under each of its one-letter deletions; a misspelt word's deletions (up to two) are
 * looked up there and in the vocabulary, and the candidates are checked with the real
 * (Damerau–Levenshtein, adjacent swaps count once) distance. The closest wins, then the one
 * in most documents. Words under 4 letters are never corrected; 4–5 letters allow one edit,
 * longer words two.
 */

export interface Suggestion {
  word: string;
  distance: number;
  /** How many documents have the suggested word. */
  frequency: number;
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), capped at max + 1. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const cols = b.length + 1;
  const d = new Uint16Array((a.length + 1) * cols);
  const at = (i: number, j: number) => d[i * cols + j] as number;
  for (let j = 0; j < cols; j += 1) d[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    d[i * cols] = i;
    let rowMin = i;
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, at(i - 2, j - 2) + 1);
      d[i * cols + j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
  }
  return at(a.length, b.length);
}

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i += 1) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

export function maxEditsFor(word: string): number {
  if (word.length < 4) return 0;
  return word.length <= 5 ? 1 : 2;
}

export class Speller {
  private readonly frequency = new Map<string, number>();
  /** One-letter deletion → vocabulary words. */
  private readonly deletes = new Map<string, string[]>();

  /** `words`: vocabulary word → number of documents having it (letters only are kept). */
  constructor(words: Iterable<[string, number]>) {
    for (const [word, count] of words) {
      if (word.length < 3 || !/^[a-z]+$/.test(word)) continue;
      this.frequency.set(word, (this.frequency.get(word) ?? 0) + count);
    }
    for (const word of this.frequency.keys()) {
      for (const deleted of new Set(deletions(word))) {
        const list = this.deletes.get(deleted);
        if (list) list.push(word);
        else this.deletes.set(deleted, [word]);
      }
    }
  }

  get size(): number {
    return this.frequency.size;
  }

  has(word: string): boolean {
    return this.frequency.has(word);
  }

  /** The best correction of `word`, or undefined when it is known or nothing is close enough. */
  suggest(word: string): Suggestion | undefined {
    return this.suggestAll(word)[0];
  }

  /** Every correction at the smallest distance found, most frequent first. */
  suggestAll(word: string): Suggestion[] {
    const max = maxEditsFor(word);
    if (max === 0 || this.frequency.has(word) || !/^[a-z]+$/.test(word)) return [];
    const probes = new Set<string>([word]);
    let frontier = [word];
    for (let level = 0; level < max; level += 1) {
      const next: string[] = [];
      for (const probe of frontier) {
        for (const deleted of deletions(probe)) {
          if (probes.has(deleted)) continue;
          probes.add(deleted);
          next.push(deleted);
        }
      }
      frontier = next;
    }
    const candidates = new Set<string>();
    for (const probe of probes) {
      if (this.frequency.has(probe)) candidates.add(probe);
      for (const candidate of this.deletes.get(probe) ?? []) candidates.add(candidate);
    }
    const found: Suggestion[] = [];
    for (const candidate of candidates) {
      const distance = editDistance(word, candidate, max);
      if (distance <= max) found.push({ word: candidate, distance, frequency: this.frequency.get(candidate) ?? 0 });
    }
    const closest = Math.min(...found.map((suggestion) => suggestion.distance));
    return found.filter((suggestion) => suggestion.distance === closest).sort((a, b) => b.frequency - a.frequency);
  }
}
