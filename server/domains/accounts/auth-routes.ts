/**
 * E-mail/password accounts (/auth/…): register, login, logout, verify, forgot-password,
 * reset-password and send-verification. Every answer is `{ success, message }` (plus `user` on
 * register and login), messages in the request's language (server/i18n).
 *
 * Abuse limits use @fastify/rate-limit's store through `app.createRateLimit` (so they move to
 * Redis with the plugin's store): mail-sending requests per address and per IP, registrations per
 * IP, and *failed* logins per address and per IP — read before checking a password, counted only
 * when the check fails. Requests that must not reveal whether an address has an account
 * (forgot-password, send-verification) answer before any account-specific work: tokens and mail
 * are made after the response.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { DEFAULT_PASSWORD_HASH_COST } from '../../config/index';
import { toTimestamp } from '../../infra/db/ids';
import type { AuthTokenPurpose, UserRow } from '../../infra/db/schema';
import { errorBody, sendError } from '../../http/errors';
import type { FieldIssue } from '../../http/localized-validation';
import { clientKey, countRequest, rateLimited, type RateLimiter } from '../../http/rate-limits';
import { requestLanguage, t, type Language, type MessageKey } from '../../i18n';
import { createMailer } from '../../infra/mail/mail';
import { renderAccountMail } from '../../infra/mail/templates';
import { PublicUserSchema } from '../../schemas/users';

import { EMAIL_MAX_LENGTH, EmailTakenError, createAccount, findUserByEmail, isValidEmail, normalizeEmail } from './accounts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  createDummyHash,
  hashPassword,
  needsRehash,
  verifyPassword,
} from './passwords';
import { clearSessionCookie, readSessionToken, startSession } from './sessions';
import { consumeToken, hashToken, isWellFormedToken, issueToken, purgeExpiredTokens } from './tokens';
import { toPublicUser } from './users';


// ---- limits ----

const MINUTE = 60 * 1000;

export const AUTH_LIMITS = {
  /** forgot-password and send-verification, each: one request a minute per address. */
  mailPerAddress: { max: 1, timeWindow: MINUTE },
  /** forgot-password and send-verification together: a burst limit per IP. */
  mailPerIp: { max: 10, timeWindow: 10 * MINUTE },
  /** Failed logins (wrong e-mail or password) per address, against guessing one account. */
  loginFailuresPerAddress: { max: 10, timeWindow: 15 * MINUTE },
  /** Failed logins per IP, against guessing across accounts. */
  loginFailuresPerIp: { max: 50, timeWindow: 15 * MINUTE },
  /** Registrations (each a scrypt hash and an e-mail) per IP. */
  registrationsPerIp: { max: 50, timeWindow: 10 * MINUTE },
  /** "You already have an account" mails per address (further attempts are answered, not mailed). */
  accountExistsMailPerAddress: { max: 1, timeWindow: 10 * MINUTE },
} as const;

// ---- schemas ----

/** Generous: the address is trimmed before its real limit (254) is checked. */
const EMAIL_FIELD_MAX_LENGTH = EMAIL_MAX_LENGTH + 64;
/** Tokens are 43 characters; anything much longer is not worth reading. */
const TOKEN_FIELD_MAX_LENGTH = 128;

const Email = Type.String({ maxLength: EMAIL_FIELD_MAX_LENGTH });
const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
/** At login the rules of the day do not matter: anything non-empty is simply checked. */
const AnyPassword = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
const Token = Type.String({ maxLength: TOKEN_FIELD_MAX_LENGTH });

const strict = { additionalProperties: false } as const;
const CredentialsBody = Type.Object({ email: Email, password: NewPassword }, strict);
const LoginBody = Type.Object({ email: Email, password: AnyPassword }, strict);
const LogoutBody = Type.Union([Type.Object({}, strict), Type.Null()]);
const TokenBody = Type.Object({ token: Token, email: Email }, strict);
const EmailBody = Type.Object({ email: Email }, strict);
const ResetBody = Type.Object({ token: Token, email: Email, newPassword: NewPassword }, strict);

const MessageResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
const UserResponse = Type.Object({ success: Type.Boolean(), message: Type.String(), user: PublicUserSchema });
/** A registration waiting for its e-mail to be confirmed: nothing but what the visitor sent. */
/** A registration waiting for e-mail confirmation: the server repeats only the address. */
const PendingUserSchema = Type.Object({ email: Type.String(), verified: Type.Literal(false) }, { title: 'PendingUser' });
const RegisterResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  user: Type.Union([PublicUserSchema, PendingUserSchema]),
});
const CodedErrorResponse = Type.Object({ success: Type.Boolean(), message: Type.String(), code: Type.String() });

export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
/** Login refused: the account is suspended by moderators. */
export const ACCOUNT_SUSPENDED = 'ACCOUNT_SUSPENDED';

// ---- validation answers ----

/**
 * A failed body validation in the visitor's language: e-mail and password problems get their
 * own sentence; a bad token is a bad link. Anything else (extra fields, wrong body type) keeps
 * validation.ts's precise English sentence, or a generic one in other languages.
 */
function authFieldMessage(request: FastifyRequest, issue: FieldIssue, badToken: MessageKey): string | undefined {
  // An unexpected field is a crafted request whatever its name ("password" sent to
  // reset-password, say): the generic answer, not the sentence for the field of that name.
  if (issue.keyword === 'additionalProperties') return undefined;
  const { keyword } = issue;
  switch (issue.field) {
    case 'email':
      return t(request, keyword === 'required' || keyword === 'type' ? 'validation.emailRequired' : 'validation.emailInvalid');
    case 'password':
    case 'newPassword':
      if (keyword === 'maxLength') return t(request, 'validation.passwordTooLong', { max: PASSWORD_MAX_LENGTH });
      if (keyword === 'minLength' && issue.params.limit !== 1) {
        return t(request, 'validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
      }
      return t(request, 'validation.passwordRequired');
    case 'token':
      return t(request, badToken);
    default:
      return undefined;
  }
}

/** The auth forms' fields in the viewer's language (http/route-preambles.ts); a bad token with `badToken`'s sentence. */
function authFields(badToken: MessageKey = 'validation.invalidRequest') {
  return (request: FastifyRequest, issue: FieldIssue) => authFieldMessage(request, issue, badToken);
}

/** The normalized address, or a 400 answer when it is empty or not an address. */
function parseEmail(request: FastifyRequest, reply: FastifyReply, raw: string): string | FastifyReply {
  const email = normalizeEmail(raw);
  if (email === '') return sendError(reply, 400, t(request, 'validation.emailRequired'));
  if (!isValidEmail(email)) return sendError(reply, 400, t(request, 'validation.emailInvalid'));
  return email;
}

function bodyEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : '';
}

