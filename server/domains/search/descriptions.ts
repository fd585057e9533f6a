/**
 * The description review queue (submissions come from POST /action/upload-description, stored
 * 'pending'): listing, approving and rejecting (the moderator CLI, scripts/descriptions.ts), and
 * applying approved texts to the AI index.
 *
 * The CLI is a separate process, so it only records the decision. The server applies approved
 * but unapplied submissions (applied_at is null) on start, after every catalogue refresh and on
 * a short poll: it copies the text of all approved submissions of that movie into the
 * document's `extra` text, sets applied_at, and rebuilds the catalogue part of the index.
 */
import type { Kysely } from 'kysely';

import type { Database, SubmissionStatus } from '../../infra/db/schema';

export interface PendingSubmission {
  id: string;
  movieId: string;
  createdAt: string;
  userId: string | null;
  ip: string | null;
  text: string;
}

export async function listPending(db: Kysely<Database>, limit = 50): Promise<{ rows: PendingSubmission[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('description_submissions')
      .select(['id', 'movie_id', 'created_at', 'user_id', 'ip', 'new_context'])
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('description_submissions')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
      .where('status', '=', 'pending')
      .executeTakeFirst(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      movieId: row.movie_id,
      createdAt: row.created_at,
      userId: row.user_id,
      ip: row.ip,
      text: row.new_context,
    })),
    total: Number(count?.total ?? 0),
  };
}

export class ReviewError extends Error {
  constructor(
    readonly code: 'unknown' | 'already-reviewed',
    message: string,
  ) {
    super(message);
    this.name = 'ReviewError';
  }
}

/** Approves or rejects a pending submission; only a pending one can be decided (once). */
export async function reviewSubmission(
  db: Kysely<Database>,
  id: string,
  decision: Exclude<SubmissionStatus, 'pending'>,
  now: Date = new Date(),
): Promise<{ id: string; movieId: string; status: SubmissionStatus; reviewedAt: string }> {
  const reviewedAt = now.toISOString();
  // The status condition makes a concurrent second decision a no-op rather than an overwrite.
  const updated = await db
    .updateTable('description_submissions')
    .set({ status: decision, reviewed_at: reviewedAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'movie_id', 'status'])
    .executeTakeFirst();
  if (updated) return { id: updated.id, movieId: updated.movie_id, status: updated.status, reviewedAt };

  const existing = await db.selectFrom('description_submissions').select(['status', 'reviewed_at']).where('id', '=', id).executeTakeFirst();
  if (!existing) throw new ReviewError('unknown', `No description submission has the id "${id}".`);
  throw new ReviewError(
    'already-reviewed',
    `Submission ${id} was already ${existing.status}${existing.reviewed_at ? ` on ${existing.reviewed_at}` : ''}; only pending submissions can be reviewed.`,
  );
}

/**
 * The words a submission adds to the index. The SPA sends "title\nkeywords\nembed URL\nid":
 * URLs and the movie's own id are not words about the video.
 */
export function descriptionIndexText(text: string, movieId: string): string {
  return text
    .replace(/\bhttps?:\/\/\S+/gi, ' ')
    .split(/\s+/)
    .filter((word) => word !== movieId)
    .join(' ')
    .trim();
}

/**
 * Copies approved, unapplied submissions into search_documents.extra. A movie not (yet) in the
 * index keeps its submissions unapplied, to be picked up after a later ingestion.
 * Returns the movie ids whose document changed.
 */
export async function applyApprovedDescriptions(db: Kysely<Database>, now: Date = new Date()): Promise<string[]> {
  const waiting = await db
    .selectFrom('description_submissions')
    .select(['movie_id'])
    .distinct()
    .where('status', '=', 'approved')
    .where('applied_at', 'is', null)
    .execute();
  const changed: string[] = [];
  for (const { movie_id: movieId } of waiting) {
    const applied = await db.transaction().execute(async (trx) => {
      const document = await trx
        .selectFrom('search_documents')
        .select('ref_id')
        .where('source', '=', 'catalogue')
        .where('ref_id', '=', movieId)
        .executeTakeFirst();
      if (!document) return false;
      const approved = await trx
        .selectFrom('description_submissions')
        .select(['id', 'new_context'])
        .where('movie_id', '=', movieId)
        .where('status', '=', 'approved')
        .orderBy('reviewed_at')
        .orderBy('id')
        .execute();
      const extra = approved.map((row) => descriptionIndexText(row.new_context, movieId)).join('\n');
      await trx.updateTable('search_documents').set({ extra }).where('source', '=', 'catalogue').where('ref_id', '=', movieId).execute();
      await trx
        .updateTable('description_submissions')
        .set({ applied_at: now.toISOString() })
        .where('movie_id', '=', movieId)
        .where('status', '=', 'approved')
        .where('applied_at', 'is', null)
        .execute();
      return true;
    });
    if (applied) changed.push(movieId);
  }
  return changed;
}

export async function countUnapplied(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('description_submissions')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .where('status', '=', 'approved')
    .where('applied_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
