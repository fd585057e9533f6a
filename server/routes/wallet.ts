/**
 * Wallet sign-in (SPEC §7 /auth/metamask/…, EIP-4361): the challenge to sign, and the login that
 * checks the signature and opens the same kind of session as a password login. The work is in
 * services/wallet.ts; this file holds validation, limits, cookies and the answers, every one
 * `{ success, message }`-shaped (plus `user` on success) in the request's language, never cached.
 *
 * The challenge also goes into a short-lived httpOnly cookie holding its nonce, so the login tries
 * the browser's own challenge first; clients that do not keep cookies still work (the latest few
 * challenges for the address are tried too).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { errorBody, sendError } from '../http/errors';
import { requestLanguage, t, type MessageKey } from '../i18n';
import { readSessionToken, setSessionCookie } from '../services/sessions';
import { toPublicUser } from '../services/users';
import {
  WALLET_CHALLENGE_TTL_MS,
  isWellFormedSignature,
  issueChallenge,
  parseWalletAddress,
  purgeExpiredChallenges,
  signInWithWallet,
  siweSite,
  type WalletLoginFailure,
} from '../services/wallet';

import { PublicUserSchema } from './session';

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

const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'boolean', 'if', 'not']);

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/**
 * The 400 answer when the query or body failed validation (routes use attachValidation): address
 * and signature problems get their own sentence; anything else (extra fields, wrong body type)
 * keeps validation.ts's precise English sentence, or a generic one in other languages.
 */
function rejectInvalidInput(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const error = request.validationError as FastifyError | undefined;
  if (!error) return undefined;
  const issues = (error.validation ?? []) as ValidationIssue[];
  const issue = issues.find((candidate) => !SUMMARY_KEYWORDS.has(candidate.keyword)) ?? issues[0];
  const field =
    issue?.keyword === 'required'
      ? (firstString(issue.params.requiredProperties) ?? firstString(issue.params.missingProperty))
      : issue?.instancePath.split('/')[1];
  request.log.info({ reason: error.message }, 'request rejected');
  if (field === 'address') return sendError(reply, 400, t(request, 'wallet.invalidAddress'));
  if (field === 'signature') return sendError(reply, 400, t(request, 'wallet.invalidSignature'));
  return sendError(reply, 400, requestLanguage(request) === 'en' ? error.message : t(request, 'validation.invalidRequest'));
}

function clientKey(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number, message: string): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(Math.max(1, retryAfterSeconds)))
    .send(errorBody(message));
}

/** Alphanumeric, like every SIWE nonce; anything else in the cookie is ignored. */
function cookieNonce(request: FastifyRequest): string | undefined {
  const value = request.cookies[WALLET_NONCE_COOKIE];
  return value && /^[a-zA-Z0-9]{8,128}$/.test(value) ? value : undefined;
}

// ---- routes ----

export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const site = siweSite(config.publicUrl);
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

  // Challenges and logins are per visitor and single-use: never stored by a browser or proxy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // ---- challenge ----

  app.get(
    '/auth/metamask/challenge',
    { attachValidation: true, schema: { querystring: ChallengeQuery, response: { 200: ChallengeResponse } } },
    async (request, reply) => {
      const invalid = rejectInvalidInput(request, reply);
      if (invalid) return invalid;
      const address = parseWalletAddress(request.query.address);
      if (!address) return sendError(reply, 400, t(request, 'wallet.invalidAddress'));

      const state = await limiters.challengesPerIp(request);
      if (!state.isAllowed && state.isExceeded) {
        return tooManyRequests(reply, state.ttlInSeconds, t(request, 'wallet.tooManyChallenges'));
      }

      await purgeNowAndThen();
      const { message, nonce } = await issueChallenge(app.db, site, address);
      reply.setCookie(WALLET_NONCE_COOKIE, nonce, { ...cookieOptions, maxAge: WALLET_CHALLENGE_TTL_MS / 1000 });
      return { challenge: message };
    },
  );

  // ---- login ----

  app.post(
    '/auth/metamask/login',
    { attachValidation: true, schema: { body: LoginBody, response: { 200: UserResponse } } },
    async (request, reply) => {
      const invalid = rejectInvalidInput(request, reply);
      if (invalid) return invalid;
      const address = parseWalletAddress(request.body.address);
      if (!address) return sendError(reply, 400, t(request, 'wallet.invalidAddress'));
      const signature = request.body.signature.trim();
      if (!isWellFormedSignature(signature)) return sendError(reply, 400, t(request, 'wallet.invalidSignature'));

      const blocked = await limiters.loginFailuresPerIp(request, { increment: false });
      if (!blocked.isAllowed && blocked.remaining <= 0) {
        return tooManyRequests(reply, blocked.ttlInSeconds, t(request, 'wallet.tooManyLoginAttempts'));
      }

      const result = await signInWithWallet(app.db, site, { address, signature, preferredNonce: cookieNonce(request) });
      if (!result.ok) {
        await limiters.loginFailuresPerIp(request);
        request.log.info({ reason: result.reason }, 'wallet login failed');
        return sendError(reply, 401, t(request, FAILURE_MESSAGES[result.reason]));
      }

      const { user, created } = result;
      // A new session id at every login; the one the browser came with (if any) ends here.
      const previous = readSessionToken(request);
      if (previous) await app.sessions.destroySession(previous);
      const meta = { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
      setSessionCookie(reply, await app.sessions.createSession(user.id, meta));
      if (cookieNonce(request)) reply.clearCookie(WALLET_NONCE_COOKIE, cookieOptions);
      request.log.info({ userId: user.id, created }, 'logged in with a wallet');
      return { success: true, message: t(request, 'wallet.loggedIn'), user: toPublicUser(user) };
    },
  );
};
