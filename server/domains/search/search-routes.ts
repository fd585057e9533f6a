/**
 * Search: POST /search/normal-search and POST /search/ai-search.
 *
 * normal-search { query, page? } → { success, results, total, page, perPage }: public self-shot
 *   videos by full-text relevance over title, description and captions, 18 per page; a result
 *   whose captions have the request's words carries `matches: [{ start, text }]` (up to 3 cues),
 *   in both searches.
 * ai-search { chat_history, per_page?, page? } → { success, results, total, structuredResponse }:
 *   `results` are matching public self-shot videos (that page); structuredResponse.data are the
 *   catalogue matches of that page, best first ({ id, title, score, … }), with total, page,
 *   per_page, total_pages and the understood request (`intent`). Failures answer
 *   { success: false, error, message } with a 4xx/5xx status (the `error` field marks a failure).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

import { SelfieVideoSchema } from '../../schemas/videos';

import { describeIntent, REMOVABLE_PATTERN } from './intent';

import { PAGE_SIZE } from '.';

export const MAX_QUERY_LENGTH = 500;
export const MAX_AI_PER_PAGE = 100;
export const MAX_SEARCH_PAGE = 10_000;
export const AI_SEARCH_FAILED_MESSAGE = 'Failed to perform AI search.';

const MINUTE = 60 * 1000;
export const SEARCH_LIMITS = {
  normal: { max: 120, timeWindow: MINUTE },
  ai: { max: 60, timeWindow: MINUTE },
} as const;

/** One caption cue that has the request's words (domains/search/matches.ts). */
const CaptionMatch = Type.Object(
  {
    start: Type.Number({ minimum: 0, description: 'Where the cue starts, in seconds from the start of the video (open the video at ?t=<seconds>)' }),
    text: Type.String({ description: 'The cue as plain text' }),
  },
  { additionalProperties: false },
);

/**
 * A self-shot video, as domains/videos/videos.ts toPublicVideo builds it (domains/videos/video-routes.ts), and the
 * lines of its captions that have the request's words when it was found through what is said.
 */
const SelfieVideo = Type.Object({
  ...SelfieVideoSchema.properties,
  matches: Type.Optional(
    Type.Array(CaptionMatch, {
      maxItems: 3,
      description: 'Up to 3 caption cues with the request\'s words, in time order; absent when the captions have none of them',
    }),
  ),
});

/** Search for the words as written: no typo correction ("Search instead for …"). */
const Literal = Type.Optional(Type.Boolean({ default: false }));

const NormalSearchBody = Type.Object(
  {
    query: Type.String({ maxLength: MAX_QUERY_LENGTH }),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEARCH_PAGE, default: 1 })),
    literal: Literal,
  },
  { additionalProperties: false },
);

const AiSearchBody = Type.Object(
  {
    chat_history: Type.String({
      maxLength: MAX_QUERY_LENGTH,
      pattern: '\\S',
      errorMessage: { pattern: 'chat_history must not be blank.' },
    }),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_AI_PER_PAGE, default: PAGE_SIZE })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SEARCH_PAGE, default: 1 })),
    literal: Literal,
    /** Parts of the understood request to leave out (the chips the visitor removed). */
    remove: Type.Optional(Type.Array(Type.String({ pattern: REMOVABLE_PATTERN, maxLength: 120 }), { maxItems: 32 })),
  },
  { additionalProperties: false },
);

const Correction = Type.Object({ from: Type.String(), to: Type.String() });

const NormalSearchResponse = Type.Object({
  success: Type.Boolean(),
  results: Type.Array(SelfieVideo),
  total: Type.Integer(),
  page: Type.Integer(),
  perPage: Type.Integer(),
  /** Present when nothing matched as written and misspelt words were corrected. */
  correctedQuery: Type.Optional(Type.String()),
  corrections: Type.Array(Correction),
});

const CatalogueItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  score: Type.Number(),
  keyword_score: Type.Number(),
  semantic_score: Type.Number(),
  views: Type.Number(),
  rating: Type.Union([Type.Number(), Type.Null()]),
  length_sec: Type.Union([Type.Integer(), Type.Null()]),
  added: Type.Union([Type.String(), Type.Null()]),
});

const AiSearchResponse = Type.Object({
  success: Type.Boolean(),
  results: Type.Array(SelfieVideo),
  total: Type.Integer(),
  structuredResponse: Type.Object({
    data: Type.Array(CatalogueItem),
    total: Type.Integer(),
    page: Type.Integer(),
    per_page: Type.Integer(),
    total_pages: Type.Integer(),
    /** True when the length/date constraints matched nothing and were dropped. */
    relaxed: Type.Boolean(),
    /**
     * What was understood: terms, exclude, min/max_length_sec, added_after/before, order,
     * parser, language ('en' | 'zh' | 'mixed'), corrections, corrected_query and situations
     * ([{ name, cue, terms, soft? }]: what a conversational request was read as, soft when only
     * a hint whose words were added beside the request's own; describeIntent).
     */
    intent: Type.Record(Type.String(), Type.Unknown()),
  }),
});

function aiError(reply: FastifyReply, statusCode: number, error: string, message: string): FastifyReply {
  return reply.code(statusCode).send({ success: false, error, message });
}

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/search/normal-search',
    {
      schema: { body: NormalSearchBody, response: { 200: NormalSearchResponse } },
      config: { rateLimit: SEARCH_LIMITS.normal },
    },
    async (request) => {
      const page = request.body.page ?? 1;
      const { videos, total, understood } = await app.searchIndex.normalSearch(request.body.query, page, request.body.literal ?? false);
      return {
        success: true,
        results: videos,
        total,
        page,
        perPage: PAGE_SIZE,
        ...(understood.correctedQuery ? { correctedQuery: understood.correctedQuery } : {}),
        corrections: understood.corrections,
      };
    },
  );

  app.post(
    '/search/ai-search',
    {
      attachValidation: true,
      // Error bodies are not declared: 429s and malformed JSON come from the shared error handler.
      schema: { body: AiSearchBody, response: { 200: AiSearchResponse } },
      config: {
        rateLimit: SEARCH_LIMITS.ai,
        // In the AI search's own error shape (http/route-preambles.ts).
        onInvalid: (request, reply, error) => {
          request.log.info({ reason: error.message }, 'request rejected');
          return aiError(reply, 400, 'invalid_request', error.message);
        },
      },
    },
    async (request, reply) => {
      const perPage = request.body.per_page ?? PAGE_SIZE;
      const page = request.body.page ?? 1;
      try {
        const { intent, understood, catalogue, selfie } = await app.searchIndex.aiSearch({
          text: request.body.chat_history.trim(),
          perPage,
          page,
          literal: request.body.literal ?? false,
          remove: request.body.remove ?? [],
        });
        return {
          success: true,
          results: selfie.videos,
          total: selfie.total,
          structuredResponse: {
            data: catalogue.hits.map(({ doc, score, keyword, semantic }) => ({
              id: doc.ref,
              title: doc.title,
              score,
              keyword_score: keyword,
              semantic_score: semantic,
              views: doc.views,
              rating: doc.rating,
              length_sec: doc.lengthSec,
              added: doc.addedAt === null ? null : new Date(doc.addedAt).toISOString(),
            })),
            total: catalogue.total,
            page,
            per_page: perPage,
            total_pages: Math.ceil(catalogue.total / perPage),
            relaxed: catalogue.relaxed,
            intent: {
              ...describeIntent(intent),
              ...(understood.correctedQuery ? { corrected_query: understood.correctedQuery } : {}),
            },
          },
        };
      } catch (error) {
        request.log.error({ err: error }, 'AI search failed');
        return aiError(reply, 500, 'search_failed', AI_SEARCH_FAILED_MESSAGE);
      }
    },
  );
};
