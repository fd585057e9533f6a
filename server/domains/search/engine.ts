/**
 * The AI search engine over one set of documents (a "segment": the catalogue, or the public
 * self-shot videos). A segment is built once from its documents and never changes; a change in
 * the documents builds a new segment and swaps it in, so a search never sees half an update.
 * The weights below (DEFAULT_WEIGHTS) were set on the bench's relevance set; the scores are
 * flat around them (halving or doubling one moves recall@18 and nDCG@10 by at most ~0.03).
 *
 * Scoring a request (a SearchIntent from intent.ts):
 *
 * 1. Each subject word becomes a group of weighted index terms:
 *    - the word itself (weight 1) when the index has it;
 *    - its 12 nearest index words by word-vector cosine (kitten → kitty, automobile → car),
 *      weight rising from 0 at cosine 0.45 to 0.6 at cosine 1;
 *    - pseudo-relevance feedback: words in at least 20 % of the 20 best keyword matches AND
 *      close to the subject word in vector space (kitten → cat, feline: the kitten videos say
 *      "cat"), weight up to 0.9 × that share. Word vectors alone rank "puppy" above "cat" for
 *      "kitten"; the documents themselves say which neighbour belongs to the subject.
 *    Both expansions are halved when the word itself is in the index ("dog" must not drift
 *    to "cat", which word vectors put at cosine 0.88).
 *    Consecutive subject words that the index has as a pair ("big cat", "night sky") add a
 *    pair group (weight 0.5): documents index the word pairs of their phrases.
 * 2. Keyword score: BM25 (k1 1.2, b 0.75) over title (×2), keywords (×1), description (×0.6)
 *    and approved descriptions (×0.8); per group, the best-scoring term counts (a video saying
 *    "cat, kitty, feline" is not three times as much about kittens).
 * 3. Semantic score: cosine between the query vector (IDF-weighted mean of the subject words'
 *    vectors, plus half the weight of their expansions) and the document vectors (IDF-weighted
 *    mean of title, keyword, description and approved-description word vectors, Int8), for the
 *    4,000 best keyword matches (every document when nothing matched a keyword), rescaled: 0 at
 *    the mean document (estimated on a fixed sample), 1 at the best.
 * 4. Relevance = 0.65 × keyword / best keyword + 0.35 × semantic.
 * 5. The intent applies: exclusions and length/date constraints filter; a document matches when
 *    its relevance reaches 45 % of the best document that passes them (60 % when the request
 *    asks for an ordering such as "most viewed": sorting by views must not lift loosely related
 *    videos over the subject). When nothing passes, the constraints are dropped (the answer
 *    says `relaxed`). Matches are then ordered by relevance
 *    (+ 0.02 × log10(views)/8 to break near-ties) or by the requested ordering; a bounded heap
 *    picks the page.
 */
import { stemmer } from 'stemmer';

import type { SearchSource } from '../../infra/db/schema';

import type { WordVectors } from './embeddings';
import type { SearchIntent } from './intent';
import { Speller, type Suggestion } from './spell';
import { foldPlural, STOP_WORDS, tokenizeWords } from './text';

export interface IndexDocument {
  source: SearchSource;
  ref: string;
  title: string;
  /** Comma-separated keyword phrases. */
  keywords: string;
  description: string;
  /** Approved description submissions. */
  extra: string;
  /**
   * What is said in a self-shot video: the text of its caption tracks, one cue per line
   * (docs/search.md#captions-in-search). Weighed below everything else, and capped.
   */
  captions?: string;
  views: number;
  rating: number | null;
  lengthSec: number | null;
  /** Epoch milliseconds. */
  addedAt: number | null;
}

export interface SearchHit {
  doc: IndexDocument;
  /** Relevance 0–1 (the best match of a request is near 1). */
  score: number;
  /** Its keyword part: BM25 over the expanded terms / the best document's. */
  keyword: number;
  /** Its semantic part: cosine rescaled between the mean (0) and the best (1) document. */
  semantic: number;
}

