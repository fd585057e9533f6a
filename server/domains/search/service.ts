/**
 * The search service behind `app.searchIndex`: normal search (full text over public self-shot
 * videos), the AI search (engine.ts over two segments: the catalogue and public self-shot
 * videos), and keeping the index up to date.
 *
 * Keeping the index up to date, never blocking start-up or a request:
 * - on start (background, when SEARCH_REFRESH_HOURS > 0; begun once the app is ready, outside
 *   Fastify's plugin time limit, see http/startup.ts): load the index from search_documents
 *   (instant answers after a restart), load or build the Chinese dictionary, re-sync public
 *   self-shot videos, apply approved descriptions, ingest the catalogue if the index is empty or
 *   older than the refresh period, then prepare the word embeddings (a one-off cache build on a
 *   fresh machine) and rebuild the index with them. Until then the AI search answers from what
 *   it has (keyword-only at first), and /health says the instance is starting.
 * - every SEARCH_REFRESH_HOURS: re-ingest the catalogue. Instances sharing a database share that
 *   work: every 10 minutes each looks whether a refresh is due; if so, the one that takes the
 *   ingestion lease ingests, and the others reload what it wrote when they next look (a failed
 *   ingestion is retried the same way, 10 minutes later);
 * - every minute: apply newly approved descriptions (the moderator CLI is another process);
 * - every 10 minutes: re-sync self-shot videos (belt and braces for the hooks below);
 * - hooks: upsertSelfieVideo / removeSelfieVideo, called by the upload and video routes.
 * Background steps run one at a time (a queue); the hooks do not wait for them.
 */
import { randomBytes } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import type { AppDatabase } from '../../infra/db';
import type { AppConfig } from '../../config/index';
import { INSTANCE_ID } from '../../infra/instance';
import { TOPICS } from '../catalogue/topics';
import { toPublicVideo, type PublicVideo } from '../videos/videos';
import { listedVideosWithOwner, passesModeration } from '../moderation/visibility';

import { RecentAnswers, aiSearchKey, boundIntent } from './budget';
import { applyApprovedDescriptions, countUnapplied } from './descriptions';
import {
  claimLease,
  countDocuments,
  deleteDocument,
  deleteUnseen,
  loadDocuments,
  readState,
  releaseLease,
  upsertDocuments,
  writeState,
} from './documents';
import { prepareEmbeddings, type PreparedEmbeddings, type WordVectors } from './embeddings';
import { Segment, type IndexDocument, type SearchHit } from './engine';
import { createFullTextSearch, englishBridge, queryWords, type FullTextSearch, type VideoWithUsername } from './fulltext';
import { ingestCatalogue, type CatalogueFetch, type IngestReport } from './ingest';
import { captionMatches, matchTerms, type CaptionMatch, type MatchTerms } from './matches';
import { describeIntent, removeFromIntent, type SearchIntent } from './intent';
import { checkAllSituationExamples } from './situations';
import { createLlmParser, embeddedParser, type IntentParser } from './llm-parser';
import { Speller, type Suggestion } from './spell';
import { synonymVocabulary } from './synonyms';
import { CHATTER_WEIGHT } from './intent-types';
import { STOP_WORDS, surfaceWords } from './text';
import { configureZhCache, hasCjk, prepareZhTable } from './zh';

export const PAGE_SIZE = 18;
/**
 * The AI search's bar for self-shot videos (engine.ts matchFraction; the catalogue's is 0.45): a
 * video whose captions say the request's words comes back even beside one with them in its
 * title. Spoken words weigh little (engine.ts captionWeight), so its relevance is a fraction of
 * the title match's. Related videos keep the usual bar.
 */
export const SELFIE_MATCH_FRACTION = 0.2;
/** Words this common (frequency rank in the embeddings' source) are never typo-corrected. */
const COMMON_WORD_RANK = 20_000;

const SYNONYM_WORDS = new Set(synonymVocabulary());
let synonyms: Speller | undefined;
/** The curated layer's words (jogging, trekking…): a typo of one is corrected to it. */
function synonymSpeller(): Speller {
  synonyms ??= new Speller(synonymVocabulary().map((word) => [word, 1] as [string, number]));
  return synonyms;
}

