/**
 * The processing estimate (server/domains/media/progress.ts) on a real database: each part of a job
 * measured against what it grows with (per job, per second of input, per megapixel-frame encoded,
 * per input kind), exponentially weighted; one measured job tells fixed from per-second costs; an
 * unmeasured input kind uses the all-kinds encode rate; a running job's time left by stage (the
 * encode's own pace counting more as it progresses); a waiting job's ETA behind the running one.
 */
import { toTimestamp } from '../../server/infra/db/ids';
import {
  encodeWork,
  estimateProcessing,
  estimateSeconds,
  estimateStages,
  readStageSpeeds,
  recordJobSpeeds,
  remainingSeconds,
  THROUGHPUT_ALPHA,
} from '../../server/domains/media/progress';
import { createTestUser, makeTestApp, type TestApp } from '../support/server';
import { createTestVideo } from '../support/videos';

const HD = { width: 1280, height: 720, duration: 10, fps: 25, kind: 'h264' };

describe('processing estimate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { WORKER: 'off' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the encode in megapixel-frames: the source decoded once, each rung of its ladder encoded', () => {
    // 720p source: 720p, 480p, 360p and 240p rungs (no 1080p).
    const pixels = 1280 * 720 + (1280 * 720 + 854 * 480 + 640 * 360 + 426 * 240);
    expect(encodeWork(HD)).toBeCloseTo((10 * 25 * pixels) / 1e6, 6);
    // Frame rate capped at 60; unknown frame rate counts as 30.
    expect(encodeWork({ ...HD, fps: 120 })).toBeCloseTo(encodeWork({ ...HD, fps: 60 }), 6);
    expect(encodeWork({ ...HD, fps: null })).toBeCloseTo(encodeWork({ ...HD, fps: 30 }), 6);
    // Portrait is the same work; the quick path leaves the top rung out.
    expect(encodeWork({ ...HD, width: 720, height: 1280 })).toBeCloseTo(encodeWork(HD), 6);
    expect(encodeWork(HD, undefined, { topCopied: true })).toBeCloseTo((10 * 25 * (pixels - 1280 * 720)) / 1e6, 6);
  });

  it('one measured job gives every stage; a second one is averaged in (α); another kind uses the overall encode rate', async () => {
    expect(estimateSeconds(await readStageSpeeds(t.app.db), HD)).toBeNull();
    const timings = { probe: 1, encode: 12, segment: 0.5, packageFixed: 2, finish: 1.5 };
    await recordJobSpeeds(t.app.db, HD, timings);
    let speeds = await readStageSpeeds(t.app.db);
    const work = encodeWork(HD);
    expect(speeds.get('encode')).toBeCloseTo(12 / work, 9);
    expect(speeds.get('encode:h264')).toBeCloseTo(12 / work, 9);
    // The same video again: exactly what was measured.
    expect(estimateSeconds(speeds, HD)).toBeCloseTo(1 + 12 + 0.5 + 2 + 1.5, 6);
    // Twice as long: the fixed parts (probe, poster and cards) stay, the rest doubles.
    expect(estimateSeconds(speeds, { ...HD, duration: 20 })).toBeCloseTo(1 + 24 + 1 + 2 + 3, 6);
    // 1080p: the encode scales by its megapixel-frames (a 1080p rung more), the rest by duration.
    const fullHd = { ...HD, width: 1920, height: 1080 };
    expect(estimateStages(speeds, fullHd)!.transcoding).toBeCloseTo((12 * encodeWork(fullHd)) / work, 6);

    await recordJobSpeeds(t.app.db, { ...HD, kind: 'hdr' }, { ...timings, encode: 24 });
    speeds = await readStageSpeeds(t.app.db);
    expect(speeds.get('encode')).toBeCloseTo((THROUGHPUT_ALPHA * 24 + (1 - THROUGHPUT_ALPHA) * 12) / work, 9);
    expect(speeds.get('encode:hdr')).toBeCloseTo(24 / work, 9);
    expect(speeds.get('encode:h264')).toBeCloseTo(12 / work, 9);
    expect(estimateStages(speeds, { ...HD, kind: 'hdr' })!.transcoding).toBeCloseTo(24, 6);
    expect(estimateStages(speeds, HD)!.transcoding).toBeCloseTo(12, 6);
    // Never measured (HEVC) or unknown: the all-kinds rate.
    expect(estimateStages(speeds, { ...HD, kind: 'hevc' })!.transcoding).toBeCloseTo(speeds.get('encode')! * work, 6);
    expect(estimateStages(speeds, { ...HD, kind: null })!.transcoding).toBeCloseTo(speeds.get('encode')! * work, 6);
  });

  it('a running job: the rest of its stage, then the later stages; the encode leans on its own pace as it progresses', async () => {
    const speeds = await readStageSpeeds(t.app.db);
    const stages = estimateStages(speeds, HD)!;
    const now = Date.parse('2026-01-01T00:00:10.000Z');
    const base = {
      id: 'x',
      status: 'processing' as const,
      ...HD,
      source_kind: 'h264',
      source_fps: 25,
      processing_started_at: '2026-01-01T00:00:00.000Z',
    };
    const at = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    // Probing for 0.5 s: the rest of the probe, then everything else.
    expect(remainingSeconds(speeds, { ...base, processing_stage: 'probing', processing_stage_at: at(0.5), processing_progress: 0 }, now)).toBeCloseTo(
      stages.probing - 0.5 + stages.transcoding + stages.packaging + stages.storyboard,
      6,
    );
    // Packaging for 1 s: the rest of packaging and the storyboard.
    expect(remainingSeconds(speeds, { ...base, processing_stage: 'packaging', processing_stage_at: at(1), processing_progress: 95 }, now)).toBeCloseTo(
      stages.packaging - 1 + stages.storyboard,
      6,
    );
    // Half-way through an encode that runs twice as slow as estimated: the time left follows its pace.
    const slow = remainingSeconds(speeds, { ...base, processing_stage: 'transcoding', processing_stage_at: at(stages.transcoding), processing_progress: 48 }, now)!;
    const paceLeft = stages.transcoding; // (elapsed × (1 − f) / f) with f = 0.5
    expect(slow).toBeCloseTo(stages.packaging + stages.storyboard + 0.5 * paceLeft + 0.5 * Math.max(0, stages.transcoding * 0.05), 1);
    expect(slow).toBeGreaterThan(stages.packaging + stages.storyboard + stages.transcoding * 0.4);
  });

  it('a clip whose frames all came out with the start-up counts its whole encode as frame work, never a rate of 0', async () => {
    const before = await t.app.db.selectFrom('media_stage_speed').selectAll().execute();
    await t.app.db.deleteFrom('media_stage_speed').execute();
    const tiny = { ...HD, duration: 1 };
    await recordJobSpeeds(t.app.db, tiny, { probe: 0.1, encode: 0.4, encodeStartup: 0.4, segment: 0.1, packageFixed: 0.2, finish: 0.05 });
    const speeds = await readStageSpeeds(t.app.db);
    expect(speeds.get('encode')).toBeCloseTo(0.4 / encodeWork(tiny), 9);
    expect(speeds.get('encode:h264')).toBeGreaterThan(0);
    await t.app.db.deleteFrom('media_stage_speed').execute();
    if (before.length > 0) await t.app.db.insertInto('media_stage_speed').values(before).execute();
  });

  it("the encode's start-up is a cost per job, and the encode's pace is counted after it", async () => {
    const before = await t.app.db.selectFrom('media_stage_speed').selectAll().execute();
    await t.app.db.deleteFrom('media_stage_speed').execute();
    await recordJobSpeeds(t.app.db, HD, { probe: 1, encode: 12, encodeStartup: 2, segment: 0.5, packageFixed: 2, finish: 1.5 });
    const speeds = await readStageSpeeds(t.app.db);
    expect(speeds.get('encode:startup')).toBeCloseTo(2, 9);
    expect(speeds.get('encode')).toBeCloseTo(10 / encodeWork(HD), 9);
    // Twice as long: the start-up once, the frames twice.
    expect(estimateStages(speeds, { ...HD, duration: 20 })!.transcoding).toBeCloseTo(2 + 20, 6);
    // 6 s into the encode, half the frames out: 4 s of pace for half, so 4 s left by pace; 16 s left by the estimate (22 − 6).
    const now = Date.parse('2026-01-01T00:01:00.000Z');
    const left = remainingSeconds(
      speeds,
      {
        id: 'y',
        status: 'processing',
        ...{ width: 1280, height: 720, duration: 20 },
        source_kind: 'h264',
        source_fps: 25,
        processing_started_at: null,
        processing_stage: 'transcoding',
        processing_stage_at: new Date(now - 6000).toISOString(),
        processing_progress: 48,
      },
      now,
    )!;
    const after = estimateStages(speeds, { ...HD, duration: 20 })!;
    expect(left).toBeCloseTo(after.packaging + after.storyboard + 0.5 * 4 + 0.5 * 16, 6);
    await t.app.db.deleteFrom('media_stage_speed').execute();
    if (before.length > 0) await t.app.db.insertInto('media_stage_speed').values(before).execute();
  });

  it("a waiting job: the running one's time left plus its own estimate", async () => {
    const owner = await createTestUser(t.app);
    const now = Date.now();
    const speeds = await readStageSpeeds(t.app.db);
    const running = await createTestVideo(t.app, owner.id, { status: 'processing', processing_progress: 0 });
    await t.app.db
      .updateTable('videos')
      .set({
        processing_stage: 'probing',
        processing_started_at: toTimestamp(new Date(now - 400)),
        processing_stage_at: toTimestamp(new Date(now - 400)),
        width: 1280,
        height: 720,
        duration: 10,
        source_kind: 'h264',
        source_fps: 25,
      })
      .where('id', '=', running.id)
      .execute();
    const waitingVideo = await createTestVideo(t.app, owner.id, { status: 'processing', processing_progress: 0 });
    await t.app.db.updateTable('videos').set({ width: 1280, height: 720, duration: 20, source_kind: 'h264', source_fps: 25 }).where('id', '=', waitingVideo.id).execute();
    const row = async (id: string) => t.app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const queue = { waiting: async () => [waitingVideo.id] };
    const first = estimateSeconds(speeds, HD)!;
    const second = estimateSeconds(speeds, { ...HD, duration: 20 })!;

    const runningEstimate = await estimateProcessing(t.app.db, queue, 1, await row(running.id), now);
    expect(runningEstimate).toEqual({ processingStage: 'probing', queuePosition: null, etaSeconds: Math.ceil(first - 0.4) });

    const waiting = await estimateProcessing(t.app.db, queue, 1, await row(waitingVideo.id), now);
    expect(waiting.processingStage).toBe('queued');
    expect(waiting.queuePosition).toBe(1);
    expect(waiting.etaSeconds).toBe(Math.ceil(first - 0.4 + second));
  });
});