export interface SegmentSearchResult {
  total: number;
  hits: SearchHit[];
  /** True when the length/date constraints matched nothing and were dropped. */
  relaxed: boolean;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

// ---- weights (see the header) ----
export const DEFAULT_WEIGHTS = {
  fields: { title: 2, keywords: 1, description: 0.6, extra: 0.8 },
  /**
   * Captions: each occurrence of a word weighs this much, counted at most captionMaxOccurrences
   * times, so what a video says many times never outweighs one word of its title (2) or
   * description (0.6). They add at most captionMaxLength to the document's BM25 length (a long
   * transcript must not push its own title down) and at most that much weight to its vector.
   */
  captionWeight: 0.25,
  captionMaxOccurrences: 2,
  captionMaxLength: 4,
  bm25K1: 1.2,
  bm25B: 0.75,
  embeddingMinCosine: 0.45,
  embeddingWeight: 0.6,
  embeddingNeighbours: 12,
  neighbourDampingWhenPresent: 0.5,
  /** Weight of a matching word pair, on top of its two words. */
  pairWeight: 0.5,
  /** At most this many keyword matches (the best) get a semantic score; see scoreSemantic. */
  semanticCandidates: 4000,
  feedbackDocs: 20,
  feedbackMinShare: 0.2,
  feedbackMinCosine: 0.25,
  feedbackWeight: 0.9,
  rocchioExpansion: 0.5,
  keywordShare: 0.65,
  matchFraction: 0.45,
  orderedMatchFraction: 0.6,
  /** Relevance + viewsNudge × log10(views)/8: popular videos win near-ties. */
  viewsNudge: 0.02,
  /**
   * Coordination: with two or more subject words the index has, a document's keyword score is
   * scaled by (1 − coordination) + coordination × (parts it matches / parts); a part matches
   * through its own word or an expansion weighing at least partMinTermWeight.
   */
  coordination: 0.3,
  /** A request with this many distinct subject words is talkative (see absentWordWeightWhenTalkative). */
  talkativeWords: 6,
  absentWordWeightWhenTalkative: 0.3,
  partMinTermWeight: 0.5,
  /**
   * In a conversational request of topicalWords words or more that no situation explains, a word the documents use in many unrelated videos ("week", "family",
   * "summer": low topic coherence) is more likely chatter than subject: its weight is scaled from
   * coherenceFloor at coherenceLow up to 1 at coherenceHigh.
   */
  topicalWords: 4,
  coherenceLow: 0.15,
  coherenceHigh: 0.4,
  coherenceFloor: 0.3,
  /** Below this relevance nothing matches, however good it is relative to the rest. */
  minRelevance: 0.05,
};
export type EngineWeights = typeof DEFAULT_WEIGHTS;

interface Postings {
  docs: Uint32Array;
  tf: Float32Array;
}

/** Endings of peoples and languages ("egyptians", "korean", "vietnamese"), longest first. */
const DEMONYM_SUFFIXES = ['ians', 'ian', 'ans', 'ese', 'ish', 'ns', 'n'];

/** Coherence: terms in fewer documents have none; at most this many of a term's documents are read. */
const COHERENCE_MIN_DOCS = 3;
const COHERENCE_SAMPLE = 400;

/** Documents in the sample that estimates the mean semantic score. */
const SEMANTIC_SAMPLE = 2000;

/** Where word pairs stop: keyword phrases are comma-separated; titles break at punctuation. */
const PHRASE_BREAK = /[,;:.!?()[\]|/]+|\s[-\u2013\u2014]\s/;

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function idfOf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

export class Segment {
  private docs: readonly IndexDocument[] = [];
  private readonly termIds = new Map<string, number>();
  private readonly postings: Postings[] = [];
  private idf!: Float32Array;
  /** Unit vectors of index terms (0 where a term has none); hasVector marks which. */
  private termVectors!: Float32Array;
  private termHasVector!: Uint8Array;
  private docTermStart!: Uint32Array;
  private docTermList!: Uint32Array;
  private docLengthNorm!: Float32Array;
  private docVectors!: Int8Array;
  /** 1 / |quantised doc vector|, 0 for documents without a vector. */
  private docVectorScale!: Float32Array;
  private viewsNudge!: Float32Array;
  private views!: Float64Array;
  /** NaN where unknown. */
  private rating!: Float64Array;
  private lengthSec!: Float64Array;
  private addedAt!: Float64Array;
  private medianIdf!: number;
  /** Porter stem → the most used single-word term with that stem. */
  private readonly byStem = new Map<string, number>();
  /**
   * Per term: how much the documents that use it are about one thing — the length of the mean of
   * their (centred, unit) document vectors over the mean of the lengths, 0–1, minus what a random
   * set of as many documents gets. NaN for pairs, rare terms and segments without vectors.
   */
  private coherenceOf!: Float32Array;
  /** Evenly spread documents whose mean semantic score stands for the whole segment's. */
  private sample!: Uint32Array;
  private vectors: WordVectors | null = null;
  // Scratch space reused by every search (searches run one at a time: no await inside).
  // Fields are set by init(), which a build runs to the end before anyone sees the segment.
  private keywordScore!: Float32Array;
  private groupScore!: Float32Array;
  private semantic!: Float32Array;
  private matchScratch!: Uint32Array;
  private relevance!: Float32Array;
  /** Per document: how many of the request's parts it matched (coordination, see search()). */
  private partHits!: Uint8Array;
  private partMark!: Uint8Array;
  /** scoreGroup's list of the documents one group reached. */
  private groupReached!: Uint32Array;

  private constructor(private readonly weights: EngineWeights) {}

