/**
 * Wallet sign-in (/auth/metamask/…, EIP-4361): the challenge to sign, and the login that
 * checks the signature and opens the same kind of session as a password login. The work is in
 * domains/accounts/wallet.ts; this file holds validation, limits, cookies and the answers, every one
 * `{ success, message }`-shaped (plus `user` on success) in the request's language, never cached.
 *
 * The challenge also goes into a short-lived httpOnly cookie holding its nonce, so the login tries
 * the browser's own challenge first; clients that do not keep cookies still work (the latest few
 * challenges for the address are tried too).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { sendError } from '../../http/errors';
import type { FieldIssue } from '../../http/localized-validation';
import { isOwnOrigin, requestOrigin } from '../../http/request-origin';
import { clientKey, rateLimited } from '../../http/rate-limits';
import { t, type MessageKey } from '../../i18n';
import { PublicUserSchema } from '../../schemas/users';

import { startSession } from './sessions';
import { toPublicUser } from './users';
import {
  WALLET_CHALLENGE_TTL_MS,
  isWellFormedSignature,
  issueChallenge,
  parseWalletAddress,
  purgeExpiredChallenges,
  signInWithWallet,
  siweSite,
  type SiweSite,
  type WalletLoginFailure,
} from './wallet';

const MINUTE = 60 * 1000;

export const WALLET_LIMITS = {
  /** Challenges handed out per IP (each is a row for five minutes). */
  challengesPerIp: { max: 30, timeWindow: MINUTE },
  /** Failed logins per IP: each costs a few signature recoveries. */
  loginFailuresPerIp: { max: 50, timeWindow: 15 * MINUTE },
} as const;

/** Expired challenges are deleted while handing out new ones, at most this often. */
const PURGE_INTERVAL_MS = MINUTE;

/** Names the browser's latest challenge; sent only to the wallet routes. */
export const WALLET_NONCE_COOKIE = 'siwe_nonce';
const WALLET_COOKIE_PATH = '/v0/api/auth/metamask';

// ---- schemas ----

/** Generous limits: the real checks (40 hex digits, 65-byte signature) come after trimming. */
const AddressField = Type.String({ maxLength: 128 });
const SignatureField = Type.String({ maxLength: 1024 });

const strict = { additionalProperties: false } as const;
const ChallengeQuery = Type.Object({ address: AddressField });
const LoginBody = Type.Object({ address: AddressField, signature: SignatureField }, strict);

const ChallengeResponse = Type.Object({ challenge: Type.String() });
const UserResponse = Type.Object({ success: Type.Boolean(), message: Type.String(), user: PublicUserSchema });

const FAILURE_MESSAGES: Record<WalletLoginFailure, MessageKey> = {
  noChallenge: 'wallet.challengeExpired',
  challengeSpent: 'wallet.challengeExpired',
  signatureMismatch: 'wallet.signatureMismatch',
  messageInvalid: 'wallet.messageInvalid',
};

// ---- helpers ----

/**
 * Failed validation of the query or body (http/route-preambles.ts): address and signature
 * problems get their own sentence; anything else (extra fields, wrong body type) keeps
 * validation.ts's precise English sentence, or a generic one in other languages.
 */
function walletFieldMessage(request: FastifyRequest, issue: FieldIssue): string | undefined {
  if (issue.field === 'address') return t(request, 'wallet.invalidAddress');
  if (issue.field === 'signature') return t(request, 'wallet.invalidSignature');
  return undefined;
}

/** Alphanumeric, like every SIWE nonce; anything else in the cookie is ignored. */
function cookieNonce(request: FastifyRequest): string | undefined {
  const value = request.cookies[WALLET_NONCE_COOKIE];
  return value && /^[a-zA-Z0-9]{8,128}$/.test(value) ? value : undefined;
}

// ---- routes ----

