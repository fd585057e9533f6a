/**
 * The AI index's documents in the database (table search_documents, migration 0005_search), and
 * its small state table. The in-memory engine (engine.ts) is always rebuilt from these rows, so
 * a restart serves the last ingested catalogue at once, without asking the provider.
 */
import type { Kysely } from 'kysely';

import type { Database, SearchDocumentRow, SearchSource } from '../../infra/db/schema';

import type { IndexDocument } from './engine';

export type NewSearchDocument = Omit<SearchDocumentRow, 'extra' | 'seen_at'>;

/** Rows per INSERT: 11 bound values each, far below SQLite's and PostgreSQL's limits. */
const BATCH_ROWS = 250;

export function toIndexDocument(row: SearchDocumentRow): IndexDocument {
  const addedAt = row.added_at ? Date.parse(row.added_at) : NaN;
  return {
    source: row.source,
    ref: row.ref_id,
    title: row.title,
    keywords: row.keywords,
    description: row.description,
    extra: row.extra,
    views: Number(row.views),
    rating: row.rating === null ? null : Number(row.rating),
    lengthSec: row.length_sec === null ? null : Number(row.length_sec),
    addedAt: Number.isNaN(addedAt) ? null : addedAt,
  };
}

/** Rows per read when loading: SQLite reads block the event loop, so big tables come in slices. */
const LOAD_PAGE_ROWS = 5000;

export async function loadDocuments(db: Kysely<Database>, source: SearchSource): Promise<IndexDocument[]> {
  const documents: IndexDocument[] = [];
  let after: string | undefined;
  for (;;) {
    let query = db.selectFrom('search_documents').selectAll().where('source', '=', source);
    if (after !== undefined) query = query.where('ref_id', '>', after);
    const rows = await query.orderBy('ref_id').limit(LOAD_PAGE_ROWS).execute();
    for (const row of rows) documents.push(toIndexDocument(row));
    if (rows.length < LOAD_PAGE_ROWS) return documents;
    after = rows[rows.length - 1]?.ref_id;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Inserts or updates documents; `extra` (approved descriptions) is left as it is. */
export async function upsertDocuments(db: Kysely<Database>, documents: NewSearchDocument[], seenAt: string): Promise<void> {
  for (let start = 0; start < documents.length; start += BATCH_ROWS) {
    const batch = documents.slice(start, start + BATCH_ROWS).map((document) => ({ ...document, seen_at: seenAt }));
    await db
      .insertInto('search_documents')
      .values(batch)
      .onConflict((conflict) =>
        conflict.columns(['source', 'ref_id']).doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          keywords: eb.ref('excluded.keywords'),
          description: eb.ref('excluded.description'),
          views: eb.ref('excluded.views'),
          rating: eb.ref('excluded.rating'),
          length_sec: eb.ref('excluded.length_sec'),
          added_at: eb.ref('excluded.added_at'),
          seen_at: eb.ref('excluded.seen_at'),
        })),
      )
      .execute();
  }
}

/** Removes the documents of `source` an ingestion that started at `seenAt` did not see. */
export async function deleteUnseen(db: Kysely<Database>, source: SearchSource, seenAt: string): Promise<number> {
  const result = await db.deleteFrom('search_documents').where('source', '=', source).where('seen_at', '<', seenAt).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteDocument(db: Kysely<Database>, source: SearchSource, ref: string): Promise<void> {
  await db.deleteFrom('search_documents').where('source', '=', source).where('ref_id', '=', ref).execute();
}

export async function countDocuments(db: Kysely<Database>, source: SearchSource): Promise<number> {
  const row = await db
    .selectFrom('search_documents')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .where('source', '=', source)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function readState(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('search_state').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeState(db: Kysely<Database>, key: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('search_state')
    .values({ key, value, updated_at: now })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * Takes the lease `key` for `owner` for `leaseMs` unless someone holds an unexpired one. A
 * compare-and-set on one search_state row, so of several instances racing exactly one wins.
 * The value is "<until, ISO> <owner>". True when this owner now holds it.
 */
export async function claimLease(db: Kysely<Database>, key: string, owner: string, now: Date, leaseMs: number): Promise<boolean> {
  const value = `${new Date(now.getTime() + leaseMs).toISOString()} ${owner}`;
  const stamp = now.toISOString();
  const inserted = await db
    .insertInto('search_state')
    .values({ key, value, updated_at: stamp })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const current = await readState(db, key);
  if (current === undefined) return false; // released in between: the next look takes it
  const until = Date.parse(current.split(' ')[0] ?? '');
  if (Number.isFinite(until) && until > now.getTime()) return false;
  const taken = await db.updateTable('search_state').set({ value, updated_at: stamp }).where('key', '=', key).where('value', '=', current).executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** Gives the lease back, if this owner still holds it. */
export async function releaseLease(db: Kysely<Database>, key: string, owner: string): Promise<void> {
  const current = await readState(db, key);
  if (current === undefined || !current.endsWith(` ${owner}`)) return;
  await db.deleteFrom('search_state').where('key', '=', key).where('value', '=', current).execute();
}