  /** Builds the index, yielding every `chunk` documents (so an async build can let others run). */
  private *init(docs: readonly IndexDocument[], vectors: WordVectors | null, chunk: number): Generator<void, void, void> {
    const w = this.weights;
    this.docs = docs;
    this.vectors = vectors;
    const n = docs.length;

    // Terms per document with field-weighted frequencies.
    const postingDocs: number[][] = [];
    const postingTf: number[][] = [];
    const surfaceOf: string[] = [];
    const docTermStart = new Uint32Array(n + 1);
    const docTermList: number[] = [];
    const docLength = new Float32Array(n);
    /** Per document: [termId, weight of the field] of every word, for the document vector. */
    const docWords: Array<Array<[number, number]>> = [];

    for (let docIndex = 0; docIndex < n; docIndex += 1) {
      if (docIndex > 0 && docIndex % chunk === 0) yield;
      const doc = docs[docIndex] as IndexDocument;
      const frequencies = new Map<number, number>();
      const words: Array<[number, number]> = [];
      let length = 0;
      const termIdOf = (term: string, surface: string): number => {
        let termId = this.termIds.get(term);
        if (termId === undefined) {
          termId = surfaceOf.length;
          this.termIds.set(term, termId);
          surfaceOf.push(surface);
          postingDocs.push([]);
          postingTf.push([]);
        }
        return termId;
      };
      const addField = (text: string, weight: number) => {
        // Phrases (keyword phrases, title parts) also index their word pairs ("big cat", "night sky").
        for (const phrase of text.split(PHRASE_BREAK)) {
          let previous: string | undefined;
          for (const { surface, term } of tokenizeWords(phrase)) {
            const termId = termIdOf(term, surface);
            frequencies.set(termId, (frequencies.get(termId) ?? 0) + weight);
            length += weight;
            if (STOP_WORDS.has(term)) continue;
            words.push([termId, weight]);
            if (previous !== undefined && previous !== term) {
              const pairId = termIdOf(`${previous} ${term}`, `${previous} ${term}`);
              frequencies.set(pairId, (frequencies.get(pairId) ?? 0) + weight);
            }
            previous = term;
          }
        }
      };
      addField(doc.title, w.fields.title);
      addField(doc.keywords, w.fields.keywords);
      addField(doc.description, w.fields.description);
      addField(doc.extra, w.fields.extra);
      if (doc.captions) {
        // Per term: at most captionMaxOccurrences occurrences count; word pairs likewise (spoken phrases).
        const counts = new Map<number, number>();
        const spoken: number[] = [];
        const count = (termId: number) => {
          const seen = counts.get(termId) ?? 0;
          counts.set(termId, seen + 1);
          if (seen < w.captionMaxOccurrences) frequencies.set(termId, (frequencies.get(termId) ?? 0) + w.captionWeight);
          return seen === 0;
        };
        for (const line of doc.captions.split('\n')) {
          for (const phrase of line.split(PHRASE_BREAK)) {
            let previous: string | undefined;
            for (const { surface, term } of tokenizeWords(phrase)) {
              const termId = termIdOf(term, surface);
              const first = count(termId);
              if (STOP_WORDS.has(term)) continue;
              if (first) spoken.push(termId);
              if (previous !== undefined && previous !== term) count(termIdOf(`${previous} ${term}`, `${previous} ${term}`));
              previous = term;
            }
          }
        }
        length += Math.min(w.captionMaxLength, spoken.length * w.captionWeight);
        const each = spoken.length > 0 ? Math.min(w.captionWeight, w.captionMaxLength / spoken.length) : 0;
        for (const termId of spoken) words.push([termId, each]);
      }
      docTermStart[docIndex] = docTermList.length;
      for (const [termId, tf] of frequencies) {
        (postingDocs[termId] as number[]).push(docIndex);
        (postingTf[termId] as number[]).push(tf);
        docTermList.push(termId);
      }
      docLength[docIndex] = length;
      docWords.push(words);
    }
    docTermStart[n] = docTermList.length;
    this.docTermStart = docTermStart;
    this.docTermList = Uint32Array.from(docTermList);

    const termCount = surfaceOf.length;
    this.idf = new Float32Array(termCount);
    for (let termId = 0; termId < termCount; termId += 1) {
      const docsOf = postingDocs[termId] as number[];
      this.postings.push({ docs: Uint32Array.from(docsOf), tf: Float32Array.from(postingTf[termId] as number[]) });
      this.idf[termId] = idfOf(docsOf.length, n);
    }
    for (const [term, termId] of this.termIds) {
      if (!/^[a-z]{4,}$/.test(term)) continue;
      const stem = stemmer(term);
      const other = this.byStem.get(stem);
      if (other === undefined || (postingDocs[termId] as number[]).length > (postingDocs[other] as number[]).length) this.byStem.set(stem, termId);
    }
    const sortedIdf = Float32Array.from(this.idf).sort();
    this.medianIdf = sortedIdf.length > 0 ? (sortedIdf[sortedIdf.length >> 1] as number) : 1;

    let totalLength = 0;
    for (let i = 0; i < n; i += 1) totalLength += docLength[i] as number;
    const averageLength = n > 0 ? totalLength / n || 1 : 1;
    this.docLengthNorm = new Float32Array(n);
    for (let i = 0; i < n; i += 1) {
      this.docLengthNorm[i] = w.bm25K1 * (1 - w.bm25B + (w.bm25B * (docLength[i] as number)) / averageLength);
    }

    // Term vectors: the term itself ("puppy") when it has one, else its first surface form ("puppies").
    const dims = this.dims;
    this.termVectors = new Float32Array(termCount * dims);
    this.termHasVector = new Uint8Array(termCount);
    if (vectors) {
      for (const [term, termId] of this.termIds) {
        const vector = vectors.vector(term) ?? vectors.vector(surfaceOf[termId] as string);
        if (!vector) continue;
        this.termVectors.set(vector, termId * dims);
        this.termHasVector[termId] = 1;
      }
    }

    // Document vectors: IDF-weighted mean of word vectors, quantised to Int8.
    this.docVectors = new Int8Array(vectors ? n * dims : 0);
    this.docVectorScale = new Float32Array(n);
    if (vectors) {
      const sum = new Float32Array(dims);
      for (let docIndex = 0; docIndex < n; docIndex += 1) {
        if (docIndex > 0 && docIndex % chunk === 0) yield;
        const words = docWords[docIndex] as Array<[number, number]>;
        sum.fill(0);
        let any = false;
        for (const [termId, fieldWeight] of words) {
          if (!this.termHasVector[termId]) continue;
          any = true;
          const weight = fieldWeight * (this.idf[termId] as number);
          const base = termId * dims;
          for (let d = 0; d < dims; d += 1) sum[d] = (sum[d] as number) + weight * (this.termVectors[base + d] as number);
        }
        if (!any) continue;
        let maxAbs = 0;
        for (let d = 0; d < dims; d += 1) maxAbs = Math.max(maxAbs, Math.abs(sum[d] as number));
        if (maxAbs === 0) continue;
        const base = docIndex * dims;
        let norm = 0;
        for (let d = 0; d < dims; d += 1) {
          const q = Math.round(((sum[d] as number) / maxAbs) * 127);
          this.docVectors[base + d] = q;
          norm += q * q;
        }
        this.docVectorScale[docIndex] = 1 / Math.sqrt(norm);
      }
    }

    this.coherenceOf = new Float32Array(termCount).fill(NaN);
    if (vectors && n > 0) yield* this.computeCoherence(surfaceOf, chunk);

    this.viewsNudge = new Float32Array(n);
    this.views = new Float64Array(n);
    this.rating = new Float64Array(n);
    this.lengthSec = new Float64Array(n);
    this.addedAt = new Float64Array(n);
    docs.forEach((doc, i) => {
      this.viewsNudge[i] = (w.viewsNudge * Math.log10(Math.max(1, doc.views))) / 8;
      this.views[i] = doc.views;
      this.rating[i] = doc.rating ?? NaN;
      this.lengthSec[i] = doc.lengthSec ?? NaN;
      this.addedAt[i] = doc.addedAt ?? NaN;
    });

    const sampleSize = Math.min(n, SEMANTIC_SAMPLE);
    this.sample = Uint32Array.from({ length: sampleSize }, (_, i) => Math.floor((i * n) / sampleSize));

    this.keywordScore = new Float32Array(n);
    this.groupScore = new Float32Array(n);
    this.semantic = new Float32Array(n);
    this.matchScratch = new Uint32Array(n);
    this.relevance = new Float32Array(n);
    this.partHits = new Uint8Array(n);
    this.partMark = new Uint8Array(n);
    this.groupReached = new Uint32Array(n);
  }

