/**
 * The account e-mails (verification, password reset, "you already have an account") as text and HTML, in the recipient's
 * language. Every interpolated value is HTML-escaped in the HTML part.
 */
import type { AuthTokenPurpose } from '../db/schema';
import { translate, type Language, type MessageKey } from '../../i18n';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface AccountMailValues {
  /** The whole link, already URL-encoded where needed. */
  link: string;
  /** account-exists: the forgot-password page. */
  forgotLink?: string;
}

/**
 * account-exists goes to the owner of an address someone tried to register again (instead of
 * telling the visitor the address is taken): a login link and the forgot-password page.
 */
export type AccountMailPurpose = AuthTokenPurpose | 'account-exists';

const KEYS: Record<AccountMailPurpose, { subject: MessageKey; intro: MessageKey; button: MessageKey; expiry: MessageKey; ignore: MessageKey }> = {
  verify: {
    subject: 'mail.verify.subject',
    intro: 'mail.verify.intro',
    button: 'mail.verify.button',
    expiry: 'mail.verify.expiry',
    ignore: 'mail.verify.ignore',
  },
  reset: {
    subject: 'mail.reset.subject',
    intro: 'mail.reset.intro',
    button: 'mail.reset.button',
    expiry: 'mail.reset.expiry',
    ignore: 'mail.reset.ignore',
  },
  'account-exists': {
    subject: 'mail.exists.subject',
    intro: 'mail.exists.intro',
    button: 'mail.exists.button',
    expiry: 'mail.exists.forgot',
    ignore: 'mail.exists.ignore',
  },
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function renderAccountMail(purpose: AccountMailPurpose, language: Language, values: AccountMailValues): RenderedMail {
  const keys = KEYS[purpose];
  const say = (key: MessageKey) => translate(language, key, { forgotLink: values.forgotLink ?? '' });
  const siteName = say('mail.siteName');
  const subject = `${say(keys.subject)} - ${siteName}`;

  const text = [
    say('mail.greeting'),
    '',
    say(keys.intro),
    '',
    values.link,
    '',
    say(keys.expiry),
    say(keys.ignore),
    '',
    `— ${siteName}`,
    '',
  ].join('\n');

  const e = escapeHtml;
  const link = e(values.link);
  const html = `<!DOCTYPE html>
<html lang="${language === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><title>${e(say(keys.subject))}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #222;">
<p>${e(say('mail.greeting'))}</p>
<p>${e(say(keys.intro))}</p>
<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #2563eb; color: #fff; text-decoration: none; border-radius: 4px;">${e(say(keys.button))}</a></p>
<p>${e(say('mail.linkFallback'))}<br><a href="${link}">${link}</a></p>
<p>${e(say(keys.expiry))}<br>${e(say(keys.ignore))}</p>
<p>— ${e(siteName)}</p>
</body>
</html>
`;
  return { subject, text, html };
}