/** The request with corrected words put in (whole words, any case). */
export function applyCorrections(text: string, corrections: Array<{ from: string; to: string }>): string {
  let out = text;
  for (const { from, to } of corrections) out = out.replace(new RegExp(`\\b${from}\\b`, 'gi'), to);
  return out;
}
const HOUR_MS = 3600 * 1000;
const DESCRIPTION_POLL_MS = 60 * 1000;
const SELFIE_RESYNC_MS = 10 * 60 * 1000;
/** How often an instance looks whether the catalogue is due for ingestion or was changed elsewhere. */
const CATALOGUE_CHECK_MS = 10 * 60 * 1000;
/** Longer than any ingestion; a crashed ingester's lease runs out and another instance takes over. */
const INGEST_LEASE_MS = 2 * HOUR_MS;
const STATE_CATALOGUE_REFRESHED = 'catalogue_refreshed_at';
/** Moves whenever the stored catalogue documents change (ingestion, approved descriptions). */
const STATE_CATALOGUE_CHANGED = 'catalogue_changed_at';
const STATE_INGEST_LEASE = 'catalogue_ingest_lease';

export type ScheduledRefresh = 'ingested' | 'reloaded' | 'current' | 'elsewhere';

export interface SearchServiceOptions {
  database: AppDatabase;
  config: Pick<AppConfig, 'dataDir' | 'search' | 'catalogue'>;
  log: FastifyBaseLogger;
  /** How the catalogue API is read (app.inject for the built-in stand-in, HTTP otherwise). */
  catalogueFetch: CatalogueFetch;
  now?: () => Date;
  /** Used by the optional OpenAI-compatible parser. */
  fetch?: typeof fetch;
}

export interface AiSearchRequest {
  text: string;
  perPage: number;
  page: number;
  /** Search for the words as written: no typo correction. */
  literal?: boolean;
  /** Parts of the understood request to leave out (removeFromIntent). */
  remove?: readonly string[];
}

/** What a search understood, for the answer and the chips of the SPA. */
export interface Understood {
  /** The request with its typos corrected, when any were ("Showing results for …"). */
  correctedQuery?: string;
  corrections: Array<{ from: string; to: string }>;
}

/** A self-shot result; `matches` when its captions have the request's words (matches.ts). */
export type SelfieResult = PublicVideo & { matches?: CaptionMatch[] };

export interface AiSearchResult {
  intent: SearchIntent;
  understood: Understood;
  catalogue: { total: number; hits: SearchHit[]; relaxed: boolean };
  selfie: { total: number; videos: SelfieResult[] };
}

export interface SearchStatus {
  catalogueDocuments: number;
  selfieDocuments: number;
  embeddings: 'none' | 'loading' | 'ready' | 'failed';
  catalogueRefreshedAt: string | null;
  refreshing: boolean;
}

/** Every word the built-in catalogue's titles and keywords are written from (kept in the embeddings cache). */
export function builtInCatalogueVocabulary(): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const word of surfaceWords(text.replace(/\|/g, ' '))) words.add(word);
  };
  for (const topic of TOPICS) {
    add(topic.name);
    topic.keywords.forEach(add);
    topic.templates.forEach(add);
    Object.values(topic.slots).forEach((values) => values.forEach(add));
  }
  return words;
}

/** Characters of caption text a video brings to the AI index (a long talk is cut there). */
const MAX_CAPTION_CHARS = 100_000;

function selfieDocument(video: VideoWithUsername, captions = ''): IndexDocument {
  const addedAt = Date.parse(video.created_at);
  return {
    captions: captions.slice(0, MAX_CAPTION_CHARS),
    source: 'selfie',
    ref: video.id,
    title: video.title,
    keywords: '',
    description: video.description,
    extra: '',
    views: Number(video.views),
    rating: null,
    lengthSec: null,
    addedAt: Number.isNaN(addedAt) ? null : addedAt,
  };
}

export class SearchService {
  private readonly db: AppDatabase['db'];
  private readonly log: FastifyBaseLogger;
  private readonly now: () => Date;
  private readonly fullText: FullTextSearch;
  private readonly parse: IntentParser;
  private vectors: WordVectors | null = null;
  private embeddingsState: SearchStatus['embeddings'] = 'none';
  private catalogueSegment = Segment.build([]);
  private catalogueBuild = 0;
  private selfieSegment = Segment.build([]);
  /** Bumped whenever either index changes: cached AI answers of older generations are void. */
  private generation = 0;
  private readonly recentAi = new RecentAnswers<AiSearchResult>();
  private readonly selfieDocs = new Map<string, IndexDocument>();
  /** Some public self-shot video has Chinese in its title or description. */
  private selfieHasChinese = false;
  /** Background steps, one at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Self-shot index changes, one at a time (hooks and re-syncs). */
  private selfieQueue: Promise<unknown> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private refreshing = false;
  /** The catalogue change (STATE_CATALOGUE_CHANGED) the in-memory catalogue segment was built from. */
  private loadedChange: string | undefined;
  /** Who this service is when it takes the ingestion lease. */
  private readonly leaseOwner = `${INSTANCE_ID}/${randomBytes(4).toString('hex')}`;