  /**
   * Topic coherence of every single-word term (see coherenceOf): at most COHERENCE_SAMPLE of its
   * documents, evenly spread, are read, so a common word costs no more than a rare one.
   */
  private *computeCoherence(surfaceOf: readonly string[], chunk: number): Generator<void, void, void> {
    const n = this.size;
    const dims = this.dims;
    const unit = new Float32Array(n * dims);
    const mean = new Float32Array(dims);
    let counted = 0;
    for (let docIndex = 0; docIndex < n; docIndex += 1) {
      if (docIndex > 0 && docIndex % chunk === 0) yield;
      const scale = this.docVectorScale[docIndex] as number;
      if (scale === 0) continue;
      counted += 1;
      const base = docIndex * dims;
      for (let d = 0; d < dims; d += 1) {
        const value = (this.docVectors[base + d] as number) * scale;
        unit[base + d] = value;
        mean[d] = (mean[d] as number) + value;
      }
    }
    if (counted < 20) return;
    for (let d = 0; d < dims; d += 1) mean[d] = (mean[d] as number) / counted;
    const spread = new Float32Array(n);
    for (let docIndex = 0; docIndex < n; docIndex += 1) {
      if ((this.docVectorScale[docIndex] as number) === 0) continue;
      const base = docIndex * dims;
      let norm = 0;
      for (let d = 0; d < dims; d += 1) {
        const value = (unit[base + d] as number) - (mean[d] as number);
        unit[base + d] = value;
        norm += value * value;
      }
      spread[docIndex] = Math.sqrt(norm);
    }
    const sum = new Float32Array(dims);
    for (let termId = 0; termId < surfaceOf.length; termId += 1) {
      if (termId > 0 && termId % chunk === 0) yield;
      if ((surfaceOf[termId] as string).includes(' ')) continue;
      const docs = (this.postings[termId] as Postings).docs;
      if (docs.length < COHERENCE_MIN_DOCS) continue;
      const step = Math.max(1, docs.length / COHERENCE_SAMPLE);
      sum.fill(0);
      let lengths = 0;
      let count = 0;
      for (let i = 0; i < docs.length; i += step) {
        const docIndex = docs[Math.floor(i)] as number;
        const length = spread[docIndex] as number;
        if (length === 0) continue;
        lengths += length;
        count += 1;
        const base = docIndex * dims;
        for (let d = 0; d < dims; d += 1) sum[d] = (sum[d] as number) + (unit[base + d] as number);
      }
      if (count < COHERENCE_MIN_DOCS || lengths === 0) continue;
      let norm = 0;
      for (let d = 0; d < dims; d += 1) norm += (sum[d] as number) * (sum[d] as number);
      this.coherenceOf[termId] = Math.sqrt(norm) / lengths - 1 / Math.sqrt(count);
    }
  }

  /**
   * A word the index lacks as written, read as the place or people it names when the index has
   * that ("egyptians" → egypt, "korean" → korea); undefined otherwise.
   */
  private stemOf(term: string): number | undefined {
    if (!/^[a-z]{4,}$/.test(term)) return undefined;
    for (const suffix of DEMONYM_SUFFIXES) {
      if (!term.endsWith(suffix) || term.length - suffix.length < 4) continue;
      const termId = this.termIds.get(term.slice(0, -suffix.length));
      if (termId !== undefined) return termId;
    }
    // Another form of a word the index has ("dribble" → dribbling, "snorkelled" → snorkeling).
    return this.byStem.get(stemmer(term));
  }

  /** coherenceFloor…1: how much an index term counts in a talkative request (see coherenceLow). */
  private topicality(termId: number): number {
    const w = this.weights;
    const coherence = this.coherenceOf[termId] as number;
    if (coherence !== coherence) return 1; // NaN: rare, or no vectors
    const t = (coherence - w.coherenceLow) / (w.coherenceHigh - w.coherenceLow);
    return Math.min(1, Math.max(w.coherenceFloor, t));
  }

  /** The topic coherence of an index word (NaN when unknown); see coherenceOf. */
  coherence(word: string): number {
    const termId = this.termIds.get(word) ?? this.termIds.get(foldPlural(word));
    return termId === undefined ? NaN : (this.coherenceOf[termId] as number);
  }

  /** Builds a segment in one go (tests, small segments). */
  static build(docs: readonly IndexDocument[], vectors: WordVectors | null = null, weights: EngineWeights = DEFAULT_WEIGHTS): Segment {
    const segment = new Segment(weights);
    const steps = segment.init(docs, vectors, Number.MAX_SAFE_INTEGER);
    while (!steps.next().done);
    return segment;
  }

  /**
   * Builds a segment giving the event loop a turn every `chunk` documents: requests keep being
   * answered (from the previous segment) while a big catalogue is indexed.
   */
  static async buildAsync(
    docs: readonly IndexDocument[],
    vectors: WordVectors | null = null,
    weights: EngineWeights = DEFAULT_WEIGHTS,
    chunk = 500,
  ): Promise<Segment> {
    const segment = new Segment(weights);
    const steps = segment.init(docs, vectors, chunk);
    while (!steps.next().done) await new Promise<void>((resolve) => setImmediate(resolve));
    return segment;
  }

  get size(): number {
    return this.docs.length;
  }

  get dims(): number {
    return this.vectors?.dims ?? 0;
  }

  get hasVectors(): boolean {
    return this.vectors !== null;
  }

  documents(): readonly IndexDocument[] {
    return this.docs;
  }

  /** True when the index has this word (as written or plural-folded). */
  knows(word: string): boolean {
    return this.termIds.has(word) || this.termIds.has(foldPlural(word));
  }

  private speller: Speller | undefined;

  /** The closest index words to a misspelt one (the speller is built on first use). */
  suggest(word: string): Suggestion[] {
    this.speller ??= new Speller(
      (function* (termIds: Map<string, number>, postings: Postings[]) {
        for (const [term, termId] of termIds) if (!term.includes(' ')) yield [term, (postings[termId] as Postings).docs.length] as [string, number];
      })(this.termIds, this.postings),
    );
    return this.speller.suggestAll(word);
  }

