/**
 * Opaque, tamper-evident list cursors for keyset paging (comments, a profile's lists).
 *
 * A cursor is `<payload>.<mac>`, both base64url: the payload names the list it belongs to (its
 * scope, e.g. `comments:<video id>`), the last position served (a sort key and an id) and when
 * it stops being accepted; the mac is an HMAC-SHA256 (truncated to 128 bits) of the payload under
 * a key every instance shares (app-keys.ts). So a cursor cannot be forged, edited, moved to
 * another list nor used after it expires; the position it carries never names anything the
 * asker could not already see on the page that gave it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Database } from './db/schema';
import { appKey } from './app-keys';

/** A cursor is accepted this long after the page that gave it (then the list starts again). */
export const CURSOR_TTL_MS = 24 * 60 * 60 * 1000;
/** Longer query values are refused by the route schemas before any decoding. */
export const CURSOR_MAX_LENGTH = 512;

/** Where the previous page ended: its last item's sort key and id. */
export interface CursorPosition {
  key: string;
  id: string;
}

interface Payload {
  s: string;
  k: string;
  i: string;
  /** Expiry, ms since the epoch. */
  e: number;
}

const MAC_BYTES = 16;

function mac(secret: Buffer, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, MAC_BYTES);
}

export async function encodeCursor(db: Kysely<Database>, scope: string, position: CursorPosition, now = Date.now()): Promise<string> {
  const body: Payload = { s: scope, k: position.key, i: position.id, e: now + CURSOR_TTL_MS };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(await appKey(db, 'cursors'), payload).toString('base64url')}`;
}

/** The position a cursor carries, or undefined when it is forged, damaged, expired or of another list. */
export async function decodeCursor(
  db: Kysely<Database>,
  scope: string,
  cursor: string,
  now = Date.now(),
): Promise<CursorPosition | undefined> {
  const [payload, signature, extra] = cursor.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  // Compared as text in its one canonical encoding: base64url decoding skips padding and
  // characters outside its alphabet, so comparing decoded bytes would accept altered cursors.
  const expected = Buffer.from(mac(await appKey(db, 'cursors'), payload).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let body: Partial<Payload>;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return undefined;
  }
  if (body.s !== scope || typeof body.k !== 'string' || typeof body.i !== 'string' || typeof body.e !== 'number') return undefined;
  if (body.e < now) return undefined;
  return { key: body.k, id: body.i };
}
