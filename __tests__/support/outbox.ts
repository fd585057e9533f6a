/**
 * Reads the development mail outbox (DATA_DIR/mail/*.eml, written by server/infra/mail/mail.ts)
 * for server tests and e2e specs. File names sort by time, newest last. Messages are real
 * RFC 822 (multipart/alternative, quoted-printable or base64 parts, encoded-word subjects),
 * so this decodes just enough MIME to read the headers, the text and HTML parts and the links.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

import { SETTLE_TIMEOUT_MS } from './eventually';

export interface OutboxMessage {
  /** File name, e.g. 001732212345678-000004-verify.eml. */
  file: string;
  /** From the file name: "verify" or "reset". */
  purpose: string;
  headers: Record<string, string>;
  from: string;
  /** The bare recipient address. */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every content type seen, e.g. ["multipart/alternative", "text/plain", "text/html"]. */
  contentTypes: string[];
  raw: string;
}

/** Every message in the outbox, oldest first. */
export async function readOutbox(mailDir: string): Promise<OutboxMessage[]> {
  const names = (await readdir(mailDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    names.map(async (file) => ({ ...parseEml(await readFile(path.join(mailDir, file), 'utf8')), file, purpose: purposeOf(file) })),
  );
}

/** The newest message to `email` (optionally of one purpose), or undefined. */
export async function latestMailTo(mailDir: string, email: string, purpose?: string): Promise<OutboxMessage | undefined> {
  const wanted = email.trim().toLowerCase();
  const messages = await readOutbox(mailDir);
  return messages.reverse().find((message) => message.to === wanted && (purpose === undefined || message.purpose === purpose));
}

/**
 * Waits until the outbox holds `count` messages to `email` (of `purpose`), then returns the
 * newest. Account mail is sent just after the HTTP response, so tests wait for it.
 */
export async function waitForMail(
  mailDir: string,
  email: string,
  options: { purpose?: string; count?: number; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const { purpose, count = 1, timeoutMs = SETTLE_TIMEOUT_MS } = options;
  const wanted = email.trim().toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await readOutbox(mailDir)).filter(
      (message) => message.to === wanted && (purpose === undefined || message.purpose === purpose),
    );
    if (matching.length >= count) return matching[matching.length - 1]!;
    if (Date.now() > deadline) {
      throw new Error(`no ${purpose ?? ''} mail #${count} to ${wanted} in ${mailDir} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The first link in the text part whose path is `pathname` (e.g. "/verify"). */
export function linkIn(message: Pick<OutboxMessage, 'text'>, pathname: string): URL {
  for (const match of message.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.endsWith(pathname)) return url;
  }
  throw new Error(`no ${pathname} link in:\n${message.text}`);
}

/** token and email from a /verify or /reset-password link. */
export function tokenAndEmail(url: URL): { token: string; email: string } {
  return { token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
}

// ---- a small MIME reader ----

function purposeOf(file: string): string {
  return /-([a-z-]+)\.eml$/.exec(file)?.[1] ?? '';
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(source: string): Part {
  const normalized = source.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function parameter(headerValue: string, name: string): string | undefined {
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(headerValue);
  return match?.[1] ?? match?.[2];
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index]!;
    const hex = joined.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=); whitespace between them is dropped. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function collectParts(part: Part, into: { text: string; html: string; contentTypes: string[] }): void {
  const contentType = part.headers['content-type'] ?? 'text/plain';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  into.contentTypes.push(mediaType);
  if (mediaType.startsWith('multipart/')) {
    const boundary = parameter(contentType, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(splitPart(section.replace(/^\n/, '')), into);
    }
    return;
  }
  const decoded = decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '7bit');
  if (mediaType === 'text/plain' && !into.text) into.text = decoded;
  if (mediaType === 'text/html' && !into.html) into.html = decoded;
}

function bareAddress(value: string): string {
  return (/<([^>]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();
}

export function parseEml(raw: string): Omit<OutboxMessage, 'file' | 'purpose'> {
  const message = splitPart(raw);
  const parts = { text: '', html: '', contentTypes: [] as string[] };
  collectParts(message, parts);
  return {
    headers: message.headers,
    from: decodeHeader(message.headers.from ?? ''),
    to: bareAddress(message.headers.to ?? ''),
    subject: decodeHeader(message.headers.subject ?? ''),
    ...parts,
    raw,
  };
}
