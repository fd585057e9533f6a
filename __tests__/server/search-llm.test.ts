import { createServer, type IncomingMessage, type Server } from 'node:http';

import { ConfigError, loadConfig } from '../../server/config/index';
import { intentFromLlm } from '../../server/domains/search/llm-parser';
import { makeTestApp, type TestApp } from '../support/server';

import { seedCatalogue, tinyVectors } from './search-helpers';

interface Received {
  url: string | undefined;
  authorization: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string }> };
}

/** An OpenAI-compatible endpoint on 127.0.0.1:0 whose answer each test decides. */
async function startFakeLlm(): Promise<{
  server: Server;
  url: string;
  received: Received[];
  answer: (req: IncomingMessage) => { status: number; body: unknown; delayMs?: number };
}> {
  const state = {
    server: undefined as unknown as Server,
    url: '',
    received: [] as Received[],
    answer: (() => ({ status: 200, body: {} })) as (req: IncomingMessage) => { status: number; body: unknown; delayMs?: number },
  };
  state.server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    req.on('end', () => {
      state.received.push({ url: req.url, authorization: req.headers.authorization, body: JSON.parse(raw) as Received['body'] });
      const { status, body, delayMs } = state.answer(req);
      const timer = setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      }, delayMs ?? 0);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  const address = state.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  state.url = `http://127.0.0.1:${address.port}/v1`;
  return state;
}

/**
 * The parser's time limit in these tests: far above a loopback answer on a busy machine (the
 * answering tests must not race it), while the timeout case answers only after the test is over.
 */
const LLM_TIMEOUT_MS = 1500;
const LLM_NEVER_MS = 60_000;

const chat = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });

describe('the optional OpenAI-compatible request parser', () => {
  let llm: Awaited<ReturnType<typeof startFakeLlm>>;
  let t: TestApp;

  beforeEach(async () => {
    llm = await startFakeLlm();
    t = await makeTestApp({
      env: { AI_SEARCH_URL: llm.url, AI_SEARCH_MODEL: 'tiny-model', AI_SEARCH_API_KEY: 'sk-test', AI_SEARCH_TIMEOUT_MS: String(LLM_TIMEOUT_MS) },
    });
    await t.app.searchIndex.useEmbeddings(tinyVectors());
    await seedCatalogue(t.app, [
      { id: 'catshort001', title: 'Cat naps', keywords: 'cat', views: 10, lengthSec: 100 },
      { id: 'catshort002', title: 'Cat jumps', keywords: 'cat', views: 900, lengthSec: 200 },
      { id: 'catlong0003', title: 'Cat documentary', keywords: 'cat', views: 5000, lengthSec: 4000 },
      { id: 'pasta000004', title: 'Pasta night', keywords: 'recipe', views: 99999, lengthSec: 100 },
    ]);
  });
  afterEach(async () => {
    await t.close();
    llm.server.closeAllConnections();
    await new Promise((resolve) => llm.server.close(resolve));
  });

  const ask = (text: string) =>
    t.app.inject({ method: 'POST', url: '/v0/api/search/ai-search', payload: { chat_history: text } }).then((res) => {
      expect(res.statusCode).toBe(200);
      return res.json().structuredResponse;
    });

  it('is used when configured: POST {url}/chat/completions with the model, the key and the request', async () => {
    llm.answer = () => ({
      status: 200,
      body: chat('```json\n{"terms":["cat"],"exclude":[],"min_length_sec":null,"max_length_sec":300,"added_after":null,"added_before":null,"order":"views"}\n```'),
    });
    const answer = await ask('give me the cat clips people watch most, nothing long');
    expect(llm.received).toHaveLength(1);
    expect(llm.received[0]).toMatchObject({
      url: '/v1/chat/completions',
      authorization: 'Bearer sk-test',
      body: { model: 'tiny-model', messages: [{ role: 'system' }, { role: 'user', content: 'give me the cat clips people watch most, nothing long' }] },
    });
    expect(llm.received[0]?.body.messages[0]?.content).toContain('Today is');
    expect(answer.intent).toEqual({ terms: ['cat'], max_length_sec: 300, order: 'views', parser: 'llm' });
    expect(answer.data.map((item: { id: string }) => item.id)).toEqual(['catshort002', 'catshort001']);

    // The same request again (page 2, say) does not ask again.
    await ask('give me the cat clips people watch most, nothing long');
    expect(llm.received).toHaveLength(1);
  });

  it.each<[string, () => { status: number; body: unknown; delayMs?: number }]>([
    ['an HTTP error', () => ({ status: 500, body: { error: 'overloaded' } })],
    ['a timeout', () => ({ status: 200, body: chat('{"terms":["pasta"]}'), delayMs: LLM_NEVER_MS })],
    ['an answer that is not JSON', () => ({ status: 200, body: chat('Sure! Here are some cats.') })],
    ['JSON of the wrong shape', () => ({ status: 200, body: chat('{"terms":"cat","order":"sideways"}') })],
    ['a body without choices', () => ({ status: 200, body: { object: 'error' } })],
    ['a broken body', () => ({ status: 200, body: '{"choices": [' })],
  ])('falls back to the embedded parser on %s', async (_case, answer) => {
    llm.answer = answer;
    // A late answer would have been used (the timeout case answers "pasta" only after the test):
    // the embedded parser's intent below shows the request did not wait for it.
    const result = await ask('short cat videos');
    expect(result.intent).toEqual({ terms: ['cat'], max_length_sec: 300, order: 'relevance', parser: 'embedded', language: 'en' });
    expect(result.data.map((item: { id: string }) => item.id).sort()).toEqual(['catshort001', 'catshort002']);
  });

  it('falls back when the endpoint is unreachable', async () => {
    llm.server.closeAllConnections();
    await new Promise((resolve) => llm.server.close(resolve));
    llm.server = createServer();
    await new Promise<void>((resolve) => llm.server.listen(0, '127.0.0.1', resolve));
    expect((await ask('cat')).intent).toMatchObject({ parser: 'embedded', terms: ['cat'] });
  });
});

