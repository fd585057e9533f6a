/**
 * `npm run search:prepare`: builds the compact word-embeddings cache and the Chinese dictionary of
 * the AI search ahead of time (e.g. in an image build), so a fresh server does not spend its first
 * seconds on them (it answers /health with 'starting' meanwhile). Prints where the embeddings
 * went, the build and load times and the memory the loaded table takes.
 */
import { loadConfig } from '../server/config/index';
import { prepareEmbeddings } from '../server/domains/search/embeddings';
import { builtInCatalogueVocabulary } from '../server/domains/search/service';
import { configureZhCache, prepareZhTable } from '../server/domains/search/zh';

async function main(): Promise<void> {
  const config = loadConfig();
  configureZhCache({ cacheDir: config.search.cacheDir, dataDir: config.dataDir });
  await prepareZhTable();
  const before = process.memoryUsage();
  const prepared = await prepareEmbeddings({
    dataDir: config.dataDir,
    cacheDir: config.search.cacheDir,
    extraWords: builtInCatalogueVocabulary(),
    log: (message) => console.info(message),
  });
  const after = process.memoryUsage();
  if (prepared.built) {
    const { words, scanned, bytes, ms } = prepared.built;
    console.info(`built in ${(ms / 1000).toFixed(1)} s: ${words} of ${scanned} words kept, ${(bytes / 1e6).toFixed(1)} MB`);
  } else {
    console.info('the cache was already up to date');
  }
  console.info(`cache: ${prepared.file}`);
  console.info(
    `loaded in ${prepared.loadMs} ms; heap +${((after.heapUsed - before.heapUsed) / 1e6).toFixed(1)} MB, ` +
      `buffers +${((after.arrayBuffers - before.arrayBuffers) / 1e6).toFixed(1)} MB`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
