/**
 * Password hashing with scrypt (memory-hard, in Node core). A hash is stored as a self-describing
 * string `scrypt$N$r$p$salt$hash` (salt and hash in base64url), so the cost can be raised later:
 * old hashes keep verifying with their own parameters and are upgraded at the next login
 * (needsRehash). Passwords are never logged; the logger redacts password fields as well.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

import { DEFAULT_PASSWORD_HASH_COST } from '../../config/index';

export const PASSWORD_MIN_LENGTH = 8;
/** A DoS guard: scrypt's cost does not grow with length, but parsing and hashing huge input does. */
export const PASSWORD_MAX_LENGTH = 256;

const SCHEME = 'scrypt';
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds for parameters read back from the database, so a bad row cannot demand gigabytes. */
const MAX_STORED_LOG2_N = 20;
const MAX_STORED_R = 32;
const MAX_STORED_P = 16;

export interface PasswordHashOptions {
  /** log2 of N; DEFAULT_PASSWORD_HASH_COST (15) unless configured. */
  cost?: number;
}

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** scrypt needs about 128·N·r bytes; leave room above it (Node's default maxmem is 32 MiB). */
function scryptOptions({ N, r, p }: ScryptParams): ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r };
}

function deriveKey(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // NFKC: the same password typed on different keyboards/OSes gives the same bytes.
    scrypt(password.normalize('NFKC'), salt, keyLength, scryptOptions(params), (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function paramsFor(options: PasswordHashOptions): ScryptParams {
  const cost = options.cost ?? DEFAULT_PASSWORD_HASH_COST;
  return { N: 2 ** cost, r: BLOCK_SIZE, p: PARALLELISM };
}

export async function hashPassword(password: string, options: PasswordHashOptions = {}): Promise<string> {
  const params = paramsFor(options);
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, params, KEY_BYTES);
  return [SCHEME, params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return null;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN)) as [number, number, number];
  const isPowerOfTwo = Number.isInteger(Math.log2(N)) && N >= 2;
  if (!isPowerOfTwo || N > 2 ** MAX_STORED_LOG2_N || !(r >= 1 && r <= MAX_STORED_R) || !(p >= 1 && p <= MAX_STORED_P)) {
    return null;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || key.length < 16) return null;
  return { N, r, p, salt, key };
}

/** Whether `password` matches `stored`; a malformed stored value never matches. Constant-time compare. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await deriveKey(password, parsed.salt, parsed, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

/** True when `stored` was made with other parameters than new hashes get now (e.g. a lower cost). */
export function needsRehash(stored: string, options: PasswordHashOptions = {}): boolean {
  const parsed = parseHash(stored);
  const wanted = paramsFor(options);
  return !parsed || parsed.N !== wanted.N || parsed.r !== wanted.r || parsed.p !== wanted.p || parsed.key.length !== KEY_BYTES;
}

/**
 * For "no such user": verifying against this costs what a real check costs, so a wrong e-mail
 * and a wrong password take about the same time. Made once per hasher, lazily.
 */
export function createDummyHash(options: PasswordHashOptions = {}): () => Promise<string> {
  let dummy: Promise<string> | undefined;
  return () => (dummy ??= hashPassword(randomBytes(24).toString('base64url'), options));
}
