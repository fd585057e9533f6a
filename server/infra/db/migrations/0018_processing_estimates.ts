/**
 * A processing estimate per stage and per input kind (docs/transcoding.md#processing-stage-queue-position-and-eta):
 *
 * - videos.source_kind: the input kind the probe found at upload ('hdr' for HLG/PQ, else the video
 *   codec: 'h264', 'hevc', 'vp9'…); null for rows made before (the job fills it in).
 * - videos.source_fps: the frame rate the encode will run at (the source's, capped at 60).
 * - videos.processing_stage_at: when the running job's current stage began (the time left of a
 *   running job is its stage's estimate minus the time spent in it, then the later stages).
 * - media_stage_speed replaces media_throughput (one whole-job rate per pixel class): one
 *   exponentially weighted measurement per stage part — seconds per job (probe; poster and
 *   cards), per second of input (segmenting; storyboard and commit) and per megapixel-frame
 *   encoded (all kinds, and per input kind). The old rates meant something else and are dropped.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('source_kind', 'text').execute();
  await db.schema.alterTable('videos').addColumn('source_fps', 'double precision').execute();
  await db.schema.alterTable('videos').addColumn('processing_stage_at', 'text').execute();
  await db.schema
    .createTable('media_stage_speed')
    .addColumn('measure', 'text', (col) => col.primaryKey())
    .addColumn('seconds_per_unit', 'double precision', (col) => col.notNull())
    .addColumn('samples', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.dropTable('media_throughput').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_throughput')
    .addColumn('pixel_class', 'text', (col) => col.primaryKey())
    .addColumn('seconds_per_second', 'double precision', (col) => col.notNull())
    .addColumn('samples', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('weight', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('sum_x', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('sum_y', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('sum_xx', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('sum_xy', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.dropTable('media_stage_speed').execute();
  await db.schema.alterTable('videos').dropColumn('processing_stage_at').execute();
  await db.schema.alterTable('videos').dropColumn('source_fps').execute();
  await db.schema.alterTable('videos').dropColumn('source_kind').execute();
}