// ---- routes ----

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  const hashOptions = { cost: config.passwordHashCost };
  const dummyHash = createDummyHash(hashOptions);
  // Begun before the first request, so the first unknown-address login costs one hash like any
  // other (a login meanwhile waits for this one). Not waited for: scrypt takes seconds on a busy
  // machine, which must not count against the hook's time limit (pluginTimeout).
  app.addHook('onReady', async () => {
    dummyHash().catch((error: unknown) => app.log.error({ err: error }, 'auth: could not prepare the dummy password hash'));
  });
  const mailer = createMailer(config, app.log);

  if (config.passwordHashCost < DEFAULT_PASSWORD_HASH_COST && config.nodeEnv !== 'test') {
    app.log.warn(
      { passwordHashCost: config.passwordHashCost, default: DEFAULT_PASSWORD_HASH_COST },
      'PASSWORD_HASH_COST is below the default: new password hashes are weaker than intended (meant for tests only)',
    );
  }
  const purged = await purgeExpiredTokens(app.db);
  if (purged > 0) app.log.info({ purged }, 'expired account tokens removed');

  // Limiters share the plugin's store; every key names its purpose, so one shared store
  // (e.g. Redis) keeps them apart.
  const limiters = {
    resetPerAddress: app.createRateLimit({
      ...AUTH_LIMITS.mailPerAddress,
      keyGenerator: (request) => `auth:forgot-password:email:${bodyEmail(request)}`,
    }),
    verificationPerAddress: app.createRateLimit({
      ...AUTH_LIMITS.mailPerAddress,
      keyGenerator: (request) => `auth:send-verification:email:${bodyEmail(request)}`,
    }),
    mailPerIp: app.createRateLimit({ ...AUTH_LIMITS.mailPerIp, keyGenerator: (request) => `auth:mail:ip:${clientKey(request)}` }),
    loginFailuresPerAddress: app.createRateLimit({
      ...AUTH_LIMITS.loginFailuresPerAddress,
      keyGenerator: (request) => `auth:login-failures:email:${bodyEmail(request)}`,
    }),
    loginFailuresPerIp: app.createRateLimit({
      ...AUTH_LIMITS.loginFailuresPerIp,
      keyGenerator: (request) => `auth:login-failures:ip:${clientKey(request)}`,
    }),
    registrationsPerIp: app.createRateLimit({
      ...AUTH_LIMITS.registrationsPerIp,
      keyGenerator: (request) => `auth:register:ip:${clientKey(request)}`,
    }),
  };

  // ---- work after the response ----

  const pending = new Set<Promise<void>>();
  /** Runs `task` once the current response is on its way; app.close() waits for it. */
  const afterResponse = (label: string, task: () => Promise<void>) => {
    const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => app.log.error({ err: error }, `${label} failed`))
      .finally(() => pending.delete(job));
    pending.add(job);
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
    mailer.close();
  });

  const LINK_PATHS: Record<AuthTokenPurpose, string> = { verify: '/verify', reset: '/reset-password' };

  /** Issues a fresh token (older ones stop working) and mails its link, after the response. */
  const mailTokenLater = (user: UserRow, purpose: AuthTokenPurpose, language: Language) => {
    const email = user.email;
    if (!email) return;
    afterResponse(`${purpose} mail`, async () => {
      const { token } = await issueToken(app.db, user.id, purpose);
      const query = new URLSearchParams({ token, email }).toString();
      const link = `${config.publicUrl}${LINK_PATHS[purpose]}?${query}`;
      await mailer.send({ to: email, purpose, link, ...renderAccountMail(purpose, language, { link }) });
    });
  };

  // ---- register ----

  /** One "you already have an account" mail per address per window, whatever is tried. */
  const existsMailPerAddress = app.createRateLimit({
    ...AUTH_LIMITS.accountExistsMailPerAddress,
    keyGenerator: (request) => `auth:register-exists:email:${bodyEmail(request)}`,
  });

  /** Mails the owner of a taken address, after the response (unless they were mailed lately). */
  const mailOwnerLater = (request: FastifyRequest, email: string) => {
    const language = requestLanguage(request);
    afterResponse('account-exists mail', async () => {
      if ((await countRequest(existsMailPerAddress, request)) !== undefined) return;
      const link = `${config.publicUrl}/login`;
      const forgotLink = `${config.publicUrl}/forgot-password`;
      await mailer.send({ to: email, purpose: 'account-exists', link, ...renderAccountMail('account-exists', language, { link, forgotLink }) });
    });
  };

  /**
   * Whether the address is new or taken, the answer is the same (201, same message, a user that
   * only repeats what was sent: no id, no username) after the same scrypt work; the owner of a
   * taken address gets an e-mail instead. With AUTO_VERIFY_ACCOUNTS a new address is logged in at
   * once, which a taken one cannot be: that mode cannot hide it (README).
   */
  app.post(
    '/auth/register',
    { attachValidation: true, config: { invalidMessage: authFields() }, schema: { body: CredentialsBody, response: { 201: RegisterResponse } } },
    async (request, reply) => {
      const email = parseEmail(request, reply, request.body.email);
      if (typeof email !== 'string') return email;

      if (await rateLimited(request, reply, { limiter: limiters.registrationsPerIp, message: 'auth.tooManyRegistrations' })) return reply;

      const verified = config.autoVerifyAccounts;
      const pendingAnswer = () =>
        reply.code(201).send({ success: true, message: t(request, 'auth.registered'), user: { email, verified: false } });
      // Hashed before the address is looked up, so a taken address costs the same time.
      const passwordHash = await hashPassword(request.body.password, hashOptions);
      let user: UserRow;
      try {
        user = await createAccount(app.db, { email, passwordHash, verified });
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        request.log.info('registration for a taken address: owner mailed');
        mailOwnerLater(request, email);
        return pendingAnswer();
      }
      request.log.info({ userId: user.id, verified }, 'account registered');

      if (verified) {
        // Nothing to confirm: the account is usable at once, so the visitor is logged in. Unlike a
        // login, a session the browser came with is left as it was (only its cookie is replaced).
        await startSession(app, request, reply, user.id);
        return reply
          .code(201)
          .send({ success: true, message: t(request, 'auth.registeredVerified'), user: toPublicUser(user) });
      }
      mailTokenLater(user, 'verify', requestLanguage(request));
      return pendingAnswer();
    },
  );

  // ---- login ----

  app.post(
    '/auth/login',
    { attachValidation: true, config: { invalidMessage: authFields() }, schema: { body: LoginBody, response: { 200: UserResponse, 403: CodedErrorResponse } } },
    async (request, reply) => {
      const email = parseEmail(request, reply, request.body.email);
      if (typeof email !== 'string') return email;

      const failures = [limiters.loginFailuresPerAddress, limiters.loginFailuresPerIp];
      if (await rateLimited(request, reply, { limiter: failures, message: 'auth.tooManyLoginAttempts', mode: 'peek' })) return reply;

      const user = await findUserByEmail(app.db, email);
      // Unknown address or no password: the same work and the same answer as a wrong password.
      const stored = user?.password_hash ?? (await dummyHash());
      const matches = (await verifyPassword(stored, request.body.password)) && Boolean(user?.password_hash);
      if (!user || !matches) {
        await Promise.all([limiters.loginFailuresPerAddress(request), limiters.loginFailuresPerIp(request)]);
        request.log.info({ userId: user?.id ?? null }, 'login failed');
        return sendError(reply, 401, t(request, 'auth.invalidCredentials'));
      }
      if (user.verified !== 1) {
        return reply.code(403).send({ ...errorBody(t(request, 'auth.emailNotVerified')), code: EMAIL_NOT_VERIFIED });
      }
      if (user.suspended_at !== null) {
        return reply
          .code(403)
          .send({ ...errorBody(t(request, 'auth.suspended', { reason: user.suspension_reason ?? '' })), code: ACCOUNT_SUSPENDED });
      }

      if (needsRehash(stored, hashOptions)) {
        const upgraded = await hashPassword(request.body.password, hashOptions);
        await app.db
          .updateTable('users')
          .set({ password_hash: upgraded, updated_at: toTimestamp() })
          .where('id', '=', user.id)
          .execute();
      }
      // A new session id at every login; the one the browser came with (if any) ends here.
      await startSession(app, request, reply, user.id);
      request.log.info({ userId: user.id }, 'logged in');
      return { success: true, message: t(request, 'auth.loggedIn'), user: toPublicUser(user) };
    },
  );

  // ---- logout ----

  app.post(
    '/auth/logout',
    { attachValidation: true, config: { invalidMessage: authFields() }, schema: { body: LogoutBody, response: { 200: MessageResponse } } },
    async (request, reply) => {
      const token = readSessionToken(request);
      if (token) {
        await app.sessions.destroySession(token);
        clearSessionCookie(reply);
      }
      return { success: true, message: t(request, 'auth.loggedOut') };
    },
  );

  // ---- verify ----

  app.post(
    '/auth/verify',
    { attachValidation: true, config: { invalidMessage: authFields('auth.verifyLinkInvalid') }, schema: { body: TokenBody, response: { 200: MessageResponse } } },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const user = await consumeToken(app.db, request.body.token, 'verify', email, async (trx, owner) => {
        await trx.updateTable('users').set({ verified: 1, updated_at: toTimestamp() }).where('id', '=', owner.id).execute();
      });
      if (!user) return sendError(reply, 400, t(request, 'auth.verifyLinkInvalid'));
      request.log.info({ userId: user.id }, 'e-mail address verified');
      return { success: true, message: t(request, 'auth.verified') };
    },
  );

  // ---- forgot-password and send-verification: identical answers for every address ----

  /**
   * One handler shape for both: validate, rate-limit, look the address up (always, so timing
   * reveals nothing), mail a token after the response when `wantsMail` says so, answer the same.
   */
  const mailRequestRoute = (
    path: string,
    perAddress: RateLimiter,
    purpose: AuthTokenPurpose,
    wantsMail: (user: UserRow) => boolean,
    answer: MessageKey,
  ) =>
    app.post(
      path,
      { attachValidation: true, config: { invalidMessage: authFields() }, schema: { body: EmailBody, response: { 200: MessageResponse } } },
      async (request, reply) => {
        const email = parseEmail(request, reply, request.body.email);
        if (typeof email !== 'string') return email;
        // Per IP, then per address (an address is not counted once its IP is over).
        const limiter = [limiters.mailPerIp, perAddress];
        if (await rateLimited(request, reply, { limiter, message: 'auth.tooManyRequests' })) return reply;

        const user = await findUserByEmail(app.db, email);
        if (user && wantsMail(user)) mailTokenLater(user, purpose, requestLanguage(request));
        return { success: true, message: t(request, answer) };
      },
    );

  mailRequestRoute('/auth/forgot-password', limiters.resetPerAddress, 'reset', () => true, 'auth.resetLinkSent');
  mailRequestRoute(
    '/auth/send-verification',
    limiters.verificationPerAddress,
    'verify',
    (user) => user.verified !== 1,
    'auth.verificationSent',
  );

  // ---- reset-password ----

  app.post(
    '/auth/reset-password',
    { attachValidation: true, config: { invalidMessage: authFields('auth.resetLinkInvalid') }, schema: { body: ResetBody, response: { 200: MessageResponse } } },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      const email = normalizeEmail(request.body.email);
      const badLink = () => sendError(reply, 400, t(request, 'auth.resetLinkInvalid'));

      // A cheap look first, so junk tokens never cost a password hash.
      if (!isWellFormedToken(token)) return badLink();
      const live = await app.db
        .selectFrom('auth_tokens')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .where('purpose', '=', 'reset')
        .where('used_at', 'is', null)
        .where('expires_at', '>', toTimestamp())
        .executeTakeFirst();
      if (!live) return badLink();

      // Hashed outside the transaction, which must not hold the database during scrypt.
      const passwordHash = await hashPassword(newPassword, hashOptions);
      const requester = await request.currentUser();
      const user = await consumeToken(app.db, token, 'reset', email, async (trx, owner) => {
        const now = toTimestamp();
        // The link reached this inbox, which proves the address as a verification link would.
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, verified: 1, updated_at: now })
          .where('id', '=', owner.id)
          .execute();
        await trx.deleteFrom('auth_tokens').where('user_id', '=', owner.id).where('used_at', 'is', null).execute();
      });
      if (!user) return badLink();

      // Whoever knew the old password is logged out everywhere.
      await app.sessions.destroyUserSessions(user.id);
      if (requester?.id === user.id) clearSessionCookie(reply);
      request.log.info({ userId: user.id }, 'password reset');
      return { success: true, message: t(request, 'auth.passwordReset') };
    },
  );
};