  /** How many documents have both words (plural-folded); 0 when either is unknown. */
  cooccurrence(a: string, b: string): number {
    const first = this.termIds.get(foldPlural(a));
    const second = this.termIds.get(foldPlural(b));
    if (first === undefined || second === undefined) return 0;
    const x = (this.postings[first] as Postings).docs;
    const y = (this.postings[second] as Postings).docs;
    let count = 0;
    for (let i = 0, j = 0; i < x.length && j < y.length; ) {
      const dx = x[i] as number;
      const dy = y[j] as number;
      if (dx === dy) {
        count += 1;
        i += 1;
        j += 1;
      } else if (dx < dy) i += 1;
      else j += 1;
    }
    return count;
  }

  private cosineToTerm(vector: Float32Array, termId: number): number {
    const base = termId * this.dims;
    let dot = 0;
    for (let d = 0; d < this.dims; d += 1) dot += (vector[d] as number) * (this.termVectors[base + d] as number);
    return dot;
  }

  /** Nearest index terms of a vector: [termId, cosine], best first. */
  private neighbours(vector: Float32Array, minCosine: number, limit: number): Array<[number, number]> {
    const found: Array<[number, number]> = [];
    const termCount = this.termHasVector.length;
    for (let termId = 0; termId < termCount; termId += 1) {
      if (!this.termHasVector[termId]) continue;
      const cosine = this.cosineToTerm(vector, termId);
      if (cosine >= minCosine) found.push([termId, cosine]);
    }
    found.sort((a, b) => b[1] - a[1]);
    return found.slice(0, limit);
  }

  /** Adds, per document, the best weighted BM25 contribution of the group's terms to keywordScore. */
  private scoreGroup(group: Map<number, number>, touched: number[], groupWeight = 1, countPart = false): void {
    // The hot loop of a search (a long request at 100,000 videos walks millions of postings):
    // fields read once into locals, the documents reached kept in a reused typed array.
    const best = this.groupScore;
    const mark = this.partMark;
    const norm = this.docLengthNorm;
    const keywordScore = this.keywordScore;
    const partHits = this.partHits;
    const local = this.groupReached;
    let reached = 0;
    const strong = this.weights.partMinTermWeight;
    const k1Plus1 = this.weights.bm25K1 + 1;
    for (const [termId, weight] of group) {
      const { docs, tf } = this.postings[termId] as Postings;
      const idf = (this.idf[termId] as number) * weight * groupWeight;
      const marks = countPart && weight >= strong;
      for (let i = 0; i < docs.length; i += 1) {
        const docIndex = docs[i] as number;
        const f = tf[i] as number;
        const contribution = (idf * f * k1Plus1) / (f + (norm[docIndex] as number));
        const previous = best[docIndex] as number;
        // (A zero contribution leaves the score at 0, so a later term could list the document
        // again: the bound keeps such repeats, which add nothing, inside the array.)
        if (previous === 0 && reached < local.length) {
          local[reached] = docIndex;
          reached += 1;
        }
        if (contribution > previous) best[docIndex] = contribution;
        if (marks) mark[docIndex] = 1;
      }
    }
    for (let r = 0; r < reached; r += 1) {
      const docIndex = local[r] as number;
      if (keywordScore[docIndex] === 0) touched.push(docIndex);
      keywordScore[docIndex] = (keywordScore[docIndex] as number) + (best[docIndex] as number);
      best[docIndex] = 0;
      if (mark[docIndex]) {
        partHits[docIndex] = (partHits[docIndex] as number) + 1;
        mark[docIndex] = 0;
      }
    }
  }

