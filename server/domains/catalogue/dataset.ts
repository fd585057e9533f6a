/**
 * The catalogue's data set: thousands of family-friendly videos written from the topic
 * vocabularies by a seeded generator, so every process (and every test) sees the same videos.
 * It is built once per process on first use; building takes a few tens of milliseconds.
 */
import { createRandom, type Random } from './random';
import { TOPICS, type Topic } from './topics';

export interface CatalogueVideo {
  /** 11 characters of [A-Za-z0-9], unique. */
  id: string;
  title: string;
  /** Lower-case keyword phrases, most specific first. */
  keywords: readonly string[];
  /** Slug of the topic the video was written from (see TOPICS). */
  topic: string;
  views: number;
  /** 2.50–5.00 with two decimals. */
  rating: number;
  /** Upload time, epoch milliseconds (UTC), whole seconds. */
  addedAt: number;
  lengthSec: number;
  /** Which of the 15 thumbnail frames is the default thumbnail. */
  defaultFrame: number;
}

export interface Catalogue {
  videos: readonly CatalogueVideo[];
  byId: ReadonlyMap<string, CatalogueVideo>;
  topics: readonly Topic[];
  /** addedAt of the newest video: the reference point of top-weekly and top-monthly. */
  newestAddedAt: number;
}

export interface CatalogueGenerationOptions {
  size?: number;
  seed?: string;
}

export const CATALOGUE_SIZE = 6000;
export const CATALOGUE_SEED = 'catalogue-v1';
/** Upload dates end here (2026-11-01 00:00:00 UTC) and reach back about three years. */
export const CATALOGUE_END_DATE = Date.UTC(2026, 10, 1);
const UPLOAD_SPAN_MS = 3 * 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export const THUMB_FRAME_COUNT = 15;
const MIN_LENGTH_SEC = 30;
const MAX_LENGTH_SEC = 90 * 60;
const MAX_KEYWORDS = 12;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 11;

/** Occasional endings that make titles read like real uploads ("… (4K)", "… (part 2)"). */
const TITLE_FLOURISHES = [' (4K)|4k,ultra hd', ' (part 2)|series,part 2', ' (part 3)|series,part 3', ' (extended cut)|extended'];
const FLOURISH_PROBABILITY = 0.07;

/** Leading words dropped when a slot's text becomes a keyword ("a professional chef" → "professional chef"). */
const LEADING_FILLER = /^(?:a|an|the|my|our|for|with|in|on|by|from|to|at|under|after|over|through|across|along|using|if|but)\s+/i;

interface VocabularyEntry {
  text: string;
  /** The text itself as a keyword phrase, when it is short enough to be one. */
  keyword: string | undefined;
  tags: string[];
}

/** Parses the "text|keyword,keyword" notation of the topic vocabularies. */
function parseEntry(entry: string): VocabularyEntry {
  const [text = '', tagList = ''] = entry.split('|');
  const tags = tagList
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag.length > 0);
  return { text, keyword: keywordFromText(text), tags };
}

const PARSED_FLOURISHES = TITLE_FLOURISHES.map(parseEntry);

function keywordFromText(text: string): string | undefined {
  let phrase = text.toLowerCase().trim();
  while (LEADING_FILLER.test(phrase)) phrase = phrase.replace(LEADING_FILLER, '');
  const wordCount = phrase.split(/\s+/).length;
  return phrase.length > 0 && wordCount <= 3 ? phrase : undefined;
}

/**
 * "a" becomes "an" before a vowel sound. Words starting with "u" mostly sound like "you"
 * (ukulele, unicorn, user), so only the "un-", "up-", "ul-", "um-" family counts as a vowel there.
 */
function fixIndefiniteArticles(title: string): string {
  return title.replace(/\b([Aa]) (?=[aeioAEIO]|[uU](?:n(?!i)|p|l|m))/g, '$1n ');
}

function capitaliseFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface DraftTitle {
  title: string;
  keywords: string[];
}

/** A topic with its vocabulary parsed once, so drafting thousands of titles stays cheap. */
interface ParsedTopic {
  topic: Topic;
  templates: VocabularyEntry[];
  slots: Map<string, VocabularyEntry[]>;
}