export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const publicSite = siweSite(config.publicUrl);
  /**
   * Without a configured PUBLIC_URL (its default names localhost), the message names the address
   * the page was opened at when that address is surely this server (loopback or one of this
   * machine's own addresses), so a wallet sees the page's own domain at 127.0.0.1 or a LAN
   * address. Any other Host gets PUBLIC_URL's: a look-alike site relaying requests cannot obtain
   * a message naming itself.
   */
  const siteFor = (request: FastifyRequest): SiweSite => {
    if (config.publicUrlConfigured) return publicSite;
    const origin = requestOrigin(request);
    return origin !== undefined && isOwnOrigin(origin, config.allowedOrigins) ? siweSite(origin) : publicSite;
  };
  const cookieOptions = { path: WALLET_COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure: config.cookieSecure } as const;

  const purged = await purgeExpiredChallenges(app.db);
  if (purged > 0) app.log.info({ purged }, 'expired wallet challenges removed');
  let nextPurgeAt = Date.now() + PURGE_INTERVAL_MS;
  const purgeNowAndThen = async () => {
    if (Date.now() < nextPurgeAt) return;
    nextPurgeAt = Date.now() + PURGE_INTERVAL_MS;
    await purgeExpiredChallenges(app.db);
  };

  const limiters = {
    challengesPerIp: app.createRateLimit({
      ...WALLET_LIMITS.challengesPerIp,
      keyGenerator: (request) => `wallet:challenge:ip:${clientKey(request)}`,
    }),
    loginFailuresPerIp: app.createRateLimit({
      ...WALLET_LIMITS.loginFailuresPerIp,
      keyGenerator: (request) => `wallet:login-failures:ip:${clientKey(request)}`,
    }),
  };


  // ---- challenge ----

  app.get(
    '/auth/metamask/challenge',
    // Challenges and logins are per visitor and single-use: never stored by a browser or proxy.
    { attachValidation: true, config: { noStore: true, invalidMessage: walletFieldMessage }, schema: { querystring: ChallengeQuery, response: { 200: ChallengeResponse } } },
    async (request, reply) => {
      const address = parseWalletAddress(request.query.address);
      if (!address) return sendError(reply, 400, t(request, 'wallet.invalidAddress'));

      if (await rateLimited(request, reply, { limiter: limiters.challengesPerIp, message: 'wallet.tooManyChallenges' })) return reply;

      await purgeNowAndThen();
      const { message, nonce } = await issueChallenge(app.db, siteFor(request), address);
      reply.setCookie(WALLET_NONCE_COOKIE, nonce, { ...cookieOptions, maxAge: WALLET_CHALLENGE_TTL_MS / 1000 });
      return { challenge: message };
    },
  );

  // ---- login ----

  app.post(
    '/auth/metamask/login',
    { attachValidation: true, config: { noStore: true, invalidMessage: walletFieldMessage }, schema: { body: LoginBody, response: { 200: UserResponse } } },
    async (request, reply) => {
      const address = parseWalletAddress(request.body.address);
      if (!address) return sendError(reply, 400, t(request, 'wallet.invalidAddress'));
      const signature = request.body.signature.trim();
      if (!isWellFormedSignature(signature)) return sendError(reply, 400, t(request, 'wallet.invalidSignature'));

      if (await rateLimited(request, reply, { limiter: limiters.loginFailuresPerIp, message: 'wallet.tooManyLoginAttempts', mode: 'peek' })) return reply;

      const result = await signInWithWallet(app.db, siteFor(request), { address, signature, preferredNonce: cookieNonce(request) });
      if (!result.ok) {
        await limiters.loginFailuresPerIp(request);
        request.log.info({ reason: result.reason }, 'wallet login failed');
        return sendError(reply, 401, t(request, FAILURE_MESSAGES[result.reason]));
      }

      const { user, created } = result;
      if (user.suspended_at !== null) {
        request.log.info({ userId: user.id }, 'wallet login refused: account suspended');
        return sendError(reply, 403, t(request, 'auth.suspended', { reason: user.suspension_reason ?? '' }));
      }
      // A new session id at every login; the one the browser came with (if any) ends here.
      await startSession(app, request, reply, user.id);
      if (cookieNonce(request)) reply.clearCookie(WALLET_NONCE_COOKIE, cookieOptions);
      request.log.info({ userId: user.id, created }, 'logged in with a wallet');
      return { success: true, message: t(request, 'wallet.loggedIn'), user: toPublicUser(user) };
    },
  );
};