  /**
   * `skipRef`: a document left out of the answer and of setting the bar (related videos: the video
   * itself matches its own words best and would leave only near-copies above the bar).
   */
  /**
   * `matchFraction` overrides the weights' bar for this search (the AI search's self-shot part
   * keeps videos that only say the request's words: service.ts SELFIE_MATCH_FRACTION).
   */
  search(intent: SearchIntent, page: PageRequest, skipRef?: string, options: { matchFraction?: number } = {}): SegmentSearchResult {
    const w = this.weights;
    const n = this.size;
    if (n === 0) return { total: 0, hits: [], relaxed: false };
    const dims = this.dims;
    const vectors = this.vectors;

    // 1. Subject words → groups of weighted terms.
    interface Group {
      vector: Float32Array | undefined;
      idf: number;
      terms: Map<number, number>;
      /** The word itself is in the index (its expansions are damped). */
      present: boolean;
      direct: number | undefined;
      /** How much the word counts (chatter around the subject counts less). */
      weight: number;
    }
    const groups: Group[] = [];
    const seenTerms = new Set<string>();
    const subjectWords = intent.terms
      .flatMap((text, i) => tokenizeWords(text).map((word) => ({ ...word, weight: intent.weights?.[i] ?? 1 })))
      .filter(({ term }) => !STOP_WORDS.has(term));
    const distinctWords = new Set(subjectWords.map(({ term }) => term)).size;
    const talkative = distinctWords >= w.talkativeWords;
    // A conversational request that no situation explains: its scattered words weigh less.
    const unexplained = intent.conversational === true && distinctWords >= w.topicalWords && !(intent.situations ?? []).some((situation) => !situation.soft);
    for (const { surface, term, weight: groupWeight } of subjectWords) {
      if (seenTerms.has(term)) continue;
      seenTerms.add(term);
      const vector = vectors ? (vectors.vector(term) ?? vectors.vector(surface)) : undefined;
      const terms = new Map<number, number>();
      const direct = this.termIds.get(term) ?? this.stemOf(term);
      if (direct !== undefined) terms.set(direct, 1);
      if (vector) {
        // A word the documents use themselves needs its neighbours less ("dog" must not drift to "cat").
        const damp = direct !== undefined ? w.neighbourDampingWhenPresent : 1;
        for (const [termId, cosine] of this.neighbours(vector, w.embeddingMinCosine, w.embeddingNeighbours)) {
          const weight = (damp * w.embeddingWeight * (cosine - w.embeddingMinCosine)) / (1 - w.embeddingMinCosine);
          if (weight > (terms.get(termId) ?? 0)) terms.set(termId, weight);
        }
      }
      if (terms.size === 0 && !vector) continue; // a word we know nothing about
      const idf = direct !== undefined ? (this.idf[direct] as number) : this.medianIdf;
      // In a long, talkative request a word the index does not have is more likely chatter
      // than subject: it counts less (its neighbours would otherwise pull in loose matches).
      let weight = direct === undefined && (talkative || unexplained) ? groupWeight * w.absentWordWeightWhenTalkative : groupWeight;
      if (unexplained && direct !== undefined) weight *= this.topicality(direct);
      groups.push({ vector, idf, terms, present: direct !== undefined, direct, weight });
    }
    // Two words the index writes as one ("paddle boards" → paddleboarding, "work out" → workout)
    // count as that word, as much as the more important of the two.
    for (let i = 1; i < subjectWords.length; i += 1) {
      const first = subjectWords[i - 1] as (typeof subjectWords)[number];
      const second = subjectWords[i] as (typeof subjectWords)[number];
      const joined = `${first.surface}${second.surface}`;
      if (!/^[a-z]{6,}$/.test(joined)) continue;
      const termId = this.termIds.get(joined) ?? this.termIds.get(foldPlural(joined)) ?? this.stemOf(joined);
      if (termId === undefined || groups.some((group) => group.direct === termId)) continue;
      const weight = Math.max(first.weight, second.weight);
      groups.push({ vector: undefined, idf: this.idf[termId] as number, terms: new Map([[termId, 1]]), present: true, direct: termId, weight });
    }
    // Word pairs of the request that the index knows ("big cats" → "big cat") add a phrase bonus.
    for (let i = 1; i < subjectWords.length; i += 1) {
      const pair = this.termIds.get(`${subjectWords[i - 1]?.term} ${subjectWords[i]?.term}`);
      if (pair !== undefined) {
        const weight = Math.min(subjectWords[i - 1]?.weight ?? 1, subjectWords[i]?.weight ?? 1);
        groups.push({ vector: undefined, idf: 0, terms: new Map([[pair, w.pairWeight]]), present: true, direct: undefined, weight });
      }
    }
    const hasSubject = intent.terms.length > 0;

    // 2. Keyword scores; feedback expansion from the best matches, and a second pass if it added terms.
    const keyword = this.keywordScore;
    const touched: number[] = [];
    /** A part of the request: a subject word (not chatter, not a word pair) the index has. */
    const isPart = (group: Group) => group.present && group.vector !== undefined && group.weight >= 1 && group.direct !== undefined;
    const parts = groups.filter(isPart).length;
    const runKeyword = () => {
      for (const docIndex of touched) {
        keyword[docIndex] = 0;
        this.partHits[docIndex] = 0;
      }
      touched.length = 0;
      for (const group of groups) if (group.terms.size > 0) this.scoreGroup(group.terms, touched, group.weight, isPart(group));
      // Coordination: a request in parts ("hiking in scotland", "X with Y") prefers documents
      // with every part over documents that have one part many times.
      if (parts >= 2) {
        const share = w.coordination;
        for (const docIndex of touched) keyword[docIndex] = (keyword[docIndex] as number) * (1 - share + (share * (this.partHits[docIndex] as number)) / parts);
      }
    };
    runKeyword();
    let expanded = false;
    if (vectors && touched.length > 0) {
      const top = topByKey(Uint32Array.from(touched), (docIndex) => keyword[docIndex] as number, Math.min(touched.length, w.feedbackDocs));
      const share = new Map<number, number>();
      for (const docIndex of top) {
        for (let i = this.docTermStart[docIndex] as number; i < (this.docTermStart[docIndex + 1] as number); i += 1) {
          const termId = this.docTermList[i] as number;
          share.set(termId, (share.get(termId) ?? 0) + 1 / top.length);
        }
      }
      for (const group of groups) {
        if (!group.vector || group.weight < 1) continue;
        for (const [termId, fraction] of share) {
          if (fraction < w.feedbackMinShare || !this.termHasVector[termId]) continue;
          const cosine = this.cosineToTerm(group.vector, termId);
          if (cosine < w.feedbackMinCosine) continue;
          const damp = group.present ? w.neighbourDampingWhenPresent : 1;
          const weight = damp * w.feedbackWeight * fraction * Math.min(1, (cosine - w.feedbackMinCosine) / 0.45);
          if (weight > (group.terms.get(termId) ?? 0)) {
            group.terms.set(termId, weight);
            expanded = true;
          }
        }
      }
    }
    if (expanded) runKeyword();
    let maxKeyword = 0;
    for (const docIndex of touched) maxKeyword = Math.max(maxKeyword, keyword[docIndex] as number);

    // 3. Semantic scores, rescaled: 0 at the mean document, 1 at the best one.
    const semantic = this.semantic;
    let semanticUsed = false;
    if (vectors && groups.some((group) => group.vector)) {
      const query = new Float32Array(dims);
      for (const group of groups) {
        const groupIdf = group.idf * group.weight;
        if (group.vector) for (let d = 0; d < dims; d += 1) query[d] = (query[d] as number) + groupIdf * (group.vector[d] as number);
        for (const [termId, weight] of group.terms) {
          if (weight >= 1 || !this.termHasVector[termId]) continue;
          const scale = w.rocchioExpansion * weight * group.weight * (this.idf[termId] as number);
          const base = termId * dims;
          for (let d = 0; d < dims; d += 1) query[d] = (query[d] as number) + scale * (this.termVectors[base + d] as number);
        }
      }
      let norm = 0;
      for (let d = 0; d < dims; d += 1) norm += (query[d] as number) * (query[d] as number);
      if (norm > 0) {
        const inverse = 1 / Math.sqrt(norm);
        for (let d = 0; d < dims; d += 1) query[d] = (query[d] as number) * inverse;
        semanticUsed = this.scoreSemantic(query, this.semanticCandidates(touched));
      }
    }
    if (!semanticUsed) semantic.fill(0);

    // 4. Relevance.
    const relevance = this.relevance;
    const keywordShare = semanticUsed ? (maxKeyword > 0 ? w.keywordShare : 0) : 1;
    const semanticShare = 1 - keywordShare;
    let maxRelevance = 0;
    if (!hasSubject) {
      relevance.fill(1);
      maxRelevance = 1;
    } else {
      const keywordScale = maxKeyword > 0 ? keywordShare / maxKeyword : 0;
      for (let docIndex = 0; docIndex < n; docIndex += 1) {
        const value = keywordScale * (keyword[docIndex] as number) + semanticShare * (semantic[docIndex] as number);
        relevance[docIndex] = value;
        if (value > maxRelevance) maxRelevance = value;
      }
    }

    // 5. Matches, constraints, order.
    const finish = (result: SegmentSearchResult): SegmentSearchResult => {
      for (const docIndex of touched) {
        keyword[docIndex] = 0;
        this.partHits[docIndex] = 0;
      }
      return result;
    };
    if (maxRelevance < w.minRelevance) return finish({ total: 0, hits: [], relaxed: false });
    const fraction = intent.order !== 'relevance' ? w.orderedMatchFraction : (options.matchFraction ?? w.matchFraction);
    const skipIndex = skipRef === undefined ? -1 : this.docs.findIndex((doc) => doc.ref === skipRef);

    let excluded: Uint8Array | undefined;
    for (const word of intent.exclude) {
      const terms = tokenizeWords(word)
        .map(({ term }) => term)
        .filter((term) => !STOP_WORDS.has(term));
      // One word: every document with it. A phrase ("mountain bikes"): the documents with the
      // phrase (the index has word pairs), else those with all its words — not with any of them.
      const pair = terms.length === 2 ? this.termIds.get(`${terms[0]} ${terms[1]}`) : undefined;
      const lists = pair !== undefined ? [pair] : terms.map((term) => this.termIds.get(term));
      if (lists.length === 0 || lists.some((termId) => termId === undefined)) continue;
      const count = new Uint8Array(n);
      for (const termId of lists) for (const docIndex of (this.postings[termId as number] as Postings).docs) count[docIndex] = (count[docIndex] as number) + 1;
      excluded ??= new Uint8Array(n);
      for (let docIndex = 0; docIndex < n; docIndex += 1) if (count[docIndex] === lists.length) excluded[docIndex] = 1;
    }
    const minLength = intent.minLengthSec ?? -Infinity;
    const maxLength = intent.maxLengthSec ?? Infinity;
    const after = intent.addedAfter ?? -Infinity;
    const before = intent.addedBefore ?? Infinity;
    const constrained =
      intent.minLengthSec !== undefined || intent.maxLengthSec !== undefined || intent.addedAfter !== undefined || intent.addedBefore !== undefined;
    // Unknown lengths/dates (NaN) fail every comparison, so they never satisfy a constraint.
    const lengths = this.lengthSec;
    const added = this.addedAt;
    const fits = (docIndex: number): boolean => {
      const length = lengths[docIndex] as number;
      const at = added[docIndex] as number;
      return length >= minLength && length <= maxLength && at >= after && at < before;
    };
    /** Documents within `fraction` of the best one that may be shown (fitting the constraints if asked). */
    const collect = (useConstraints: boolean): Uint32Array => {
      // The bar is set by the best document that may be shown: "recent kitten videos" with no
      // recent kitten video still finds the recent cat videos.
      let best = 0;
      for (let docIndex = 0; docIndex < n; docIndex += 1) {
        const value = relevance[docIndex] as number;
        if (value <= best || excluded?.[docIndex] || docIndex === skipIndex || (useConstraints && !fits(docIndex))) continue;
        best = value;
      }
      const found = this.matchScratch;
      if (best < w.minRelevance) return found.subarray(0, 0);
      const threshold = fraction * best;
      let count = 0;
      for (let docIndex = 0; docIndex < n; docIndex += 1) {
        if ((relevance[docIndex] as number) < threshold || excluded?.[docIndex] || docIndex === skipIndex) continue;
        if (useConstraints && !fits(docIndex)) continue;
        found[count] = docIndex;
        count += 1;
      }
      return found.subarray(0, count);
    };
    let matches = collect(constrained);
    let relaxed = false;
    if (matches.length === 0 && constrained) {
      matches = collect(false);
      relaxed = matches.length > 0;
    }

    const key = this.orderKeys(intent.order);
    const ranked = topByKey(matches, key, Math.min(matches.length, page.offset + page.limit));
    const hits: SearchHit[] = [];
    for (let i = page.offset; i < ranked.length; i += 1) {
      const docIndex = ranked[i] as number;
      hits.push({
        doc: this.docs[docIndex] as IndexDocument,
        score: round4(relevance[docIndex] as number),
        keyword: maxKeyword > 0 ? round4((keyword[docIndex] as number) / maxKeyword) : 0,
        semantic: round4(semantic[docIndex] as number),
      });
    }
    return finish({ total: matches.length, hits, relaxed });
  }