function parseTopic(topic: Topic): ParsedTopic {
  const slots = new Map(Object.entries(topic.slots).map(([name, values]) => [name, values.map(parseEntry)]));
  for (const template of topic.templates) {
    for (const [, slotName] of template.matchAll(/\{([a-z]+)\d?\}/g)) {
      if (!slotName || !slots.get(slotName)?.length) throw new Error(`Topic ${topic.slug}: unknown slot {${slotName}}`);
    }
  }
  return { topic, templates: topic.templates.map(parseEntry), slots };
}

/** Fills one template; a placeholder with a digit ({instrument2}) draws a different value of the same slot. */
function draftTitle({ templates, slots }: ParsedTopic, random: Random): DraftTitle {
  const template = random.pick(templates);
  const chosenBySlot = new Map<string, VocabularyEntry[]>();
  const chosenByPlaceholder = new Map<string, VocabularyEntry>();
  const slotKeywords: string[] = [];
  const slotTags: string[] = [];

  const filled = template.text.replace(/\{([a-z]+)(\d?)\}/g, (placeholder, slotName: string) => {
    const already = chosenByPlaceholder.get(placeholder);
    if (already) return already.text;
    const values = slots.get(slotName) ?? [];
    const taken = chosenBySlot.get(slotName) ?? [];
    const candidates = taken.length > 0 ? values.filter((entry) => !taken.includes(entry)) : values;
    const entry = random.pick(candidates.length > 0 ? candidates : values);
    chosenBySlot.set(slotName, [...taken, entry]);
    chosenByPlaceholder.set(placeholder, entry);
    if (entry.keyword) slotKeywords.push(entry.keyword);
    slotTags.push(...entry.tags);
    return entry.text;
  });

  let title = capitaliseFirst(fixIndefiniteArticles(filled));
  const flourishTags: string[] = [];
  if (random.chance(FLOURISH_PROBABILITY)) {
    const flourish = random.pick(PARSED_FLOURISHES);
    title += flourish.text;
    flourishTags.push(...flourish.tags);
  }
  return { title, keywords: [...slotKeywords, ...slotTags, ...template.tags, ...flourishTags] };
}

function pickUniqueTitle(parsed: ParsedTopic, random: Random, usedTitles: Set<string>): DraftTitle {
  let draft = draftTitle(parsed, random);
  for (let attempt = 0; attempt < 40 && usedTitles.has(draft.title.toLowerCase()); attempt += 1) {
    draft = draftTitle(parsed, random);
  }
  // A vocabulary too small to give a new title falls back to numbered parts rather than looping.
  const base = draft.title.replace(/ \(part \d+\)$/, '');
  for (let part = 2; usedTitles.has(draft.title.toLowerCase()); part += 1) {
    draft = { ...draft, title: `${base} (part ${part})` };
  }
  usedTitles.add(draft.title.toLowerCase());
  return draft;
}

function buildKeywords(topic: Topic, specific: readonly string[], random: Random): string[] {
  const [mainTopicWord, ...otherTopicWords] = topic.keywords;
  const topicWords = [mainTopicWord ?? topic.slug, ...random.sample(otherTopicWords, 2)];
  const unique = [...new Set([...specific, ...topicWords])];
  if (unique.length <= MAX_KEYWORDS) return unique;
  // Keep the topic words: they are what a browse by subject relies on.
  const topicSet = new Set(topicWords);
  const specificKept = unique.filter((word) => !topicSet.has(word)).slice(0, MAX_KEYWORDS - topicWords.length);
  return [...specificKept, ...topicWords];
}

/** A title that promises a duration ("15-minute…", "…in 5 minutes", "One hour of…") gets about that length. */
function lengthPromisedByTitle(title: string, random: Random): number | undefined {
  const minutes = /\b(\d+)[- ]minutes?\b/i.exec(title);
  if (minutes?.[1]) return Number(minutes[1]) * 60 + random.int(-25, 75);
  if (/\bone hour\b/i.test(title)) return 3600 + random.int(-120, 300);
  return undefined;
}

/** Draws until the value falls inside [min, max], so the bounds do not pile up with clamped values. */
function drawWithin(draw: () => number, min: number, max: number): number {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const value = draw();
    if (value >= min && value <= max) return value;
  }
  return Math.min(max, Math.max(min, draw()));
}

function drawLength(topic: Topic, title: string, random: Random): number {
  const promised = lengthPromisedByTitle(title, random);
  const raw =
    promised ??
    drawWithin(() => Math.exp(Math.log(topic.typicalLengthSec) + 0.8 * random.normal()), MIN_LENGTH_SEC, MAX_LENGTH_SEC);
  return Math.round(Math.min(MAX_LENGTH_SEC, Math.max(MIN_LENGTH_SEC, raw)));
}

