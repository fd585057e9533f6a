import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { getCatalogue } from '../server/catalogue/dataset';
import { loadConfig } from '../server/config';
import { prepareEmbeddings } from '../server/services/search/embeddings';
import { injectCatalogueFetch } from '../server/services/search/ingest';
import { builtInCatalogueVocabulary, SearchService } from '../server/services/search/service';
import { BENCH_NOW } from './search-relevance';
async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dbg-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' });
  const app = await buildApp({ ...config, spaDir: path.join(dataDir, 'x') }, { logger: false });
  const service = new SearchService({ database: app.database, config: app.config, log: app.log, catalogueFetch: injectCatalogueFetch((r) => app.inject(r)), now: () => BENCH_NOW });
  await service.refreshCatalogue();
  const prepared = await prepareEmbeddings({ dataDir, extraWords: builtInCatalogueVocabulary() });
  await service.useEmbeddings(prepared.vectors);
  const byId = new Map(getCatalogue().videos.map((v) => [v.id, v]));
  for (const q of process.argv.slice(2)) {
    const r = await service.aiSearch({ text: q, perPage: 10, page: 1 });
    console.log('==', q, JSON.stringify({ t: r.intent.terms, w: r.intent.weights, ex: r.intent.exclude }), r.catalogue.total);
    for (const h of r.catalogue.hits) console.log(`  ${h.score.toFixed(2)} k${h.keyword.toFixed(2)} s${h.semantic.toFixed(2)} ${byId.get(h.doc.ref)?.topic} | ${h.doc.title}`);
  }
  await app.close();
}
void main();
