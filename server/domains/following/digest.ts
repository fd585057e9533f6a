/**
 * The notification e-mail digest (docs/following.md): at most one message per user per hour,
 * listing the notifications of the kinds they want by e-mail that no digest has taken yet, with
 * a link to stop these e-mails that works without signing in (an HMAC-signed token naming the
 * user). The same token makes the mail's `List-Unsubscribe` URL, which mail providers POST to
 * for their own one-click unsubscribe button (RFC 8058; domains/following/unsubscribe-routes.ts). Every instance may
 * run the sweep: a user's hour is claimed with one conditional UPDATE, so two instances never
 * mail the same user twice.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import type { Kysely } from 'kysely';

import { toTimestamp } from '../../infra/db/ids';
import type { Database } from '../../infra/db/schema';
import { LANGUAGES, translate, type Language } from '../../i18n';
import { appKey } from '../../infra/app-keys';
import type { Mailer } from '../../infra/mail/mail';
import { escapeHtml } from '../../infra/mail/templates';

import { listNotifications, loadPreferences, NOTIFICATION_KINDS, type NotificationView } from './notifications';

export const DIGEST_INTERVAL_MS = 60 * 60 * 1000;
/** The digest's List-Unsubscribe URL: a POST (RFC 8058 one-click) stops the e-mails, a GET changes nothing. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/v0/api/notifications/unsubscribe/one-click';
/** Notifications listed in one mail (the rest are counted). */
const DIGEST_MAX_ITEMS = 20;

// ---- the unsubscribe token ----

async function sign(db: Kysely<Database>, userId: string): Promise<string> {
  return createHmac('sha256', await appKey(db, 'unsubscribe')).update(`unsubscribe:${userId}`).digest('base64url');
}

/**
 * `<user id>.<signature>`: stops the user's notification e-mails (the digest), never expires, names
 * nothing else. The signature covers the purpose and the user: no other user's token, and no token
 * for anything else, can be made from it.
 */
export async function unsubscribeToken(db: Kysely<Database>, userId: string): Promise<string> {
  return `${userId}.${await sign(db, userId)}`;
}

/** The user the token names, or null when it is not one this site signed. */
export async function verifyUnsubscribeToken(db: Kysely<Database>, token: string): Promise<string | null> {
  const match = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, userId, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(await sign(db, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}

// ---- the sweep ----

function sentence(language: Language, note: NotificationView): string {
  return translate(language, `following.note.${note.kind}`, {
    actor: note.actor?.username ?? '',
    video: note.video?.title ?? '',
    text: note.text ?? '',
  });
}

function renderDigest(language: Language, notes: NotificationView[], total: number, links: { notifications: string; unsubscribe: string }) {
  const say = (key: Parameters<typeof translate>[1], vars = {}) => translate(language, key, vars);
  const siteName = say('mail.siteName');
  const subject = `${say('mail.digest.subject', { count: total })} - ${siteName}`;
  const lines = notes.map((note) => sentence(language, note));
  const text = [
    say('mail.greeting'),
    '',
    say('mail.digest.intro'),
    '',
    ...lines.map((line) => `- ${line}`),
    '',
    links.notifications,
    '',
    say('mail.digest.unsubscribe', { link: links.unsubscribe }),
    '',
    `— ${siteName}`,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!DOCTYPE html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #222;">
<p>${e(say('mail.greeting'))}</p>
<p>${e(say('mail.digest.intro'))}</p>
<ul>${lines.map((line) => `<li>${e(line)}</li>`).join('')}</ul>
<p><a href="${e(links.notifications)}">${e(say('mail.digest.button'))}</a></p>
<p style="font-size: 12px; color: #666;">${e(say('mail.digest.unsubscribe', { link: '' }))}<a href="${e(links.unsubscribe)}">${e(links.unsubscribe)}</a></p>
<p>— ${e(siteName)}</p>
</body>
</html>
`;
  return { subject, text, html };
}

export interface DigestDeps {
  db: Kysely<Database>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
}

/**
 * One sweep: every user with notifications no digest has taken whose last digest is an hour old
 * (or who never had one) gets one mail of what they want by e-mail and may still see. Returns the
 * number of mails sent.
 */
export async function sendDigests(deps: DigestDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const cutoff = toTimestamp(new Date(now.getTime() - DIGEST_INTERVAL_MS));
  const due = await db
    .selectFrom('notifications')
    .leftJoin('following_settings', 'following_settings.user_id', 'notifications.user_id')
    .select('notifications.user_id')
    .distinct()
    .where('notifications.mailed_at', 'is', null)
    .where((eb) => eb.or([eb('following_settings.last_digest_at', 'is', null), eb('following_settings.last_digest_at', '<=', cutoff)]))
    .limit(500)
    .execute();
  let sent = 0;
  for (const { user_id: userId } of due) {
    if (await digestFor(deps, userId, now, cutoff)) sent += 1;
  }
  return sent;
}

async function digestFor(deps: DigestDeps, userId: string, now: Date, cutoff: string): Promise<boolean> {
  const { db } = deps;
  const nowText = toTimestamp(now);
  await db
    .insertInto('following_settings')
    .values({ user_id: userId, updated_at: nowText })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // The claim: only one sweep (of any instance) takes this user's hour.
  const claimed = await db
    .updateTable('following_settings')
    .set({ last_digest_at: nowText })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_digest_at', 'is', null), eb('last_digest_at', '<=', cutoff)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;

  const [user, preferences, settings] = await Promise.all([
    db.selectFrom('users').select(['email', 'suspended_at']).where('id', '=', userId).executeTakeFirst(),
    loadPreferences(db, userId),
    db.selectFrom('following_settings').select('language').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  // Whatever is pending now is taken by this digest, mailed or not.
  const pending = await db
    .updateTable('notifications')
    .set({ mailed_at: nowText })
    .where('user_id', '=', userId)
    .where('mailed_at', 'is', null)
    .where('created_at', '<=', nowText)
    .returning(['id', 'kind', 'read_at'])
    .execute();
  const wanted = new Set(pending.filter((row) => preferences[row.kind].email && row.read_at === null).map((row) => row.id));
  if (!user?.email || user.suspended_at !== null || wanted.size === 0) {
    // Nothing to send: give the hour back, so the next notification is not held up by it.
    await db.updateTable('following_settings').set({ last_digest_at: null }).where('user_id', '=', userId).execute();
    return false;
  }
  const language = (LANGUAGES as readonly string[]).includes(settings?.language ?? '') ? (settings!.language as Language) : 'en';
  // Read through the same filter as the app: nothing about videos the user may no longer see.
  const { notifications } = await listNotifications(db, userId, 1, 100, language);
  const emailKinds = new Set(NOTIFICATION_KINDS.filter((kind) => preferences[kind].email));
  const notes = notifications.filter((note) => wanted.has(note._id) && emailKinds.has(note.kind));
  if (notes.length === 0) {
    await db.updateTable('following_settings').set({ last_digest_at: null }).where('user_id', '=', userId).execute();
    return false;
  }
  const token = encodeURIComponent(await unsubscribeToken(db, userId));
  const links = {
    notifications: `${deps.publicUrl}/notifications`,
    unsubscribe: `${deps.publicUrl}/unsubscribe?token=${token}`,
  };
  const mail = renderDigest(language, notes.slice(0, DIGEST_MAX_ITEMS), notes.length, links);
  // Not the page above (it unsubscribes once opened): a GET of this URL changes nothing.
  const unsubscribeUrl = `${deps.publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`;
  await deps.mailer.send({ to: user.email, purpose: 'digest', ...mail, unsubscribeUrl });
  return true;
}
