/**
 * Search over the catalogue as the provider's search endpoint answers it: case-insensitive word
 * matching over titles and keywords, videos matching more of the query's words first (title
 * matches before keyword-only matches), then the requested order. The word index and the seven
 * orderings are built once per catalogue, so a query costs a few milliseconds.
 */
import { getCatalogue, type Catalogue, type CatalogueVideo } from './dataset';

export const CATALOGUE_ORDERS = [
  'latest',
  'longest',
  'shortest',
  'top-rated',
  'most-popular',
  'top-weekly',
  'top-monthly',
] as const;
export type CatalogueOrder = (typeof CATALOGUE_ORDERS)[number];

export interface CatalogueSearchOptions {
  /** Free text; empty or "all" means every video. */
  query?: string;
  order?: CatalogueOrder;
  /** 1-based. */
  page?: number;
  perPage?: number;
}

export interface CatalogueSearchResult {
  /** Matching videos over all pages. */
  totalCount: number;
  /** The requested page (empty past the end). */
  videos: CatalogueVideo[];
}

const DAY_MS = 24 * 3600 * 1000;
/** top-weekly / top-monthly consider videos added this many days before the newest upload. */
const RECENT_WINDOW_DAYS = { 'top-weekly': 7, 'top-monthly': 30 } as const;
/** Scores pack "words matched" above "words matched in the title"; more query words than this are ignored. */
const MAX_QUERY_TERMS = 24;

/** Words too common to say anything about a video; dropped from queries unless nothing else is left. */
const STOP_WORDS = new Set(
  'a an and are as at be by for from how i in is it its me my of on or our the this to vs we what with you your'.split(' '),
);

