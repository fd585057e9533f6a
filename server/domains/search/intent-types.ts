/** The shape of an understood request (shared by the English and Chinese rules and the LLM parser). */
export const SEARCH_ORDERS = ['relevance', 'views', 'rating', 'newest', 'oldest', 'longest', 'shortest'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export interface SearchIntent {
  /** Subject words (lower-case surface forms), in the order written. */
  terms: string[];
  /** Words the results must not contain. */
  exclude: string[];
  minLengthSec?: number;
  maxLengthSec?: number;
  /** Epoch milliseconds, inclusive. */
  addedAfter?: number;
  /** Epoch milliseconds, exclusive. */
  addedBefore?: number;
  order: SearchOrder;
  parser: 'embedded' | 'llm';
  /**
   * Weight of each subject word (same order as `terms`; 1 when absent): words of the chatter
   * around the subject ("my kids keep asking me about volcanoes") count less.
   */
  weights?: number[];
  /** The request's language: 'zh' when it is Chinese only, 'mixed' when Chinese and Latin words. */
  language?: 'en' | 'zh' | 'mixed';
  /**
   * Situations read in a conversational request ("tiny kitchen … does not take forever" →
   * quick easy cooking recipe): the cue words, and the catalogue words added to `terms`.
   */
  situations?: Array<{ name: string; cue: string; terms: string[]; soft?: boolean }>;
  /**
   * The request talks (a sentence about the asker's life, not a list of subject words): the
   * engine then weighs its words by how much they are about one thing (engine.ts, topicality).
   */
  conversational?: boolean;
  /** Words that were spelt differently in the request (typo corrections). */
  corrections?: Array<{ from: string; to: string }>;
}

/** Weight of the subject words before a focus phrase ("… videos about X") and of soft chatter words. */
export const CHATTER_WEIGHT = 0.3;

/** "short", "quick": at most this long. */
export const SHORT_MAX_SEC = 5 * 60;
/** "long", "in-depth": at least this long. */
export const LONG_MIN_SEC = 20 * 60;
/** "recent", "new": added within this many days. */
export const RECENT_DAYS = 90;

