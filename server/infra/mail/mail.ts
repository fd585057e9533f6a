/**
 * Outgoing mail through nodemailer. By default (no SMTP_URL) every message is written as a real
 * RFC 822 file to the outbox, DATA_DIR/mail/, one `.eml` file per message, named so that sorting
 * by name sorts by time (newest last):
 *
 *   <Date.now(), 15 digits>-<per-process sequence, 6 digits>-<purpose>.eml
 *   e.g. 001732212345678-000004-verify.eml
 *
 * Files appear atomically (written under a dot-name, then renamed). In outbox mode under
 * NODE_ENV=development the link is also logged at info level — that is the point of a
 * development outbox. Anywhere else (production, tests, and always with SMTP_URL) links carry
 * tokens that whoever reads the logs could use, so only the purpose and the file are logged.
 */
import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions } from 'nodemailer';

import type { AppConfig } from '../../config/index';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Short label for the file name and the log ("verify", "reset"); [a-z-] only. */
  purpose: string;
  /** The link the message carries; logged in outbox mode under NODE_ENV=development only. */
  link?: string;
  /**
   * Mail that keeps coming (the digest): its one-click unsubscribe URL, sent as `List-Unsubscribe`
   * (RFC 2369) with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so mail
   * providers offer their own unsubscribe button, which POSTs to it.
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  readonly mode: 'outbox' | 'smtp';
  readonly from: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const PURPOSE_LABELS: Record<string, string> = { verify: 'verification', reset: 'password reset', 'account-exists': 'account exists' };

/** `no-reply@<PUBLIC_URL host>`. */
export function fromAddress(publicUrl: string): string {
  return `no-reply@${new URL(publicUrl).hostname}`;
}

let sequence = 0;

/** What nodemailer sends for `mail`. */
function messageOf(sender: { name: string; address: string }, mail: OutgoingMail): SendMailOptions {
  const message: SendMailOptions = { from: sender, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
  if (mail.unsubscribeUrl) {
    message.list = { unsubscribe: mail.unsubscribeUrl };
    message.headers = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  return message;
}

/** The next outbox file name; sorting names sorts messages oldest → newest. */
export function outboxFileName(purpose: string, now: number = Date.now()): string {
  sequence = (sequence + 1) % 1_000_000;
  const label = purpose.replace(/[^a-z-]/g, '') || 'mail';
  return `${String(now).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${label}.eml`;
}

export function createMailer(
  config: Pick<AppConfig, 'mailDir' | 'smtpUrl' | 'publicUrl'> & Partial<Pick<AppConfig, 'nodeEnv'>>,
  log: FastifyBaseLogger,
): Mailer {
  const logLinks = config.nodeEnv === 'development';
  const from = fromAddress(config.publicUrl);
  const sender = { name: 'Video Site', address: from };

  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      mode: 'smtp',
      from,
      async send(mail) {
        const info = await transport.sendMail(messageOf(sender, mail));
        // No link here: it carries a token, and this is real mail.
        log.info({ purpose: mail.purpose, messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    from,
    async send(mail) {
      const info = await transport.sendMail(messageOf(sender, mail));
      const name = outboxFileName(mail.purpose);
      const file = path.join(config.mailDir, name);
      const temporary = path.join(config.mailDir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, info.message as Buffer, { flag: 'wx' });
        await rename(temporary, file);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      const label = PURPOSE_LABELS[mail.purpose] ?? mail.purpose;
      if (logLinks) {
        log.info({ purpose: mail.purpose, to: mail.to, file }, mail.link ? `${label} link for ${mail.to}: ${mail.link}` : `${label} mail for ${mail.to}`);
      } else {
        // The recipient stays out too, as with SMTP: the file names the message.
        log.info({ purpose: mail.purpose, file }, `${label} mail written to the outbox`);
      }
    },
    close: () => transport.close(),
  };
}