  constructor(private readonly options: SearchServiceOptions) {
    this.db = options.database.db;
    this.log = options.log;
    this.now = options.now ?? (() => new Date());
    this.fullText = createFullTextSearch(options.database, () => this.selfieHasChinese);
    configureZhCache({ cacheDir: options.config.search.cacheDir, dataDir: options.config.dataDir });
    const ai = options.config.search.ai;
    this.parse = ai
      ? createLlmParser(ai, {
          fetch: options.fetch,
          onFallback: (reason) => this.log.warn({ reason }, 'AI search parser endpoint failed: using the embedded parser'),
        })
      : embeddedParser;
  }

  // ---- searching ----

  /**
   * Normal search: public self-shot videos by full-text relevance, PAGE_SIZE per page. When
   * nothing matches and `literal` is not set, misspelt words are corrected against the words of
   * the indexed self-shot videos and the search runs again (the answer says so).
   */
  async normalSearch(
    query: string,
    page: number,
    literal = false,
  ): Promise<{ videos: SelfieResult[]; total: number; understood: Understood }> {
    const window = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
    const first = await this.fullText.searchPublicVideos(query, window);
    if (first.total > 0 || literal) {
      return { videos: await this.withMatches(first.rows.map((row) => toPublicVideo(row)), matchTerms(query, englishBridge(query))), total: first.total, understood: { corrections: [] } };
    }
    const corrections = this.correct(queryWords(query), [this.selfieSegment]);
    if (corrections.length === 0) return { videos: [], total: 0, understood: { corrections } };
    const correctedQuery = applyCorrections(query, corrections);
    const second = await this.fullText.searchPublicVideos(correctedQuery, window);
    const videos = await this.withMatches(second.rows.map((row) => toPublicVideo(row)), matchTerms(correctedQuery, englishBridge(correctedQuery)));
    return { videos, total: second.total, understood: { correctedQuery, corrections } };
  }

  /** The results with their matching caption lines, where their captions have the request's words. */
  private async withMatches(videos: PublicVideo[], terms: MatchTerms): Promise<SelfieResult[]> {
    const matches = await captionMatches(this.db, videos.map((video) => video._id), terms);
    return videos.map((video) => {
      const found = matches.get(video._id);
      return found ? { ...video, matches: found } : video;
    });
  }

  /**
   * Corrections for words no index has (SymSpell over the segments' vocabularies). A word the
   * word embeddings know as a common English word is left alone (a synonym, not a typo); a word
   * they know at all is only corrected by one edit, and never in a story (`conversational`: the
   * rest of the request carries it, and "an owl hooting" is no typo of shooting).
   */
  private correct(words: string[], segments: Segment[], conversational = false): Array<{ from: string; to: string }> {
    const corrections: Array<{ from: string; to: string }> = [];
    const knownWords = words.filter((word) => segments.some((segment) => segment.knows(word)));
    for (const word of words) {
      if (!/^[a-z]{4,}$/.test(word) || segments.some((segment) => segment.knows(word)) || SYNONYM_WORDS.has(word)) continue;
      const rank = this.vectors?.rank(word);
      if (rank !== undefined && (rank < COMMON_WORD_RANK || conversational)) continue;
      const candidates = [...segments.flatMap((segment) => segment.suggest(word)), ...synonymSpeller().suggestAll(word)];
      if (candidates.length === 0) continue;
      const distance = Math.min(...candidates.map((candidate) => candidate.distance));
      if (rank !== undefined && distance > 1) continue;
      // Among the closest, the one that shares documents with the other words wins ("cheas games" → chess).
      const score = (candidate: Suggestion) =>
        knownWords.reduce((sum, other) => sum + segments.reduce((inner, segment) => inner + segment.cooccurrence(candidate.word, other), 0), 0) * 1e6 +
        candidate.frequency;
      const best = candidates.filter((candidate) => candidate.distance === distance).sort((a, b) => score(b) - score(a))[0];
      // In a story the rest of the request must vouch for a correction: "my partner snores … drift
      // off" shares no video with "score".
      if (best && conversational && knownWords.length > 0 && score(best) < 1e6) continue;
      if (best) corrections.push({ from: word, to: best.word });
    }
    return corrections;
  }

