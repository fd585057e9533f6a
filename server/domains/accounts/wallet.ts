/**
 * Wallet sign-in (EIP-4361, Sign-In with Ethereum). The server hands out a message naming this
 * site, the wallet and a single-use nonce, remembers it in wallet_challenges, and accepts a login
 * when the wallet's signature over one of the messages it handed out checks out: the signer is
 * the address, the message is still this site's, live and unused. Spending the nonce is one
 * conditional UPDATE, so a replay fails even when two requests race.
 *
 * Wallet addresses are stored lower-case (schema.ts); messages carry the EIP-55 checksummed form.
 * domains/accounts/wallet-routes.ts holds the HTTP side (validation, limits, cookies, the session).
 */
import type { Kysely } from 'kysely';
import { getAddress, isAddress, verifyMessage, type Address, type Hex } from 'viem';
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe';

import { newId, toTimestamp } from '../../infra/db/ids';
import type { Database, UserRow, WalletChallengeRow } from '../../infra/db/schema';
import { en } from '../../i18n/en';

import { freeUsername, uniqueViolationColumn } from './accounts';

/** How long a challenge may wait for its signature. */
export const WALLET_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Ethereum mainnet: sign-in does not touch any chain, but EIP-4361 requires one. */
export const SIWE_CHAIN_ID = 1;
/**
 * At most this many of an address's latest challenges are tried against a signature (besides the
 * one the browser's cookie names): a visitor may have asked twice (two tabs) before signing.
 */
export const MAX_CANDIDATE_CHALLENGES = 5;

/** What the messages say about this site. */
export interface SiweSite {
  /** RFC 3986 authority: the host (and port) of PUBLIC_URL. */
  domain: string;
  /** PUBLIC_URL itself. */
  uri: string;
  /** ASCII, one line (EIP-4361). */
  statement: string;
}

export function siweSite(publicUrl: string, siteName: string = en['mail.siteName']): SiweSite {
  return { domain: new URL(publicUrl).host, uri: publicUrl, statement: `Sign in to ${siteName} with your wallet.` };
}

// ---- input ----

/**
 * The checksummed address for a 0x-prefixed, 40-hex-digit string, else undefined. All-lower and
 * all-upper hex carry no checksum and are accepted; mixed case must be a correct EIP-55 checksum
 * (a wrong one usually means a typo).
 */
export function parseWalletAddress(raw: string): Address | undefined {
  const value = raw.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return undefined;
  const hex = value.slice(2);
  const uniformCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!isAddress(value, { strict: !uniformCase })) return undefined;
  return getAddress(value);
}

/** The form stored in users.wallet_address and wallet_challenges.address. */
export function storedWalletAddress(address: string): string {
  return address.toLowerCase();
}

/** A 65-byte (r, s, v) signature in hex, as wallets return from personal_sign. */
const SIGNATURE_PATTERN = /^0x[0-9a-fA-F]{130}$/;

export function isWellFormedSignature(raw: string): raw is Hex {
  return SIGNATURE_PATTERN.test(raw);
}

// ---- challenges ----

export interface IssuedChallenge {
  message: string;
  nonce: string;
  expiresAt: Date;
}

/** A new EIP-4361 message for `address`, remembered for WALLET_CHALLENGE_TTL_MS. */
export async function issueChallenge(
  db: Kysely<Database>,
  site: SiweSite,
  address: Address,
  now: Date = new Date(),
): Promise<IssuedChallenge> {
  const nonce = generateSiweNonce();
  const expiresAt = new Date(now.getTime() + WALLET_CHALLENGE_TTL_MS);
  const message = createSiweMessage({
    domain: site.domain,
    address,
    statement: site.statement,
    uri: site.uri,
    version: '1',
    chainId: SIWE_CHAIN_ID,
    nonce,
    issuedAt: now,
    expirationTime: expiresAt,
  });
  await db
    .insertInto('wallet_challenges')
    .values({
      nonce,
      address: storedWalletAddress(address),
      message,
      expires_at: toTimestamp(expiresAt),
      used_at: null,
      created_at: toTimestamp(now),
    })
    .execute();
  return { message, nonce, expiresAt };
}