function drawAddedAt(random: Random): number {
  // u^1.3 crowds uploads towards the end of the span: a growing site uploads more each year.
  const ageMs = UPLOAD_SPAN_MS * Math.pow(random.next(), 1.3);
  const addedAt = CATALOGUE_END_DATE - 1000 - ageMs;
  return Math.floor(addedAt / 1000) * 1000;
}

function drawViews(addedAt: number, random: Random): number {
  const logNormal = Math.exp(Math.log(15000) + 1.9 * random.normal());
  // Young videos have not had time to gather views.
  const ageDays = (CATALOGUE_END_DATE - addedAt) / DAY_MS;
  const ageFactor = 0.2 + 0.8 * Math.min(1, ageDays / 120);
  return Math.round(Math.min(50_000_000, Math.max(11, logNormal * ageFactor)));
}

function drawRating(random: Random): number {
  return Math.round(drawWithin(() => 4.05 + 0.5 * random.normal(), 2.5, 5) * 100) / 100;
}

function drawUniqueId(random: Random, usedIds: Set<string>): string {
  for (;;) {
    let id = '';
    for (let i = 0; i < ID_LENGTH; i += 1) id += ID_ALPHABET.charAt(random.int(0, ID_ALPHABET.length - 1));
    if (!usedIds.has(id)) {
      usedIds.add(id);
      return id;
    }
  }
}

/** Splits `total` between topics in proportion to their weights (largest remainder, so it sums exactly). */
function videosPerTopic(topics: readonly Topic[], total: number): number[] {
  const weights = topics.map((topic) => topic.weight ?? 1);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (total * weight) / weightSum);
  const counts = exact.map(Math.floor);
  let missing = total - counts.reduce((sum, count) => sum + count, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (missing <= 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
    missing -= 1;
  }
  return counts;
}

/** Builds a catalogue from scratch (pure: same options, same catalogue). Prefer getCatalogue(). */
export function generateCatalogue(options: CatalogueGenerationOptions = {}): Catalogue {
  const size = options.size ?? CATALOGUE_SIZE;
  const random = createRandom(options.seed ?? CATALOGUE_SEED);
  const usedTitles = new Set<string>();
  const usedIds = new Set<string>();
  const videos: CatalogueVideo[] = [];

  const counts = videosPerTopic(TOPICS, size);
  TOPICS.map(parseTopic).forEach((parsed, topicIndex) => {
    const { topic } = parsed;
    for (let i = 0; i < (counts[topicIndex] ?? 0); i += 1) {
      const draft = pickUniqueTitle(parsed, random, usedTitles);
      const addedAt = drawAddedAt(random);
      videos.push({
        id: drawUniqueId(random, usedIds),
        title: draft.title,
        keywords: buildKeywords(topic, draft.keywords, random),
        topic: topic.slug,
        views: drawViews(addedAt, random),
        rating: drawRating(random),
        addedAt,
        lengthSec: drawLength(topic, draft.title, random),
        defaultFrame: random.int(1, THUMB_FRAME_COUNT),
      });
    }
  });

  // Interleave topics so that ties in any ordering do not come out grouped by subject.
  for (let i = videos.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [videos[i], videos[j]] = [videos[j] as CatalogueVideo, videos[i] as CatalogueVideo];
  }

  return {
    videos,
    byId: new Map(videos.map((video) => [video.id, video])),
    topics: TOPICS,
    newestAddedAt: videos.reduce((newest, video) => Math.max(newest, video.addedAt), 0),
  };
}

let memoisedCatalogue: Catalogue | undefined;

/** The process-wide catalogue, generated on first use. */
export function getCatalogue(): Catalogue {
  memoisedCatalogue ??= generateCatalogue();
  return memoisedCatalogue;
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

/** "YYYY-MM-DD hh:mm:ss" in UTC, as the provider writes `added`. */
export function formatAddedDate(epochMs: number): string {
  const date = new Date(epochMs);
  return (
    `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())} ` +
    `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}`
  );
}

/** "mm:ss"; minutes are not wrapped into hours ("73:05"). */
export function formatLength(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${pad2(Math.floor(seconds / 60))}:${pad2(seconds % 60)}`;
}