  /** The keyword matches worth a semantic score: all of them, or the best `semanticCandidates`. */
  private semanticCandidates(touched: number[]): readonly number[] {
    const limit = this.weights.semanticCandidates;
    if (touched.length <= limit) return touched;
    const keywordScore = this.keywordScore;
    const scores = new Float32Array(touched.length);
    for (let i = 0; i < touched.length; i += 1) scores[i] = keywordScore[touched[i] as number] as number;
    const cut = kthSmallest(scores, touched.length - limit);
    return touched.filter((docIndex) => (keywordScore[docIndex] as number) >= cut);
  }

  /** Cosine of one document's vector with `query` (unit); NaN when the document has no vector. */
  private cosineToDoc(query: Float32Array, docIndex: number): number {
    const scale = this.docVectorScale[docIndex] as number;
    if (scale === 0) return NaN;
    const dims = this.dims;
    const docVectors = this.docVectors;
    const base = docIndex * dims;
    const blocks = dims - (dims % 4);
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    let d = 0;
    for (; d < blocks; d += 4) {
      a0 += (docVectors[base + d] as number) * (query[d] as number);
      a1 += (docVectors[base + d + 1] as number) * (query[d + 1] as number);
      a2 += (docVectors[base + d + 2] as number) * (query[d + 2] as number);
      a3 += (docVectors[base + d + 3] as number) * (query[d + 3] as number);
    }
    for (; d < dims; d += 1) a0 += (docVectors[base + d] as number) * (query[d] as number);
    return (a0 + a1 + a2 + a3) * scale;
  }