/** Deletes expired challenges (spent ones included); returns how many. */
export async function purgeExpiredChallenges(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom('wallet_challenges').where('expires_at', '<=', toTimestamp(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- login ----

export type WalletLoginFailure =
  /** No challenge was handed out for this address (or it was purged). */
  | 'noChallenge'
  /** The signature is not the address's signature of any of its challenges. */
  | 'signatureMismatch'
  /** The signed challenge has expired or was already used. */
  | 'challengeSpent'
  /** The signed message is not a valid sign-in to this site (domain, URI, chain, times…). */
  | 'messageInvalid';

export type WalletLoginResult = { ok: true; user: UserRow; created: boolean } | { ok: false; reason: WalletLoginFailure };

export interface WalletLoginAttempt {
  address: Address;
  signature: Hex;
  /** The nonce the browser was last given (its challenge cookie), tried first when present. */
  preferredNonce?: string | undefined;
}

/**
 * Checks a signature against the address's challenges, spends the signed one's nonce and returns
 * the wallet's user (created on first sign-in), or why the attempt fails. Malformed signatures
 * are failures, never exceptions.
 */
export async function signInWithWallet(
  db: Kysely<Database>,
  site: SiweSite,
  attempt: WalletLoginAttempt,
  now: Date = new Date(),
): Promise<WalletLoginResult> {
  const { address, signature } = attempt;
  const candidates = await candidateChallenges(db, address, attempt.preferredNonce);
  if (candidates.length === 0) return { ok: false, reason: 'noChallenge' };

  let signed: WalletChallengeRow | undefined;
  for (const candidate of candidates) {
    if (await signatureMatches(address, candidate.message, signature)) {
      signed = candidate;
      break;
    }
  }
  if (!signed) return { ok: false, reason: 'signatureMismatch' };

  const nowStamp = toTimestamp(now);
  if (signed.used_at !== null || signed.expires_at <= nowStamp) return { ok: false, reason: 'challengeSpent' };
  if (!isValidSiweLogin(signed, site, address, now)) return { ok: false, reason: 'messageInvalid' };

  // The one write that decides: only the first request to get here spends the nonce.
  const spent = await db
    .updateTable('wallet_challenges')
    .set({ used_at: nowStamp })
    .where('nonce', '=', signed.nonce)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowStamp)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return { ok: false, reason: 'challengeSpent' };

  const { user, created } = await findOrCreateWalletUser(db, address, now);
  return { ok: true, user, created };
}

/** The browser's own challenge first (when it names this address), then the latest ones. */
async function candidateChallenges(
  db: Kysely<Database>,
  address: Address,
  preferredNonce: string | undefined,
): Promise<WalletChallengeRow[]> {
  const stored = storedWalletAddress(address);
  const latest = await db
    .selectFrom('wallet_challenges')
    .selectAll()
    .where('address', '=', stored)
    .orderBy('created_at', 'desc')
    .limit(MAX_CANDIDATE_CHALLENGES)
    .execute();
  if (!preferredNonce) return latest;
  const preferred =
    latest.find((row) => row.nonce === preferredNonce) ??
    (await db
      .selectFrom('wallet_challenges')
      .selectAll()
      .where('nonce', '=', preferredNonce)
      .where('address', '=', stored)
      .executeTakeFirst());
  return preferred ? [preferred, ...latest.filter((row) => row.nonce !== preferred.nonce)] : latest;
}

/** viem throws on signatures that are no point on the curve: those simply do not match. */
async function signatureMatches(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

/**
 * The stored message re-read as a sign-in to this site, now: our domain, URI, version and chain,
 * the signer's address, the row's nonce, issued in the past and not yet expired. Catches a
 * message made for another domain, or under an earlier PUBLIC_URL.
 */
function isValidSiweLogin(row: WalletChallengeRow, site: SiweSite, address: Address, now: Date): boolean {
  const message = parseSiweMessage(row.message);
  const { issuedAt, expirationTime } = message;
  return (
    validateSiweMessage({ message, domain: site.domain, address, nonce: row.nonce, time: now }) &&
    message.scheme === undefined &&
    message.uri === site.uri &&
    message.version === '1' &&
    message.chainId === SIWE_CHAIN_ID &&
    issuedAt !== undefined &&
    !Number.isNaN(issuedAt.getTime()) &&
    issuedAt.getTime() <= now.getTime() &&
    // validateSiweMessage checks an expiration time only when there is one; ours always have one.
    expirationTime !== undefined
  );
}

// ---- users ----

/**
 * The default username for a wallet: "wallet-" and the first and last four hex digits of the
 * address, lower case ("wallet-ab121234" for 0xAB12…1234), like the short form wallets show.
 */
export function walletUsernameBase(address: string): string {
  const hex = storedWalletAddress(address).slice(2);
  return `wallet-${hex.slice(0, 4)}${hex.slice(-4)}`;
}

export async function findUserByWallet(db: Kysely<Database>, address: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('wallet_address', '=', storedWalletAddress(address)).executeTakeFirst();
}

/**
 * The wallet's user; on first sign-in a new one: no e-mail, no password, verified (the signature
 * proved the wallet), a unique readable username. Safe against concurrent first sign-ins.
 */
export async function findOrCreateWalletUser(
  db: Kysely<Database>,
  address: Address,
  now: Date = new Date(),
): Promise<{ user: UserRow; created: boolean }> {
  const base = walletUsernameBase(address);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await findUserByWallet(db, address);
    if (existing) return { user: existing, created: false };
    try {
      const user = await db
        .insertInto('users')
        .values({
          id: newId(now),
          email: null,
          username: await freeUsername(db, base),
          password_hash: null,
          verified: 1,
          wallet_address: storedWalletAddress(address),
          created_at: toTimestamp(now),
          updated_at: toTimestamp(now),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { user, created: true };
    } catch (error) {
      // Another request created this wallet's user (found next time round) or took the name.
      const column = uniqueViolationColumn(error);
      if (column === undefined) throw error;
      // Not instanceof Error: better-sqlite3's errors may come from another realm (see tests).
      const { message = '', constraint = '' } = error as { message?: string; constraint?: string };
      if (column !== 'username' && !/wallet_address/.test(`${message} ${constraint}`)) throw error;
    }
  }
  throw new Error('could not create a user for this wallet');
}