/** Light plural folding so "puppies" finds "puppy" and "boxes" finds "box"; applied to index and query alike. */
function foldPlural(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

const NON_ASCII = /[^ -~]/;

/** Lower-cased, accent-free, plural-folded words of a text. */
export function tokenize(text: string): string[] {
  let folded = text.toLowerCase();
  // Catalogue text is nearly all printable ASCII: skip the (slow) Unicode work when there is nothing to fold.
  const ascii = !NON_ASCII.test(folded);
  if (!ascii) folded = folded.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const words = folded.replace(/['\u2019]/g, '').split(ascii ? /[^a-z0-9]+/ : /[^\p{L}\p{N}]+/u);
  const tokens: string[] = [];
  for (const word of words) {
    if (word.length > 1 || (word.length === 1 && word >= '0' && word <= '9')) tokens.push(foldPlural(word));
  }
  return tokens;
}

interface CatalogueIndex {
  titlePostings: Map<string, number[]>;
  keywordPostings: Map<string, number[]>;
  /** Video positions (indices into catalogue.videos) in each order; windowed orders hold only recent videos. */
  sorted: Record<CatalogueOrder, Uint32Array>;
  /** rank[order][videoIndex] = place in that order; NOT_RANKED when outside a recent window. */
  rank: Record<CatalogueOrder, Uint32Array>;
}

const NOT_RANKED = 0xffffffff;

function addPosting(postings: Map<string, number[]>, word: string, videoIndex: number): void {
  const list = postings.get(word);
  if (!list) postings.set(word, [videoIndex]);
  else if (list[list.length - 1] !== videoIndex) list.push(videoIndex);
}

/** Sort keys per order, biggest first; ties fall to the next key, then to the video's position. */
type SortKeys = (video: CatalogueVideo) => [number, number];
const ORDER_KEYS: Record<Exclude<CatalogueOrder, 'top-weekly' | 'top-monthly'>, SortKeys> = {
  latest: (video) => [video.addedAt, 0],
  longest: (video) => [video.lengthSec, video.addedAt],
  shortest: (video) => [-video.lengthSec, video.addedAt],
  'top-rated': (video) => [video.rating, video.views],
  'most-popular': (video) => [video.views, 0],
};

function sortedPositions(videos: readonly CatalogueVideo[], keysOf: SortKeys): Uint32Array {
  const primary = new Float64Array(videos.length);
  const secondary = new Float64Array(videos.length);
  videos.forEach((video, videoIndex) => {
    [primary[videoIndex], secondary[videoIndex]] = keysOf(video);
  });
  // The index comparison keeps equal videos in a fixed order on every run.
  return new Uint32Array(videos.length)
    .map((_, videoIndex) => videoIndex)
    .sort(
      (a, b) =>
        (primary[b] as number) - (primary[a] as number) || (secondary[b] as number) - (secondary[a] as number) || a - b,
    );
}

function buildIndex(catalogue: Catalogue): CatalogueIndex {
  const { videos } = catalogue;
  const titlePostings = new Map<string, number[]>();
  const keywordPostings = new Map<string, number[]>();
  // Keyword phrases repeat across thousands of videos: tokenize each distinct phrase once.
  const phraseTokens = new Map<string, string[]>();
  videos.forEach((video, videoIndex) => {
    for (const word of tokenize(video.title)) addPosting(titlePostings, word, videoIndex);
    for (const phrase of video.keywords) {
      let words = phraseTokens.get(phrase);
      if (!words) {
        words = tokenize(phrase);
        phraseTokens.set(phrase, words);
      }
      for (const word of words) addPosting(keywordPostings, word, videoIndex);
    }
  });

  const sorted = {} as Record<CatalogueOrder, Uint32Array>;
  for (const [order, keysOf] of Object.entries(ORDER_KEYS) as Array<[keyof typeof ORDER_KEYS, SortKeys]>) {
    sorted[order] = sortedPositions(videos, keysOf);
  }
  // The recent charts are the most-popular order restricted to a window before the newest upload.
  for (const [order, days] of Object.entries(RECENT_WINDOW_DAYS) as Array<[CatalogueOrder, number]>) {
    const oldestAllowed = catalogue.newestAddedAt - days * DAY_MS;
    sorted[order] = sorted['most-popular'].filter((videoIndex) => (videos[videoIndex] as CatalogueVideo).addedAt >= oldestAllowed);
  }

  const rank = {} as Record<CatalogueOrder, Uint32Array>;
  for (const order of CATALOGUE_ORDERS) {
    const ranks = new Uint32Array(videos.length).fill(NOT_RANKED);
    sorted[order].forEach((videoIndex, place) => {
      ranks[videoIndex] = place;
    });
    rank[order] = ranks;
  }
  return { titlePostings, keywordPostings, sorted, rank };
}

const indexes = new WeakMap<Catalogue, CatalogueIndex>();

function indexOf(catalogue: Catalogue): CatalogueIndex {
  let index = indexes.get(catalogue);
  if (!index) {
    index = buildIndex(catalogue);
    indexes.set(catalogue, index);
  }
  return index;
}

/** Builds the word index ahead of the first search (the plugin calls it at registration). */
export function prepareCatalogueSearch(catalogue: Catalogue = getCatalogue()): void {
  indexOf(catalogue);
}

function queryTerms(query: string): string[] {
  const words = [...new Set(tokenize(query))];
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_QUERY_TERMS);
}

function isEverything(query: string | undefined): boolean {
  const trimmed = (query ?? '').trim().toLowerCase();
  return trimmed === '' || trimmed === 'all';
}

/** Positions of the matching videos, best first. */
function rankMatches(index: CatalogueIndex, videoCount: number, terms: string[], order: CatalogueOrder): number[] {
  const matchedWords = new Uint8Array(videoCount);
  const matchedTitleWords = new Uint8Array(videoCount);
  const lastTermSeen = new Int16Array(videoCount).fill(-1);
  const candidates: number[] = [];

  terms.forEach((term, termNumber) => {
    const count = (videoIndex: number, inTitle: boolean): void => {
      if (lastTermSeen[videoIndex] === termNumber) return;
      if (lastTermSeen[videoIndex] === -1) candidates.push(videoIndex);
      lastTermSeen[videoIndex] = termNumber;
      matchedWords[videoIndex] = (matchedWords[videoIndex] ?? 0) + 1;
      if (inTitle) matchedTitleWords[videoIndex] = (matchedTitleWords[videoIndex] ?? 0) + 1;
    };
    // Title postings first, so a word in both title and keywords counts as a title match.
    for (const videoIndex of index.titlePostings.get(term) ?? []) count(videoIndex, true);
    for (const videoIndex of index.keywordPostings.get(term) ?? []) count(videoIndex, false);
  });

  const ranks = index.rank[order];
  const score = (videoIndex: number): number =>
    (matchedWords[videoIndex] ?? 0) * (MAX_QUERY_TERMS + 1) + (matchedTitleWords[videoIndex] ?? 0);
  return candidates
    .filter((videoIndex) => ranks[videoIndex] !== NOT_RANKED)
    .sort((a, b) => score(b) - score(a) || (ranks[a] ?? 0) - (ranks[b] ?? 0));
}

export function searchCatalogue(
  options: CatalogueSearchOptions = {},
  catalogue: Catalogue = getCatalogue(),
): CatalogueSearchResult {
  const order = options.order ?? 'latest';
  const perPage = Math.max(1, Math.floor(options.perPage ?? 30));
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const index = indexOf(catalogue);

  const terms = isEverything(options.query) ? [] : queryTerms(options.query ?? '');
  const positions: ArrayLike<number> =
    terms.length === 0 ? index.sorted[order] : rankMatches(index, catalogue.videos.length, terms, order);

  const start = (page - 1) * perPage;
  const videos: CatalogueVideo[] = [];
  for (let place = start; place < Math.min(positions.length, start + perPage); place += 1) {
    videos.push(catalogue.videos[positions[place] as number] as CatalogueVideo);
  }
  return { totalCount: positions.length, videos };
}
