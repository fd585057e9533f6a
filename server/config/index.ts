/**
 * The one place configuration is read: environment variables with safe defaults, validated up
 * front so a bad value stops start-up with a message naming the variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';

import { parseMediaConfig, type MediaConfig } from './media';
import { parseStorageConfig, type S3StorageConfig } from './storage';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute; holds the SQLite file, media/ and mail/. */
  dataDir: string;
  mediaDir: string;
  mailDir: string;
  /** Origin (and optional path) used in e-mailed links and the wallet message; no trailing slash. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Unset, it is only a guess (localhost): same-server links then
   * follow the address each request was sent to, so the site works at 127.0.0.1 or a LAN address.
   */
  publicUrlConfigured: boolean;
  /** builtIn: the stand-in served under /catalogue by this process; url has no trailing slash. */
  catalogue: { builtIn: boolean; url: string };
  /** null: mail is written to files in mailDir. */
  smtpUrl: string | null;
  database: DatabaseConfig;
  logLevel: LogLevel;
  nodeEnv: NodeEnv;
  autoVerifyAccounts: boolean;
  /**
   * log2 of scrypt's cost N for new password hashes (PASSWORD_HASH_COST, default 15 = N 32768).
   * Tests lower it explicitly; start-up warns when it is below the default outside tests.
   */
  passwordHashCost: number;
  /**
   * TRUST_PROXY: false (no proxy: the socket's address is the client), a hop count (the address
   * the nearest N proxies saw), or the proxies' addresses/CIDRs. Never "trust every hop".
   */
  trustProxy: TrustProxy;
  /**
   * Origins whose pages may send state-changing requests (http/origin-check.ts): PUBLIC_URL's
   * origin first, then ALLOWED_ORIGINS. Serialized origins, e.g. "https://example.com".
   */
  allowedOrigins: string[];
  /** Session cookies get `Secure` when the site is served over https. */
  cookieSecure: boolean;
  /** DOWNLOADS=off turns every video's download off, whatever its owner chose (docs/sharing.md). */
  downloadsEnabled: boolean;
  /** Absolute path of the built SPA (webpack's dist/). */
  spaDir: string;
  /** Largest accepted video upload in bytes (MAX_VIDEO_BYTES, default 1 GiB). */
  maxVideoBytes: number;
  /** Largest accepted thumbnail upload in bytes (MAX_THUMBNAIL_BYTES, default 2 MiB). */
  maxThumbnailBytes: number;
  /** Resumable (tus) uploads left incomplete are removed after this long (UPLOAD_EXPIRY_HOURS, default 24). */
  uploadExpiryMs: number;
  /** Search (domains/search): background indexing and the optional OpenAI-compatible parser. */
  search: SearchConfig;
  /** METRICS_PORT: Prometheus metrics on 127.0.0.1 at this port (0: any free port); null: off. */
  metricsPort: number | null;
  /** Local temporary files (DATA_DIR/tmp): uploads being received, transcoding work folders. */
  tmpDir: string;
  /** The media pipeline (server/domains/media): workers, retries, originals. */
  media: MediaConfig;
  /** Load shedding (http/overload.ts); 0 turns a check off. */
  overload: OverloadConfig;
  /** Slow and idle clients (http/slow-clients.ts) and long-lived connections' own budgets. */
  connections: ConnectionConfig;
  /**
   * REDIS_URL (redis:// or rediss://): shared rate limits and change events between instances
   * (infra/redis.ts, infra/events.ts). null: both live in this process.
   */
  redisUrl: string | null;
  /**
   * S3_BUCKET (+ S3_FORCE_PATH_STYLE): media in that bucket (infra/storage/s3.ts); the SDK
   * reads the AWS_* variables itself. null: media on the local disk under mediaDir.
   */
  s3: S3StorageConfig | null;
  /** The shared cache of visitors' server-rendered pages (pages/page-cache.ts). */
  pageCache: PageCacheConfig;
}

export interface PageCacheConfig {
  /** PAGE_CACHE_TTL_MS: how long a visitor's page is served from the cache; 0 turns the cache off. */
  ttlMs: number;
  /** PAGE_CACHE_MAX_MB, in bytes: the most the cached pages may hold in memory. */
  maxBytes: number;
}