describe('intentFromLlm', () => {
  it('splits and cleans the words and reads the dates', () => {
    expect(
      intentFromLlm({
        terms: ['Funny Cats', 'the'],
        exclude: ['dogs'],
        min_length_sec: 60,
        max_length_sec: null,
        added_after: '2025-01-01',
        added_before: null,
        order: 'rating',
      }),
    ).toEqual({
      terms: ['funny', 'cats'],
      exclude: ['dogs'],
      minLengthSec: 60,
      addedAfter: Date.UTC(2025, 0, 1),
      order: 'rating',
      parser: 'llm',
    });
  });
});

describe('AI_SEARCH_* configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  };

  it('is off unless both the URL and the model are set', () => {
    expect(loadConfig({}).search).toEqual({ refreshHours: 6, ai: null });
    expect(loadConfig({ NODE_ENV: 'test' }).search.refreshHours).toBe(0);
    expect(loadConfig({ AI_SEARCH_URL: 'https://llm.example/v1/', AI_SEARCH_MODEL: 'm' }).search.ai).toEqual({
      url: 'https://llm.example/v1',
      model: 'm',
      apiKey: null,
      timeoutMs: 2000,
    });
  });

  it('names the variable that is wrong', () => {
    expect(problems({ AI_SEARCH_URL: 'https://llm.example/v1' })).toEqual([
      'AI_SEARCH_URL is set but AI_SEARCH_MODEL is not; set both (or neither)',
    ]);
    expect(problems({ AI_SEARCH_MODEL: 'm' })).toEqual(['AI_SEARCH_MODEL is set but AI_SEARCH_URL is not; set both (or neither)']);
    expect(problems({ AI_SEARCH_URL: 'ftp://x', AI_SEARCH_MODEL: 'm' })[0]).toMatch(/^AI_SEARCH_URL must be an absolute http/);
    expect(problems({ AI_SEARCH_TIMEOUT_MS: '5' })[0]).toMatch(/^AI_SEARCH_TIMEOUT_MS must be an integer 100-60000/);
    expect(problems({ SEARCH_REFRESH_HOURS: '-1' })[0]).toMatch(/^SEARCH_REFRESH_HOURS must be an integer 0-720/);
  });

  it('never puts the API key in an error', () => {
    expect(problems({ AI_SEARCH_API_KEY: 'sk-secret', AI_SEARCH_MODEL: 'm' }).join(' ')).not.toContain('sk-secret');
  });
});
