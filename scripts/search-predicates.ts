/**
 * The building blocks of the search benches' judgements (search-relevance.ts, search-judged.ts,
 * search-judged-blind-dev.ts): whether a catalogue video is relevant, from its fields only.
 */
import type { CatalogueVideo } from '../server/domains/catalogue/dataset';

export type Predicate = (video: CatalogueVideo) => boolean;

export const topic = (slug: string): Predicate => (video) => video.topic === slug;

export const topics =
  (...slugs: string[]): Predicate =>
  (video) =>
    slugs.includes(video.topic);

export const tagged =
  (...tags: string[]): Predicate =>
  (video) =>
    tags.some((tag) => video.keywords.includes(tag));

export const and =
  (...predicates: Predicate[]): Predicate =>
  (video) =>
    predicates.every((predicate) => predicate(video));

export const not =
  (predicate: Predicate): Predicate =>
  (video) =>
    !predicate(video);