export interface OverloadConfig {
  /** OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: mean event-loop delay over a sample above which requests get 503. */
  maxEventLoopDelayMs: number;
  /** OVERLOAD_MAX_ELU: event-loop utilization (0-1) above which requests get 503. */
  maxEventLoopUtilization: number;
  /** OVERLOAD_MAX_IN_FLIGHT: requests worked on at once (page views aside); the next ones wait for a place. */
  maxInFlight: number;
  /** OVERLOAD_MAX_IN_FLIGHT_PAGES: server-rendered page views worked on at once. */
  maxInFlightPages: number;
  /** OVERLOAD_MAX_QUEUE_WAIT_MS: longest wait for a place before 503; 0: no waiting (503 at once when every place is taken). */
  maxQueueWaitMs: number;
  /** OVERLOAD_MAX_QUEUE: most requests waiting for a place per class (a memory bound). */
  maxQueue: number;
  /** How long a shed client is told to wait (Retry-After, seconds). */
  retryAfterSeconds: number;
}

export interface ConnectionConfig {
  /** HEADERS_TIMEOUT_MS: a request's headers must have arrived within this long (408). */
  headersTimeoutMs: number;
  /** IDLE_TIMEOUT_MS: a connection with nothing read or written for this long is closed. */
  idleTimeoutMs: number;
  /** BODY_GRACE_MS: how long a body may arrive at any pace before its rate is checked. */
  bodyGraceMs: number;
  /** BODY_MIN_BYTES_PER_SECOND: a body's least data rate over 30 s after the grace (0: off). */
  bodyMinBytesPerSecond: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: open connections per client address (behind a proxy: open requests per forwarded address); 0: off. */
  maxConnectionsPerAddress: number;
  /** NOTIFICATION_STREAMS_PER_SESSION, _PER_USER: open notification streams; the oldest is closed past either. */
  streamsPerSession: number;
  streamsPerUser: number;
  /** NOTIFICATION_STREAMS_MAX: open notification streams on this instance; past it a stream is refused (503) and the bell polls. */
  maxStreams: number;
  /** UPLOADS_ACTIVE_PER_USER, UPLOADS_ACTIVE_MAX: uploads under way per user and on this instance; a new one past either is refused (429). */
  uploadsPerUser: number;
  uploadsMax: number;
}

export interface SearchConfig {
  /**
   * SEARCH_REFRESH_HOURS (default 6; 0 under NODE_ENV=test): the catalogue is re-ingested this
   * often, and at start-up when the index is empty or older. 0 turns all background indexing off.
   */
  refreshHours: number;
  /** AI_SEARCH_URL + AI_SEARCH_MODEL (+ AI_SEARCH_API_KEY, AI_SEARCH_TIMEOUT_MS); null: embedded parser only. */
  ai: { url: string; model: string; apiKey: string | null; timeoutMs: number } | null;
  /**
   * SEARCH_CACHE_DIR: the one folder for the search's built caches (word embeddings, Chinese
   * dictionary). Unset: node_modules/.cache/selfie-search, else DATA_DIR/search when read-only.
   */
  cacheDir?: string;
}

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** The built SPA sits at the project root, whatever the working directory. */
const DEFAULT_SPA_DIR = path.resolve(__dirname, '..', '..', 'dist');

/** scrypt N = 2^15 (32 MiB per hash): the production default; 2^18 already needs 256 MiB. */
export const DEFAULT_PASSWORD_HASH_COST = 15;
export const PASSWORD_HASH_COST_RANGE = { min: 10, max: 18 } as const;