  async aiSearch(request: AiSearchRequest): Promise<AiSearchResult> {
    // Recent identical requests cost nothing (budget.ts); one request's work is bounded.
    const key = aiSearchKey(request.text, request.page, request.perPage, request.literal ?? false, request.remove ?? []);
    const generation = this.generation;
    const cached = this.recentAi.get(key, generation);
    if (cached) return cached;
    const result = await this.runAiSearch(request);
    if (generation === this.generation) this.recentAi.set(key, generation, result);
    return result;
  }

  private async runAiSearch(request: AiSearchRequest): Promise<AiSearchResult> {
    const now = this.now();
    let intent = boundIntent(await this.parse(request.text, now));
    const understood: Understood = { corrections: [] };
    if (!request.literal) {
      // Chatter around the subject (weight below 1) is not worth correcting ("grandad" is no typo of grandma).
      const subject = intent.terms.filter((_, i) => (intent.weights?.[i] ?? 1) >= 1);
      const corrections = this.correct([...subject, ...intent.exclude], [this.catalogueSegment, this.selfieSegment], intent.conversational === true);
      if (corrections.length > 0) {
        // The corrected request is read again (a corrected word may be a phrase of the curated layer).
        understood.corrections = corrections;
        understood.correctedQuery = applyCorrections(request.text, corrections);
        intent = boundIntent(await this.parse(understood.correctedQuery, now));
        intent.corrections = corrections;
      }
    }
    intent = removeFromIntent(intent, request.remove ?? []);
    const page = { offset: (request.page - 1) * request.perPage, limit: request.perPage };
    const catalogue = this.catalogueSegment.search(intent, page);
    const selfie = this.selfieSegment.search(intent, page, undefined, { matchFraction: SELFIE_MATCH_FRACTION });
    const found = await this.publicVideosInOrder(selfie.hits.map((hit) => hit.doc.ref));
    // Matching lines: the subject words the request was understood as (English for a Chinese
    // request; a Chinese cue's words carry their English translations), not its chatter.
    const videos = await this.withMatches(found, matchTerms('', intent.terms));
    this.log.debug({ intent: describeIntent(intent), catalogue: catalogue.total, selfie: selfie.total }, 'AI search');
    return { intent, understood, catalogue, selfie: { total: selfie.total, videos } };
  }

  /**
   * Public self-shot videos like this one (docs/sharing.md): its title and description, words
   * weighted as a request's, searched in the same hybrid keyword + embedding index the AI search
   * uses (captions count once the index holds them), best first; never the video itself. Only
   * what is public, ready and not moderated away comes back.
   */
  async relatedSelfieVideos(video: { id: string; title: string; description: string }, limit: number): Promise<PublicVideo[]> {
    const titleWords = surfaceWords(video.title).filter((word) => !STOP_WORDS.has(word));
    const descriptionWords = surfaceWords(video.description).filter((word) => !STOP_WORDS.has(word) && !titleWords.includes(word));
    // The title says what the video is; the description's first words add context at lower weight.
    const words = [...new Set(titleWords)].slice(0, 12);
    const extra = [...new Set(descriptionWords)].slice(0, 12);
    if (words.length + extra.length === 0) return [];
    const intent: SearchIntent = {
      terms: [...words, ...extra],
      exclude: [],
      order: 'relevance',
      parser: 'embedded',
      weights: [...words.map(() => 1), ...extra.map(() => CHATTER_WEIGHT)],
    };
    const found = this.selfieSegment.search(intent, { offset: 0, limit: limit + 1 }, video.id);
    const ids = found.hits.map((hit) => hit.doc.ref).filter((ref) => ref !== video.id);
    return (await this.publicVideosInOrder(ids)).slice(0, limit);
  }

  /** The catalogue part of the index (the bench builds a plain BM25 index from it). */
  catalogueDocuments(): readonly IndexDocument[] {
    return this.catalogueSegment.documents();
  }