  /**
   * Semantic scores into `semantic`, rescaled so the mean document is 0 and the best one 1;
   * false when they are flat. When the keyword stage (with its vector-neighbour expansions)
   * reached under a third of the documents, only those are scored — a document sharing no word
   * with the request's nearest index words is not a top semantic match either — and the mean
   * comes from a fixed sample. Otherwise every document is scored.
   */
  private scoreSemantic(query: Float32Array, candidates: readonly number[]): boolean {
    const n = this.size;
    const semantic = this.semantic;
    const full = candidates.length === 0;
    let max = -Infinity;
    let sum = 0;
    let counted = 0;
    if (full) {
      for (let docIndex = 0; docIndex < n; docIndex += 1) {
        const cosine = this.cosineToDoc(query, docIndex);
        semantic[docIndex] = cosine;
        if (cosine !== cosine) continue; // NaN
        sum += cosine;
        counted += 1;
        if (cosine > max) max = cosine;
      }
    } else {
      semantic.fill(NaN);
      for (const docIndex of this.sample) {
        const cosine = this.cosineToDoc(query, docIndex);
        if (cosine !== cosine) continue;
        sum += cosine;
        counted += 1;
      }
      for (const docIndex of candidates) {
        const cosine = this.cosineToDoc(query, docIndex);
        semantic[docIndex] = cosine;
        if (cosine > max) max = cosine;
      }
    }
    const mean = counted > 0 ? sum / counted : 0;
    const spread = max - mean;
    if (!(spread > 1e-6)) return false;
    const inverse = 1 / spread;
    for (let docIndex = 0; docIndex < n; docIndex += 1) {
      const cosine = semantic[docIndex] as number;
      // NaN (no vector, not scored) and below-average documents get 0.
      semantic[docIndex] = cosine > mean ? (cosine - mean) * inverse : 0;
    }
    return true;
  }

  /** Sort key per document, bigger first. Relevance order gives popular videos a small edge in near-ties. */
  private orderKeys(order: SearchIntent['order']): (docIndex: number) => number {
    const relevance = this.relevance;
    const nudge = this.viewsNudge;
    const views = this.views;
    const rating = this.rating;
    const added = this.addedAt;
    const lengths = this.lengthSec;
    switch (order) {
      case 'views':
        return (i) => views[i] as number;
      case 'rating':
        return (i) => ((rating[i] as number) || 0) * 1e9 + (views[i] as number);
      case 'newest':
        return (i) => (added[i] as number) || 0;
      case 'oldest':
        return (i) => -((added[i] as number) || Number.MAX_SAFE_INTEGER);
      case 'longest':
        return (i) => (lengths[i] as number) || 0;
      case 'shortest':
        return (i) => -((lengths[i] as number) || Number.MAX_SAFE_INTEGER);
      default:
        return (i) => (relevance[i] as number) + (nudge[i] as number);
    }
  }
}

/**
 * The value a full ascending sort would put at index `k` (Hoare's selection, linear on average;
 * a search at 100,000 videos would otherwise sort tens of thousands of scores). Reorders `values`.
 */
export function kthSmallest(values: Float32Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    // Median of three as the pivot keeps sorted and constant runs linear.
    const middle = (low + high) >>> 1;
    const a = values[low] as number;
    const b = values[middle] as number;
    const c = values[high] as number;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = low;
    let j = high;
    while (i <= j) {
      while ((values[i] as number) < pivot) i += 1;
      while ((values[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k] as number;
  }
  return values[k] as number;
}

/**
 * The `count` best of `candidates` by `key` (bigger first; ties: smaller index first), sorted.
 * A bounded heap: cheap when a request matches thousands of documents but shows 18.
 */
export function topByKey(candidates: Uint32Array, key: (docIndex: number) => number, count: number): Uint32Array {
  if (count <= 0) return new Uint32Array(0);
  const heapIndex = new Uint32Array(count);
  const heapKey = new Float64Array(count);
  let size = 0;
  // "a is worse than b": smaller key, or equal key and larger index.
  const worse = (ka: number, ia: number, kb: number, ib: number) => ka < kb || (ka === kb && ia > ib);
  const swap = (a: number, b: number) => {
    const k = heapKey[a] as number;
    const d = heapIndex[a] as number;
    heapKey[a] = heapKey[b] as number;
    heapIndex[a] = heapIndex[b] as number;
    heapKey[b] = k;
    heapIndex[b] = d;
  };
  const siftDown = (start: number) => {
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < size && worse(heapKey[left] as number, heapIndex[left] as number, heapKey[worst] as number, heapIndex[worst] as number)) worst = left;
      if (right < size && worse(heapKey[right] as number, heapIndex[right] as number, heapKey[worst] as number, heapIndex[worst] as number)) worst = right;
      if (worst === i) return;
      swap(i, worst);
      i = worst;
    }
  };
  for (let c = 0; c < candidates.length; c += 1) {
    const docIndex = candidates[c] as number;
    const k = key(docIndex);
    if (size < count) {
      // Sift up.
      let i = size;
      size += 1;
      heapKey[i] = k;
      heapIndex[i] = docIndex;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heapKey[i] as number, heapIndex[i] as number, heapKey[parent] as number, heapIndex[parent] as number)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (worse(heapKey[0] as number, heapIndex[0] as number, k, docIndex)) {
      heapKey[0] = k;
      heapIndex[0] = docIndex;
      siftDown(0);
    }
  }
  const order = Array.from({ length: size }, (_, i) => i).sort((a, b) =>
    worse(heapKey[a] as number, heapIndex[a] as number, heapKey[b] as number, heapIndex[b] as number) ? 1 : -1,
  );
  return Uint32Array.from(order, (i) => heapIndex[i] as number);
}