/** Upload limits (video max 1 GB, thumbnail max 2 MB by default); lowered in tests through the env. */
export const DEFAULT_MAX_VIDEO_BYTES = 1024 * 1024 * 1024;
export const DEFAULT_MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;
const UPLOAD_BYTES_RANGE = { min: 1, max: Number.MAX_SAFE_INTEGER } as const;

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/**
 * Reads `env` into an AppConfig. Every problem is collected so one start-up attempt reports them
 * all; the ConfigError message has one line per bad variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  /** Empty strings count as unset: `FOO=` in an env file means "use the default". */
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const fail = <T>(message: string, fallback: T): T => {
    problems.push(message);
    return fallback;
  };

  const port = parsePort(read('PORT'), fail);
  const host = read('HOST') ?? '0.0.0.0';
  if (/\s/.test(host)) fail(`HOST must be a host name or IP address, got "${host}"`, null);

  const dataDir = path.resolve(read('DATA_DIR') ?? './data');

  const publicUrl = parseHttpUrl('PUBLIC_URL', read('PUBLIC_URL'), fail) ?? `http://localhost:${port}`;

  const catalogueUrl = parseHttpUrl('CATALOGUE_URL', read('CATALOGUE_URL'), fail);
  const catalogue = catalogueUrl
    ? { builtIn: false, url: catalogueUrl }
    : { builtIn: true, url: `${publicUrl}/catalogue` };

  const smtpUrl = parseSecretUrl(read('SMTP_URL'), ['smtp:', 'smtps:'], 'SMTP_URL must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587', fail);
  const database = parseDatabaseUrl(read('DATABASE_URL'), dataDir, fail);

  const logLevel = parseChoice('LOG_LEVEL', read('LOG_LEVEL'), LOG_LEVELS, 'info', fail);
  const nodeEnv = parseChoice('NODE_ENV', read('NODE_ENV'), NODE_ENVS, 'production', fail);
  const autoVerifyAccounts = parseBoolean('AUTO_VERIFY_ACCOUNTS', read('AUTO_VERIFY_ACCOUNTS'), false, fail);
  const trustProxy = parseTrustProxy(read('TRUST_PROXY'), fail);
  const allowedOrigins = parseAllowedOrigins(publicUrl, read('ALLOWED_ORIGINS'), fail);
  const passwordHashCost = parseIntegerInRange(
    'PASSWORD_HASH_COST',
    read('PASSWORD_HASH_COST'),
    PASSWORD_HASH_COST_RANGE,
    DEFAULT_PASSWORD_HASH_COST,
    fail,
  );
  const maxVideoBytes = parseIntegerInRange(
    'MAX_VIDEO_BYTES',
    read('MAX_VIDEO_BYTES'),
    UPLOAD_BYTES_RANGE,
    DEFAULT_MAX_VIDEO_BYTES,
    fail,
  );
  const maxThumbnailBytes = parseIntegerInRange(
    'MAX_THUMBNAIL_BYTES',
    read('MAX_THUMBNAIL_BYTES'),
    UPLOAD_BYTES_RANGE,
    DEFAULT_MAX_THUMBNAIL_BYTES,
    fail,
  );
  const uploadExpiryHours = parseIntegerInRange('UPLOAD_EXPIRY_HOURS', read('UPLOAD_EXPIRY_HOURS'), { min: 1, max: 24 * 30 }, 24, fail);

  const search = parseSearchConfig(read, nodeEnv, fail);
  const metricsRaw = read('METRICS_PORT');
  const metricsPort = metricsRaw === undefined ? null : parsePort(metricsRaw, fail, 'METRICS_PORT');
  const overload = parseOverloadConfig(read, nodeEnv, fail);
  const connections = parseConnectionConfig(read, fail);
  const redisUrl = parseSecretUrl(read('REDIS_URL'), ['redis:', 'rediss:'], 'REDIS_URL must be a redis:// or rediss:// URL such as redis://localhost:6379', fail);
  const media = parseMediaConfig(read, fail);
  const s3 = parseStorageConfig(read, fail);
  const pageCache = parsePageCacheConfig(read, nodeEnv, fail);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    mailDir: path.join(dataDir, 'mail'),
    publicUrl,
    publicUrlConfigured: read('PUBLIC_URL') !== undefined,
    catalogue,
    smtpUrl,
    database,
    logLevel,
    nodeEnv,
    autoVerifyAccounts,
    passwordHashCost,
    trustProxy,
    allowedOrigins,
    cookieSecure: publicUrl.startsWith('https:'),
    downloadsEnabled: parseDownloads(read('DOWNLOADS'), fail),
    spaDir: DEFAULT_SPA_DIR,
    maxVideoBytes,
    uploadExpiryMs: uploadExpiryHours * 60 * 60 * 1000,
    maxThumbnailBytes,
    search,
    metricsPort,
    overload,
    connections,
    redisUrl,
    tmpDir: path.join(dataDir, 'tmp'),
    media,
    s3,
    pageCache,
  };
}

type Fail = <T>(message: string, fallback: T) => T;

