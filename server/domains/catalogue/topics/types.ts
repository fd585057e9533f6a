/** The simple picture a topic's thumbnails are drawn from (see thumbnails.ts). */
export type SceneKind = 'hills' | 'waves' | 'city' | 'stars' | 'stage' | 'studio' | 'field' | 'road' | 'sky';

/**
 * One subject area of the catalogue and the vocabulary its titles are written from.
 *
 * Vocabulary entries use a compact "text|keyword,keyword" notation: the text goes into the title
 * (and, lower-cased, into the keywords); what follows the bar adds synonyms and related words so
 * that a search on meaning ("puppy", "canine") finds a title that only says "golden retriever".
 */
export interface Topic {
  slug: string;
  name: string;
  /** Topic words and synonyms; the first one is always among a video's keywords. */
  keywords: readonly string[];
  /** Relative share of the catalogue (1 = average). */
  weight?: number;
  /** Median video length in seconds; lengths spread log-normally around it. */
  typicalLengthSec: number;
  /** Thumbnail colours: sky top, sky bottom, ground, accent. */
  palette: readonly [string, string, string, string];
  scene: SceneKind;
  /** Title patterns with {slot} placeholders, in the "text|keywords" notation. */
  templates: readonly string[];
  slots: Readonly<Record<string, readonly string[]>>;
}
