/**
 * Optional smarter request parser: an OpenAI-compatible chat-completions endpoint (AI_SEARCH_URL,
 * AI_SEARCH_MODEL, AI_SEARCH_API_KEY) asked for the same SearchIntent as JSON. Anything going
 * wrong — network error, timeout, non-2xx, malformed or invalid JSON — falls back to the
 * embedded parser, so the search never depends on it. Answers are cached briefly (the same
 * request text on page 2 does not ask again).
 */
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

import { parseIntent, SEARCH_ORDERS, type SearchIntent } from './intent';
import { STOP_WORDS, surfaceWords } from './text';

export interface LlmParserConfig {
  /** Base URL; the parser POSTs to {url}/chat/completions. */
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

export type IntentParser = (request: string, now: Date) => Promise<SearchIntent>;

export interface LlmParserOptions {
  fetch?: typeof fetch;
  /** Told about every fallback (logged by the caller). */
  onFallback?: (reason: string) => void;
  cacheSize?: number;
}

const LlmIntent = Type.Object({
  terms: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 32 }),
  exclude: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 32 })),
  min_length_sec: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  max_length_sec: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  added_after: Type.Optional(Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}' }), Type.Null()])),
  added_before: Type.Optional(Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}' }), Type.Null()])),
  order: Type.Optional(
    Type.Union([
      Type.Literal('relevance'),
      Type.Literal('views'),
      Type.Literal('rating'),
      Type.Literal('newest'),
      Type.Literal('oldest'),
      Type.Literal('longest'),
      Type.Literal('shortest'),
      Type.Null(),
    ]),
  ),
});
type LlmIntent = Static<typeof LlmIntent>;

export function systemPrompt(now: Date): string {
  return [
    'You turn a video search request into JSON. Today is ' + now.toISOString().slice(0, 10) + '.',
    'Answer with one JSON object and nothing else:',
    '{"terms": [subject words, lower-case, singular, no filler like "show me", "videos", "please"],',
    ' "exclude": [words the videos must not be about],',
    ' "min_length_sec": integer or null, "max_length_sec": integer or null,',
    ' "added_after": "YYYY-MM-DD" or null, "added_before": "YYYY-MM-DD" or null,',
    ` "order": one of ${SEARCH_ORDERS.map((order) => `"${order}"`).join(', ')}}`,
    '"short"/"quick" means max_length_sec 300; "long"/"in-depth" means min_length_sec 1200.',
    '"most viewed"/"popular" is order "views"; "top rated"/"best" is "rating"; "latest"/"newest" is "newest".',
  ].join('\n');
}

function toDate(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The model's JSON as a SearchIntent; subject words go through the same word splitting as ours. */
export function intentFromLlm(answer: LlmIntent): SearchIntent {
  const words = (list: string[] | undefined) => [
    ...new Set((list ?? []).flatMap((item) => surfaceWords(item)).filter((word) => !STOP_WORDS.has(word))),
  ];
  const intent: SearchIntent = {
    terms: words(answer.terms),
    exclude: words(answer.exclude),
    order: answer.order ?? 'relevance',
    parser: 'llm',
  };
  if (typeof answer.min_length_sec === 'number') intent.minLengthSec = answer.min_length_sec;
  if (typeof answer.max_length_sec === 'number') intent.maxLengthSec = answer.max_length_sec;
  const after = toDate(answer.added_after);
  const before = toDate(answer.added_before);
  if (after !== undefined) intent.addedAfter = after;
  if (before !== undefined) intent.addedBefore = before;
  return intent;
}

/** Pulls the JSON object out of a chat answer (models sometimes wrap it in ```json fences). */
function extractJson(content: string): unknown {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) throw new Error('no JSON object in the answer');
  return JSON.parse(content.slice(start, end + 1));
}

export async function askLlm(config: LlmParserConfig, request: string, now: Date, fetchImpl: typeof fetch = fetch): Promise<SearchIntent> {
  const response = await fetchImpl(`${config.url.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model,
      temperature: 0,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: systemPrompt(now) },
        { role: 'user', content: request },
      ],
    }),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('no message content in the answer');
  const parsed = extractJson(content);
  if (!Value.Check(LlmIntent, parsed)) throw new Error('the answer does not have the intent shape');
  return intentFromLlm(parsed);
}

/**
 * A parser that asks the endpoint and falls back to the embedded parser. When the model finds
 * no subject words but ours does (a model that ignored the instructions), ours are used.
 */
export function createLlmParser(config: LlmParserConfig, options: LlmParserOptions = {}): IntentParser {
  const cache = new Map<string, SearchIntent>();
  const cacheSize = options.cacheSize ?? 256;
  return async (request, now) => {
    const key = `${now.toISOString().slice(0, 10)}\n${request}`;
    const cached = cache.get(key);
    if (cached) return cached;
    try {
      const intent = await askLlm(config, request, now, options.fetch ?? fetch);
      if (intent.terms.length === 0) {
        const embedded = parseIntent(request, now);
        if (embedded.terms.length > 0) intent.terms = embedded.terms;
      }
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
      cache.set(key, intent);
      return intent;
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      options.onFallback?.(reason);
      return parseIntent(request, now);
    }
  };
}

export const embeddedParser: IntentParser = async (request, now) => parseIntent(request, now);