function parsePort(value: string | undefined, fail: Fail, name = 'PORT'): number {
  if (value === undefined) return 3000;
  const port = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return fail(`${name} must be an integer 1-65535, got "${value}"`, 3000);
  }
  return port;
}

/** An absolute http(s) URL without query or fragment, returned without its trailing slash. */
function parseHttpUrl(name: string, value: string | undefined, fail: Fail): string | undefined {
  if (value === undefined) return undefined;
  const expected = `${name} must be an absolute http:// or https:// URL without query or fragment, got "${value}"`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(expected, undefined);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    return fail(expected, undefined);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * A URL that may hold a password (SMTP_URL, REDIS_URL): null when unset, else it must parse, name a
 * host and use one of `protocols`; a failure names the variable, never its content.
 */
function parseSecretUrl(value: string | undefined, protocols: readonly string[], message: string, fail: Fail): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    if (protocols.includes(url.protocol) && url.hostname) return value;
  } catch {
    // reported below
  }
  return fail(message, null);
}

function parseDatabaseUrl(value: string | undefined, dataDir: string, fail: Fail): DatabaseConfig {
  const defaultSqlite: DatabaseConfig = { dialect: 'sqlite', file: path.join(dataDir, 'app.db') };
  if (value === undefined) return defaultSqlite;
  if (/^postgres(ql)?:\/\/[^/]/.test(value)) {
    try {
      new URL(value);
      return { dialect: 'postgres', url: value };
    } catch {
      // reported below
    }
  }
  const sqlitePath = /^sqlite:(.+)$/.exec(value)?.[1];
  if (sqlitePath) {
    return { dialect: 'sqlite', file: sqlitePath === ':memory:' ? sqlitePath : path.resolve(sqlitePath) };
  }
  // The value may hold a password: name the variable, not its content.
  return fail(
    'DATABASE_URL must be a postgres:// (or postgresql://) URL, or sqlite:<file path>; leave it unset for DATA_DIR/app.db',
    defaultSqlite,
  );
}

function parseChoice<T extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
  fail: Fail,
): T {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  return fail(`${name} must be one of ${allowed.join(', ')}, got "${value}"`, fallback);
}

function parseIntegerInRange(
  name: string,
  value: string | undefined,
  range: { min: number; max: number },
  fallback: number,
  fail: Fail,
): number {
  if (value === undefined) return fallback;
  const number = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < range.min || number > range.max) {
    return fail(`${name} must be an integer ${range.min}-${range.max}, got "${value}"`, fallback);
  }
  return number;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean, fail: Fail): boolean {
  if (value === undefined) return fallback;
  const word = value.toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return fail(`${name} must be true or false (also 1/0, yes/no, on/off), got "${value}"`, fallback);
}

/** Far more proxies than any real chain; a bigger count is surely a typo. */
const MAX_PROXY_HOPS = 10;

/**
 * TRUST_PROXY: unset/false/0/off/no → false; an integer 1-10 → that many trusted hops; otherwise
 * a comma list of IP addresses or CIDRs. "true" (trust every hop) is refused: with it the client
 * picks its own address through X-Forwarded-For and escapes every per-address limit.
 */
