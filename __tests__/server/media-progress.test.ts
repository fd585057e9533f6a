/**
 * The processing estimate (server/media/progress.ts) on a real database: the measured rate per
 * pixel class (exponentially weighted), a class never measured borrowing the nearest one, the
 * time left of a running job, and a waiting job's ETA behind the running one.
 */
import { toTimestamp } from '../../server/db/ids';
import { estimateProcessing, estimateSeconds, pixelClass, readThroughput, recordThroughput, THROUGHPUT_ALPHA } from '../../server/media/progress';
import { createTestUser, makeTestApp, type TestApp } from '../support/server';
import { createTestVideo } from '../support/videos';

describe('processing estimate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ env: { WORKER: 'off' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('classes by the short side, portrait or landscape alike', () => {
    expect(pixelClass(1920, 1080)).toBe('1080p');
    expect(pixelClass(1080, 1920)).toBe('1080p');
    expect(pixelClass(1280, 720)).toBe('720p');
    expect(pixelClass(160, 90)).toBe('360p');
    expect(pixelClass(3840, 2160)).toBe('2160p');
  });

  it('averages measurements per class, and borrows the nearest class scaled by pixels', async () => {
    expect(estimateSeconds(await readThroughput(t.app.db), { width: 1280, height: 720, duration: 10 })).toBeNull();
    await recordThroughput(t.app.db, { width: 1280, height: 720, duration: 10, seconds: 20 });
    await recordThroughput(t.app.db, { width: 1280, height: 720, duration: 10, seconds: 30 });
    const rates = await readThroughput(t.app.db);
    const expected = THROUGHPUT_ALPHA * 3 + (1 - THROUGHPUT_ALPHA) * 2;
    expect(rates.get('720p')?.perSecond).toBeCloseTo(expected, 6);
    // Equal durations: no line fit yet.
    expect(rates.get('720p')?.fit).toBeUndefined();
    expect(estimateSeconds(rates, { width: 1280, height: 720, duration: 10 })).toBeCloseTo(expected * 10, 6);
    // 1080p was never measured: 720p's rate × (1920×1080)/(1280×720) = 2.25.
    expect(estimateSeconds(rates, { width: 1920, height: 1080, duration: 10 })).toBeCloseTo(expected * 2.25 * 10, 6);
  });

  it('fits a fixed cost per job plus seconds per second once durations vary (other class: its own line)', async () => {
    await recordThroughput(t.app.db, { width: 640, height: 360, duration: 10, seconds: 25 });
    await recordThroughput(t.app.db, { width: 640, height: 360, duration: 20, seconds: 45 });
    const rates = await readThroughput(t.app.db);
    expect(rates.get('360p')?.fit?.overhead).toBeCloseTo(5, 6);
    expect(rates.get('360p')?.fit?.slope).toBeCloseTo(2, 6);
    expect(estimateSeconds(rates, { width: 640, height: 360, duration: 30 })).toBeCloseTo(65, 6);
    await t.app.db.deleteFrom('media_throughput').where('pixel_class', '=', '360p').execute();
  });

  it('a running job: estimate minus the time it ran; a waiting one: the running one\'s time left plus its own', async () => {
    const owner = await createTestUser(t.app);
    const now = Date.now();
    const rates = await readThroughput(t.app.db);
    const running = await createTestVideo(t.app, owner.id, { status: 'processing', processing_progress: 5 });
    await t.app.db
      .updateTable('videos')
      .set({ processing_stage: 'transcoding', processing_started_at: toTimestamp(new Date(now - 4000)), width: 1280, height: 720, duration: 10 })
      .where('id', '=', running.id)
      .execute();
    const waitingVideo = await createTestVideo(t.app, owner.id, { status: 'processing', processing_progress: 0 });
    await t.app.db.updateTable('videos').set({ width: 1280, height: 720, duration: 20 }).where('id', '=', waitingVideo.id).execute();
    const row = async (id: string) => t.app.db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const queue = { waiting: async () => [waitingVideo.id] };
    const own = estimateSeconds(rates, { width: 1280, height: 720, duration: 10 })!;

    const first = await estimateProcessing(t.app.db, queue, 1, await row(running.id), now);
    expect(first).toEqual({ processingStage: 'transcoding', queuePosition: null, etaSeconds: Math.ceil(own - 4) });

    const second = await estimateProcessing(t.app.db, queue, 1, await row(waitingVideo.id), now);
    expect(second.processingStage).toBe('queued');
    expect(second.queuePosition).toBe(1);
    expect(second.etaSeconds).toBe(Math.ceil(own - 4 + own * 2));
  });
});