  /** The videos, as the SPA reads them, in the given order; ones no longer public are left out. */
  private async publicVideosInOrder(ids: string[]): Promise<PublicVideo[]> {
    if (ids.length === 0) return [];
    const rows = await listedVideosWithOwner(this.db).where('videos.id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toPublicVideo(row)] : [];
    });
  }

  // ---- self-shot videos: hooks and re-sync ----

  private inSelfieQueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.selfieQueue.then(task, task);
    this.selfieQueue = run.catch(() => undefined);
    return run;
  }

  /** Only ever called inside the self-shot queue, so builds never overlap. */
  private async rebuildSelfie(): Promise<void> {
    this.selfieHasChinese = [...this.selfieDocs.values()].some((doc) => hasCjk(doc.title) || hasCjk(doc.description) || hasCjk(doc.captions ?? ''));
    this.selfieSegment = await Segment.buildAsync([...this.selfieDocs.values()], this.vectors);
    this.generation += 1;
  }

  /**
   * Call after a self-shot video is created or changed (title, description, visibility): a
   * public video is (re)indexed, a private or missing one leaves the index. Never throws.
   */
  async upsertSelfieVideo(videoId: string): Promise<void> {
    await this.inSelfieQueue(async () => {
      const video = await this.db
        .selectFrom('videos')
        .innerJoin('users', 'users.id', 'videos.user_id')
        .selectAll('videos')
        .select(['users.username', 'users.suspended_at as owner_suspended_at'])
        .where('videos.id', '=', videoId)
        .executeTakeFirst();
      // Only ready public videos are searchable (a processing one enters when it becomes ready);
      // hidden by moderators or owned by a suspended user: not in the index either.
      if (!video || video.visibility !== 'public' || video.status !== 'ready' || !passesModeration(video, null)) {
        await this.dropSelfie(videoId);
        return;
      }
      const captions = await this.captionTexts([videoId]);
      const document = selfieDocument(video, captions.get(videoId));
      await upsertDocuments(this.db, [this.selfieRow(document)], this.now().toISOString());
      this.selfieDocs.set(videoId, document);
      await this.rebuildSelfie();
    }).catch((error: unknown) => this.log.error({ err: error, videoId }, 'search: could not index a self-shot video'));
  }

  /** Call after a self-shot video is deleted. Never throws. */
  async removeSelfieVideo(videoId: string): Promise<void> {
    await this.inSelfieQueue(() => this.dropSelfie(videoId)).catch((error: unknown) =>
      this.log.error({ err: error, videoId }, 'search: could not remove a self-shot video'),
    );
  }

  private async dropSelfie(videoId: string): Promise<void> {
    await deleteDocument(this.db, 'selfie', videoId);
    if (this.selfieDocs.delete(videoId)) await this.rebuildSelfie();
  }

  private selfieRow(document: IndexDocument) {
    return {
      source: 'selfie' as const,
      ref_id: document.ref,
      title: document.title,
      keywords: '',
      description: document.description,
      views: document.views,
      rating: null,
      length_sec: null,
      added_at: document.addedAt === null ? null : new Date(document.addedAt).toISOString(),
    };
  }

  /**
   * The caption text of each video (every track, one cue per line), of `ids` or of every public
   * video; only ever indexed for public videos (the callers check).
   */
  private async captionTexts(ids?: string[]): Promise<Map<string, string>> {
    let query = this.db.selectFrom('caption_texts').select(['video_id', 'body']).orderBy('video_id').orderBy('lang');
    if (ids) query = query.where('video_id', 'in', ids);
    else query = query.where('video_id', 'in', (eb) => eb.selectFrom('videos').select('id').where('visibility', '=', 'public'));
    const texts = new Map<string, string>();
    for (const row of await query.execute()) {
      const before = texts.get(row.video_id);
      texts.set(row.video_id, before === undefined ? row.body : `${before}\n${row.body}`);
    }
    return texts;
  }

  /** Makes the self-shot part of the index match the public videos in the database. */
  async syncSelfieVideos(): Promise<number> {
    return this.inSelfieQueue(async () => {
      const startedAt = this.now().toISOString();
      const videos = await listedVideosWithOwner(this.db).execute();
      const captions = await this.captionTexts();
      const documents = videos.map((video) => selfieDocument(video, captions.get(video.id)));
      await upsertDocuments(this.db, documents.map((document) => this.selfieRow(document)), startedAt);
      await deleteUnseen(this.db, 'selfie', startedAt);
      this.selfieDocs.clear();
      for (const document of documents) this.selfieDocs.set(document.ref, document);
      await this.rebuildSelfie();
      return documents.length;
    });
  }

  // ---- catalogue and descriptions ----

  private inQueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Rebuilds the catalogue part of the index from the database. The build yields to other work
   * every 500 documents; searches use the previous segment until the new one is complete. When
   * reloads overlap, the one started last wins.
   */
  async reloadCatalogue(): Promise<number> {
    this.catalogueBuild += 1;
    const ticket = this.catalogueBuild;
    // Read before the documents: a change written meanwhile is seen (and reloaded) next time.
    const change = await readState(this.db, STATE_CATALOGUE_CHANGED);
    const documents = await loadDocuments(this.db, 'catalogue');
    const segment = await Segment.buildAsync(documents, this.vectors);
    if (ticket === this.catalogueBuild) {
      this.catalogueSegment = segment;
      this.loadedChange = change;
      this.generation += 1;
    }
    return documents.length;
  }

  /** Tells the other instances that the stored catalogue changed (they reload when they next look). */
  private async markCatalogueChanged(now: Date): Promise<void> {
    await writeState(this.db, STATE_CATALOGUE_CHANGED, `${now.toISOString()} ${this.leaseOwner}`, now.toISOString());
  }

  /** Ingests the catalogue through its API, applies approved descriptions and rebuilds. */
  async refreshCatalogue(): Promise<IngestReport> {
    return this.inQueue(async () => {
      this.refreshing = true;
      try {
        const now = this.now();
        const report = await ingestCatalogue(this.db, this.options.catalogueFetch, { now, shouldStop: () => this.stopped });
        await writeState(this.db, STATE_CATALOGUE_REFRESHED, now.toISOString(), now.toISOString());
        await applyApprovedDescriptions(this.db, now);
        await this.markCatalogueChanged(now);
        await this.reloadCatalogue();
        this.log.info(report, 'search: catalogue ingested');
        return report;
      } finally {
        this.refreshing = false;
      }
    });
  }

  /**
   * The scheduled look, shared by every instance on one database. When the catalogue is due
   * (never ingested, empty, or older than `periodMs`), whoever takes the ingestion lease
   * ingests; the others answer 'elsewhere'. When it is not due, the catalogue part is reloaded
   * if another instance changed the stored documents since this one built it.
   */
  async refreshCatalogueIfDue(periodMs: number): Promise<ScheduledRefresh> {
    if (!(await this.catalogueDue(periodMs))) return this.reloadIfChangedElsewhere();
    if (!(await claimLease(this.db, STATE_INGEST_LEASE, this.leaseOwner, this.now(), INGEST_LEASE_MS))) return 'elsewhere';
    try {
      // Another instance may have finished an ingestion between the look and the claim.
      if (!(await this.catalogueDue(periodMs))) return await this.reloadIfChangedElsewhere();
      await this.refreshCatalogue();
      return 'ingested';
    } finally {
      await releaseLease(this.db, STATE_INGEST_LEASE, this.leaseOwner).catch((error: unknown) =>
        this.log.warn({ err: error }, 'search: could not release the ingestion lease (it runs out by itself)'),
      );
    }
  }

  /** Never ingested, empty, or older than `periodMs`. */
  private async catalogueDue(periodMs: number): Promise<boolean> {
    const refreshedAt = await readState(this.db, STATE_CATALOGUE_REFRESHED);
    if (!refreshedAt || this.now().getTime() - Date.parse(refreshedAt) >= periodMs) return true;
    return (await countDocuments(this.db, 'catalogue')) === 0;
  }

  private async reloadIfChangedElsewhere(): Promise<'reloaded' | 'current'> {
    if ((await readState(this.db, STATE_CATALOGUE_CHANGED)) === this.loadedChange) return 'current';
    await this.inQueue(() => this.reloadCatalogue());
    return 'reloaded';
  }

  /** Applies approved, unapplied descriptions; rebuilds the catalogue part when any changed. */
  async applyDescriptions(): Promise<string[]> {
    return this.inQueue(async () => {
      if ((await countUnapplied(this.db)) === 0) return [];
      const now = this.now();
      const changed = await applyApprovedDescriptions(this.db, now);
      if (changed.length > 0) {
        await this.markCatalogueChanged(now);
        await this.reloadCatalogue();
        this.log.info({ movies: changed }, 'search: approved descriptions applied');
      }
      return changed;
    });
  }

  // ---- embeddings ----

  /** Uses these word vectors from now on (tests inject a tiny table) and rebuilds both parts. */
  async useEmbeddings(vectors: WordVectors | null): Promise<void> {
    this.vectors = vectors;
    this.embeddingsState = vectors ? 'ready' : 'none';
    await this.reloadCatalogue();
    await this.inSelfieQueue(() => this.rebuildSelfie());
  }

  /** Builds the embeddings cache from the package if needed, loads it and rebuilds the index. */
  async loadPackageEmbeddings(): Promise<PreparedEmbeddings> {
    this.embeddingsState = 'loading';
    try {
      const prepared = await prepareEmbeddings({
        dataDir: this.options.config.dataDir,
        cacheDir: this.options.config.search.cacheDir,
        extraWords: builtInCatalogueVocabulary(),
        log: (message) => this.log.info(message),
        shouldStop: () => this.stopped,
      });
      if (prepared.built) this.log.info({ file: prepared.file, ...prepared.built }, 'search: word-embeddings cache built');
      this.log.info({ file: prepared.file, words: prepared.vectors.size, loadMs: prepared.loadMs }, 'search: word embeddings loaded');
      await this.useEmbeddings(prepared.vectors);
      return prepared;
    } catch (error) {
      this.embeddingsState = 'failed';
      throw error;
    }
  }

  // ---- lifecycle ----

  async status(): Promise<SearchStatus> {
    return {
      catalogueDocuments: this.catalogueSegment.size,
      selfieDocuments: this.selfieSegment.size,
      embeddings: this.embeddingsState,
      catalogueRefreshedAt: (await readState(this.db, STATE_CATALOGUE_REFRESHED)) ?? null,
      refreshing: this.refreshing,
    };
  }

  /**
   * Starts the background work (no-op when SEARCH_REFRESH_HOURS is 0). The promise settles when
   * the start-up indexing has (the index, the dictionary, a due ingestion, the word embeddings),
   * whether it succeeded or not: it never rejects. The app's start-up waits for it
   * (http/startup.ts); requests are answered meanwhile.
   */
  start(): Promise<void> {
    const hours = this.options.config.search.refreshHours;
    if (hours <= 0 || this.stopped) return Promise.resolve();
    const periodMs = hours * HOUR_MS;
    const background = async (name: string, task: () => Promise<unknown>): Promise<void> => {
      await task().catch((error: unknown) => {
        if (!this.stopped) this.log.error({ err: error }, `search: ${name} failed`);
      });
    };

    const startUp = background('start-up indexing', async () => {
      await this.inQueue(() => this.reloadCatalogue());
      // The Chinese dictionary: built once per machine (yielding as it goes), then a quick load.
      await prepareZhTable();
      await this.syncSelfieVideos();
      await this.applyDescriptions();
      await this.refreshCatalogueIfDue(periodMs).catch((error: unknown) => {
        this.log.warn({ err: error }, 'search: catalogue ingestion failed; trying again at the next look');
      });
      if (this.stopped) return;
      await this.inQueue(() => this.loadPackageEmbeddings());
    });

    // The situation tables' examples once the index is up (a failure names the file and the
    // situation): it runs every cue pattern once, compiling them all (~150 ms of CPU), which must
    // not delay the instance's readiness; the first conversational requests then find them compiled.
    void startUp.then(() =>
      this.stopped
        ? undefined
        : background("checking the situation tables' examples", async () => {
            const began = performance.now();
            await checkAllSituationExamples();
            this.log.info({ ms: Math.round(performance.now() - began) }, "search: the situation tables' entries read their examples");
          }),
    );
    this.every(Math.min(periodMs, CATALOGUE_CHECK_MS), () => background('catalogue refresh', () => this.refreshCatalogueIfDue(periodMs)));
    this.every(DESCRIPTION_POLL_MS, () => background('applying descriptions', () => this.applyDescriptions()));
    this.every(SELFIE_RESYNC_MS, () => background('self-shot re-sync', () => this.syncSelfieVideos()));
    return startUp;
  }

  private every(ms: number, task: () => unknown): void {
    const timer = setInterval(task, ms);
    timer.unref();
    this.timers.push(timer);
  }

  /** Stops the timers and waits for the step in progress (an ingestion stops between pages). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    await Promise.all([this.queue, this.selfieQueue]);
  }
}