function parseTrustProxy(value: string | undefined, fail: Fail): TrustProxy {
  if (value === undefined) return false;
  const word = value.toLowerCase();
  if (['false', '0', 'no', 'off'].includes(word)) return false;
  if (['true', 'yes', 'on'].includes(word)) {
    return fail(
      `TRUST_PROXY must not be "${value}": trusting every hop lets clients choose their address with X-Forwarded-For. ` +
        'Set the number of proxies in front of the site (e.g. TRUST_PROXY=1) or their addresses/CIDRs (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
      false,
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= MAX_PROXY_HOPS) return hops;
    return fail(`TRUST_PROXY must be a hop count 1-${MAX_PROXY_HOPS} or a list of proxy addresses/CIDRs, got "${value}"`, false);
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0) {
    return fail(
      `TRUST_PROXY must be a hop count 1-${MAX_PROXY_HOPS} or a comma list of proxy IP addresses/CIDRs, got "${bad.join(', ')}"`,
      false,
    );
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** PUBLIC_URL's origin plus ALLOWED_ORIGINS (comma list of http(s) origins, no path). */
function parseAllowedOrigins(publicUrl: string, value: string | undefined, fail: Fail): string[] {
  const origins = [new URL(publicUrl).origin];
  if (value === undefined) return origins;
  for (const entry of value.split(',').map((item) => item.trim()).filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const isOrigin =
      url !== undefined &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.search &&
      !url.hash &&
      (url.pathname === '/' || url.pathname === '') &&
      !entry.replace(/^https?:\/\//i, '').replace(/\/$/, '').includes('/');
    if (!isOrigin || !url) {
      fail(`ALLOWED_ORIGINS must be a comma list of origins such as https://www.example.com (scheme, host, optional port; no path), got "${entry}"`, null);
      continue;
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/**
 * Load shedding (admission gates, and mean event-loop delay over 300 ms as the backstop) is on by default, off under
 * NODE_ENV=test (a test run saturates its own event loop on purpose; the overload tests switch it on explicitly).
 * The backstop sheds every request for a whole sample window (half a second), so it must be the exception: the gates
 * keep each turn of the loop short, and a lower threshold tripped on a shared CPU's scheduling alone.
 */
function parseOverloadConfig(read: (name: string) => string | undefined, nodeEnv: NodeEnv, fail: Fail): OverloadConfig {
  const testing = nodeEnv === 'test';
  const maxEventLoopDelayMs = parseIntegerInRange(
    'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS',
    read('OVERLOAD_MAX_EVENT_LOOP_DELAY_MS'),
    { min: 0, max: 60_000 },
    testing ? 0 : 300,
    fail,
  );
  const eluText = read('OVERLOAD_MAX_ELU');
  // Off by default: under a flood of clients that retry at once, answering 503s alone keeps the
  // loop fully utilized, so utilization would shed everything; the delay recovers as soon as the
  // shed requests are cheap, which lets a share of requests through.
  let maxEventLoopUtilization = 0;
  if (eluText !== undefined) {
    const value = /^(0(\.\d+)?|1(\.0+)?)$/.test(eluText) ? Number(eluText) : NaN;
    maxEventLoopUtilization = Number.isNaN(value)
      ? fail(`OVERLOAD_MAX_ELU must be a fraction 0-1 such as 0.98 (0 turns the check off), got "${eluText}"`, maxEventLoopUtilization)
      : value;
  }
  const maxInFlight = parseIntegerInRange(
    'OVERLOAD_MAX_IN_FLIGHT',
    read('OVERLOAD_MAX_IN_FLIGHT'),
    { min: 0, max: 100_000 },
    testing ? 0 : 32,
    fail,
  );
  const maxInFlightPages = parseIntegerInRange(
    'OVERLOAD_MAX_IN_FLIGHT_PAGES',
    read('OVERLOAD_MAX_IN_FLIGHT_PAGES'),
    { min: 0, max: 100_000 },
    // A render is CPU work: a few at once keep both cores busy; more only lengthen each turn.
    testing ? 0 : 4,
    fail,
  );
  const maxQueueWaitMs = parseIntegerInRange('OVERLOAD_MAX_QUEUE_WAIT_MS', read('OVERLOAD_MAX_QUEUE_WAIT_MS'), { min: 0, max: 60_000 }, 1000, fail);
  const maxQueue = parseIntegerInRange('OVERLOAD_MAX_QUEUE', read('OVERLOAD_MAX_QUEUE'), { min: 0, max: 100_000 }, 1000, fail);
  return { maxEventLoopDelayMs, maxEventLoopUtilization, maxInFlight, maxInFlightPages, maxQueueWaitMs, maxQueue, retryAfterSeconds: 2 };
}

/**
 * Slow-client limits and stream budgets (docs/overload.md). One open notification stream costs
 * under 25 KiB (23 KiB of heap and 17 KiB of RSS for both of its ends, measured in one process
 * with 1,000 open): the default 5,000 per instance stay within about 120 MiB.
 */
function parseConnectionConfig(read: (name: string) => string | undefined, fail: Fail): ConnectionConfig {
  const int = (name: string, range: { min: number; max: number }, fallback: number) => parseIntegerInRange(name, read(name), range, fallback, fail);
  const streamsPerSession = int('NOTIFICATION_STREAMS_PER_SESSION', { min: 1, max: 1000 }, 4);
  const streamsPerUser = int('NOTIFICATION_STREAMS_PER_USER', { min: 1, max: 1000 }, 8);
  if (streamsPerSession > streamsPerUser) fail('NOTIFICATION_STREAMS_PER_SESSION must not be above NOTIFICATION_STREAMS_PER_USER', null);
  return {
    headersTimeoutMs: int('HEADERS_TIMEOUT_MS', { min: 1000, max: 600_000 }, 15_000),
    idleTimeoutMs: int('IDLE_TIMEOUT_MS', { min: 1000, max: 3_600_000 }, 60_000),
    bodyGraceMs: int('BODY_GRACE_MS', { min: 0, max: 600_000 }, 10_000),
    bodyMinBytesPerSecond: int('BODY_MIN_BYTES_PER_SECOND', { min: 0, max: 10_000_000 }, 1000),
    maxConnectionsPerAddress: int('MAX_CONNECTIONS_PER_ADDRESS', { min: 0, max: 1_000_000 }, 128),
    streamsPerSession,
    streamsPerUser,
    maxStreams: int('NOTIFICATION_STREAMS_MAX', { min: 0, max: 1_000_000 }, 5000),
    uploadsPerUser: int('UPLOADS_ACTIVE_PER_USER', { min: 0, max: 1000 }, 4),
    uploadsMax: int('UPLOADS_ACTIVE_MAX', { min: 0, max: 100_000 }, 64),
  };
}

/**
 * The shared page cache (pages/page-cache.ts): 5 s by default, off under NODE_ENV=test, where
 * tests change rows directly, without the events that drop cached pages (its own tests switch it
 * on). 32 MiB hold a few hundred pages.
 */
function parsePageCacheConfig(read: (name: string) => string | undefined, nodeEnv: NodeEnv, fail: Fail): PageCacheConfig {
  const ttlMs = parseIntegerInRange('PAGE_CACHE_TTL_MS', read('PAGE_CACHE_TTL_MS'), { min: 0, max: 60_000 }, nodeEnv === 'test' ? 0 : 5000, fail);
  const maxMb = parseIntegerInRange('PAGE_CACHE_MAX_MB', read('PAGE_CACHE_MAX_MB'), { min: 0, max: 4096 }, 32, fail);
  return { ttlMs, maxBytes: maxMb * 1024 * 1024 };
}

/** 0 turns background indexing off; 720 hours is a month. */
const SEARCH_REFRESH_HOURS_RANGE = { min: 0, max: 720 } as const;
const AI_SEARCH_TIMEOUT_RANGE = { min: 100, max: 60_000 } as const;

function parseSearchConfig(read: (name: string) => string | undefined, nodeEnv: NodeEnv, fail: Fail): SearchConfig {
  // Tests build many apps: none of them should ingest the catalogue or build embeddings unasked.
  const refreshHours = parseIntegerInRange(
    'SEARCH_REFRESH_HOURS',
    read('SEARCH_REFRESH_HOURS'),
    SEARCH_REFRESH_HOURS_RANGE,
    nodeEnv === 'test' ? 0 : 6,
    fail,
  );
  const cacheDirSetting = read('SEARCH_CACHE_DIR');
  const cacheDir = cacheDirSetting ? path.resolve(cacheDirSetting) : undefined;
  const url = parseHttpUrl('AI_SEARCH_URL', read('AI_SEARCH_URL'), fail);
  const model = read('AI_SEARCH_MODEL');
  const timeoutMs = parseIntegerInRange('AI_SEARCH_TIMEOUT_MS', read('AI_SEARCH_TIMEOUT_MS'), AI_SEARCH_TIMEOUT_RANGE, 2000, fail);
  if (url === undefined) {
    if (model !== undefined) fail('AI_SEARCH_MODEL is set but AI_SEARCH_URL is not; set both (or neither)', null);
    return { refreshHours, ai: null, cacheDir };
  }
  if (model === undefined) return fail('AI_SEARCH_URL is set but AI_SEARCH_MODEL is not; set both (or neither)', { refreshHours, ai: null, cacheDir });
  return { refreshHours, ai: { url, model, apiKey: read('AI_SEARCH_API_KEY') ?? null, timeoutMs }, cacheDir };
}

/** DOWNLOADS: `on` (default) lets owners offer downloads; `off` disables them site-wide. */
function parseDownloads(value: string | undefined, fail: Fail): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  return fail('DOWNLOADS must be "on" or "off"', true);
}
