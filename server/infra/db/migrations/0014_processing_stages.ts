/**
 * Processing the viewer can trust (docs/transcoding.md#processing-stage-queue-position-and-eta):
 *
 * - videos.processing_stage: where a processing video's job is (probing, transcoding, packaging,
 *   storyboard); null while it waits in the queue. Written once per stage change by the worker,
 *   read by every instance.
 * - videos.processing_started_at: when the running attempt began (null while queued): the
 *   estimate of the time left for the running job.
 * - media_throughput: measured seconds of processing per second of input video, per pixel
 *   class, as an exponentially weighted average of recent jobs (the ETA's basis), and the
 *   weighted sums for a line fit (fixed cost per job + seconds per second) once durations vary.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('processing_stage', 'text').execute();
  await db.schema.alterTable('videos').addColumn('processing_started_at', 'text').execute();
  await db.schema
    .createTable('media_throughput')
    .addColumn('pixel_class', 'text', (col) => col.primaryKey())
    .addColumn('seconds_per_second', 'double precision', (col) => col.notNull())
    .addColumn('samples', 'integer', (col) => col.notNull().defaultTo(0))
    // Exponentially weighted sums of (duration x, seconds y) for a line fit: y = overhead + slope × x.
    .addColumn('weight', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('sum_x', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('sum_y', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('sum_xx', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('sum_xy', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_throughput').execute();
  await db.schema.alterTable('videos').dropColumn('processing_started_at').execute();
  await db.schema.alterTable('videos').dropColumn('processing_stage').execute();
}
