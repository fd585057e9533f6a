/**
 * Following: subscriptions (subscribe, unsubscribe, counts, lists, the feed) and notifications
 * (producers, the read-time filter, marking read, settings, the e-mail digest and its unsubscribe
 * link), through the HTTP API on a real database.
 */
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { AppInstance } from '../../server/app';
import { toTimestamp } from '../../server/infra/db/ids';
import type { UserRow } from '../../server/infra/db/schema';
import { isLikeMilestone, notify } from '../../server/domains/following';
import { pendingAnnouncements } from '../../server/domains/following/notifications';
import { SETTLE_TIMEOUT_MS, eventually } from '../support/eventually';
import { linkIn, readOutbox, waitForMail } from '../support/outbox';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestComment, createTestVideo, headersFor } from '../support/videos';

let testApp: TestApp;
let app: AppInstance;

beforeEach(async () => {
  testApp = await makeTestApp();
  app = testApp.app;
});

afterEach(async () => {
  await testApp.close();
});

interface Person {
  user: UserRow;
  cookie: string;
}

async function person(fields: Partial<UserRow> = {}): Promise<Person> {
  const user = await createTestUser(app, fields);
  return { user, cookie: await sessionCookieFor(app, user.id) };
}

function call(method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, cookie?: string, payload?: unknown, language?: string) {
  return app.inject({
    method,
    url: `${API}${url}`,
    headers: headersFor(cookie, language),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('subscriptions', () => {
  it('subscribes idempotently, counts, tells the viewer, and unsubscribes idempotently', async () => {
    const alice = await person();
    const bob = await person();
    const first = await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, subscribed: true, subscriberCount: 1 });
    expect((await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie)).json()).toMatchObject({ subscriberCount: 1 });

    const profile = (await call('GET', `/users/${bob.user.id}`, alice.cookie)).json();
    expect(profile.user).toMatchObject({ _id: bob.user.id, username: bob.user.username, subscriberCount: 1, subscribed: true });
    const visitorView = (await call('GET', `/users/${bob.user.id}`)).json();
    expect(visitorView.user.subscriberCount).toBe(1);
    expect(visitorView.user).not.toHaveProperty('subscribed');
    expect((await call('GET', `/users/${bob.user.id}`, bob.cookie)).json().user).toMatchObject({ subscribed: false, subscriberCount: 1 });

    for (let i = 0; i < 2; i += 1) {
      const gone = await call('DELETE', `/users/${bob.user.id}/subscribe`, alice.cookie);
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toMatchObject({ success: true, subscribed: false, subscriberCount: 0 });
    }
  });

  it("puts the uploader's subscriber count (and, for a signed-in viewer, whether they follow) on the video answer", async () => {
    const alice = await person();
    const bob = await person();
    const video = await createTestVideo(app, bob.user.id);
    const read = async (cookie?: string) => (await call('GET', `/videos/selfieVideos/${video.id}`, cookie)).json().video;
    expect(await read(alice.cookie)).toMatchObject({ subscriberCount: 0, subscribed: false });
    await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie);
    expect(await read(alice.cookie)).toMatchObject({ subscriberCount: 1, subscribed: true });
    const visitorView = await read();
    expect(visitorView.subscriberCount).toBe(1);
    expect(visitorView).not.toHaveProperty('subscribed');
    expect(await read(bob.cookie)).toMatchObject({ subscriberCount: 1, subscribed: false });
    await call('DELETE', `/users/${bob.user.id}/subscribe`, alice.cookie);
    expect(await read(alice.cookie)).toMatchObject({ subscriberCount: 0, subscribed: false });
    // Only the one-video answer carries them: the cards of the list do not.
    const list = (await call('GET', '/videos/selfieVideos')).json().videos;
    expect(list[0]).not.toHaveProperty('subscriberCount');
  });

  it('refuses visitors (401), oneself (400), unknown and suspended users (404), in Chinese when asked', async () => {
    const alice = await person();
    const banned = await person({ suspended_at: toTimestamp(), suspension_reason: 'spam' });
    expect((await call('POST', `/users/${alice.user.id}/subscribe`)).statusCode).toBe(401);
    const self = await call('POST', `/users/${alice.user.id}/subscribe`, alice.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ success: false, message: 'You cannot subscribe to yourself.' });
    const zh = await call('POST', `/users/${alice.user.id}/subscribe`, alice.cookie, undefined, 'zh-CN');
    expect(zh.json()).toEqual({ success: false, message: '不能订阅自己。' });
    expect((await call('POST', '/users/0123456789abcdef01234567/subscribe', alice.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', '/users/0123456789abcdef01234567/subscribe', alice.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/users/${banned.user.id}/subscribe`, alice.cookie)).statusCode).toBe(404);
    expect(await app.db.selectFrom('subscriptions').selectAll().execute()).toEqual([]);
  });

  it('lists the uploaders followed and their newest public videos, paged with a total', async () => {
    const alice = await person();
    const bob = await person();
    const carol = await person();
    const stranger = await person();
    await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie);
    await call('POST', `/users/${carol.user.id}/subscribe`, alice.cookie);
    const old = await createTestVideo(app, bob.user.id, { created_at: '2026-01-01T00:00:00.000Z' });
    const newer = await createTestVideo(app, carol.user.id, { created_at: '2026-02-01T00:00:00.000Z' });
    await createTestVideo(app, bob.user.id, { visibility: 'private' });
    await createTestVideo(app, bob.user.id, { status: 'processing' });
    await createTestVideo(app, carol.user.id, { hidden_at: toTimestamp(), hidden_reason: 'x' });
    await createTestVideo(app, stranger.user.id);

    const list = (await call('GET', '/subscriptions', alice.cookie)).json();
    expect(list.total).toBe(2);
    expect(list.subscriptions.map((c: { _id: string }) => c._id).sort()).toEqual([bob.user.id, carol.user.id].sort());
    expect(list.subscriptions[0]).toMatchObject({ subscriberCount: 1 });

    const feed = (await call('GET', '/subscriptions/videos?page=1&perPage=1', alice.cookie)).json();
    expect(feed.total).toBe(2);
    expect(feed.videos.map((v: { _id: string }) => v._id)).toEqual([newer.id]);
    expect(feed.videos[0]).toMatchObject({ title: newer.title, username: carol.user.username, status: 'ready' });
    const second = (await call('GET', '/subscriptions/videos?page=2&perPage=1', alice.cookie)).json();
    expect(second.videos.map((v: { _id: string }) => v._id)).toEqual([old.id]);
    expect((await call('GET', '/subscriptions/videos')).statusCode).toBe(401);
    expect((await call('GET', '/subscriptions/videos?perPage=1000', alice.cookie)).statusCode).toBe(400);
  });
});

describe('notifications', () => {
  it('announces, at start-up, a young public video whose fan-out a stopped process never committed', async () => {
    const alice = await person();
    const bob = await person();
    await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie);
    // Made without its change event: as if the process stopped before the fan-out ran.
    const missed = await createTestVideo(app, bob.user.id);
    const old = await createTestVideo(app, bob.user.id);
    await app.db.updateTable('videos').set({ created_at: toTimestamp(new Date(Date.now() - 30 * 24 * 3600 * 1000)) }).where('id', '=', old.id).execute();
    const pending = await pendingAnnouncements(app.db);
    expect(pending).toContain(missed.id);
    expect(pending).not.toContain(old.id);

    // A second instance starting on the same database runs the sweep.
    const other = await makeTestApp({ dataDir: testApp.dataDir });
    try {
      await other.app.ready();
      await eventually(async () => {
        const list = (await call('GET', '/notifications', alice.cookie)).json();
        expect(list.notifications.filter((n: { kind: string; video: { _id: string } | null }) => n.kind === 'new-video' && n.video?._id === missed.id)).toHaveLength(1);
      });
      expect(await pendingAnnouncements(app.db)).not.toContain(missed.id);
    } finally {
      await other.close();
    }
  });

  it('tells subscribers of a new public video (not a private one), once, and the list filters what they may no longer see', async () => {
    const alice = await person();
    const bob = await person();
    await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie);
    const video = await createTestVideo(app, bob.user.id);
    const secret = await createTestVideo(app, bob.user.id, { visibility: 'private' });
    expect(await app.following.announceVideo(video.id)).toBe(1);
    expect(await app.following.announceVideo(video.id)).toBe(0);
    expect(await app.following.announceVideo(secret.id)).toBe(0);
    // Claimed in the fan-out's own transaction: the announced video is no longer pending, the
    // private one stays unannounced (it may become news once public).
    const claims = await app.db.selectFrom('videos').select(['id', 'announced_at']).where('id', 'in', [video.id, secret.id]).execute();
    expect(claims.find((row) => row.id === video.id)?.announced_at).toEqual(expect.any(String));
    expect(claims.find((row) => row.id === secret.id)?.announced_at).toBeNull();
    expect(await pendingAnnouncements(app.db)).not.toContain(video.id);

    const list = (await call('GET', '/notifications', alice.cookie)).json();
    expect(list.unread).toBe(1);
    expect(list.notifications).toEqual([
      expect.objectContaining({
        kind: 'new-video',
        read: false,
        actor: { _id: bob.user.id, username: bob.user.username },
        video: expect.objectContaining({ _id: video.id, title: video.title }),
        comment: null,
        text: null,
      }),
    ]);
    // The uploader hears nothing of their own upload.
    expect((await call('GET', '/notifications', bob.cookie)).json().notifications).toEqual([]);

    // Made private afterwards: gone from the list and the count.
    await app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', video.id).execute();
    expect((await call('GET', '/notifications', alice.cookie)).json()).toMatchObject({ notifications: [], unread: 0 });
  });

  it('leaves out, and comes back to, what suspended users did: their videos and their acts, but not a moderator hiding a video', async () => {
    const reader = await person();
    const uploader = await person();
    const commenter = await person();
    const moderator = await person();
    const others = await createTestVideo(app, uploader.user.id);
    const own = await createTestVideo(app, reader.user.id);
    await notify(app.db, undefined, [
      { userId: reader.user.id, kind: 'new-video', actorId: uploader.user.id, videoId: others.id, dedupeKey: 'a' },
      { userId: reader.user.id, kind: 'like-milestone', actorId: commenter.user.id, videoId: own.id, text: '1', dedupeKey: 'b' },
      { userId: reader.user.id, kind: 'video-hidden', actorId: moderator.user.id, videoId: own.id, text: 'spam', dedupeKey: 'c' },
    ]);
    const kinds = async () => {
      const body = (await call('GET', '/notifications', reader.cookie)).json();
      return { kinds: body.notifications.map((n: { kind: string }) => n.kind).sort(), unread: body.unread, total: body.total };
    };
    const everything = { kinds: ['like-milestone', 'new-video', 'video-hidden'], unread: 3, total: 3 };
    expect(await kinds()).toEqual(everything);
    const suspend = (ids: string[], at: string | null) => app.db.updateTable('users').set({ suspended_at: at }).where('id', 'in', ids).execute();
    await suspend([uploader.user.id, commenter.user.id, moderator.user.id], toTimestamp());
    // The uploader's video and the liker's act are gone; the moderator's act on one's own video stays.
    expect(await kinds()).toEqual({ kinds: ['video-hidden'], unread: 1, total: 1 });
    // More suspended users than the filter lists at once: looked up row by row, same answer.
    const many = Array.from({ length: 501 }, (_, i) => ({
      id: `f${String(i).padStart(23, '0')}`,
      email: `suspended-${i}@example.com`,
      username: `suspended-${i}`,
      password_hash: null,
      verified: 1 as const,
      created_at: toTimestamp(),
      updated_at: toTimestamp(),
      suspended_at: toTimestamp(),
    }));
    await app.db.insertInto('users').values(many).execute();
    expect(await kinds()).toEqual({ kinds: ['video-hidden'], unread: 1, total: 1 });
    await suspend([uploader.user.id, commenter.user.id, moderator.user.id], null);
    expect(await kinds()).toEqual(everything);
    await app.db.deleteFrom('users').where('id', 'in', many.map((user) => user.id)).execute();
    expect(await kinds()).toEqual(everything);
  });

  it('counts the total exactly up to 1,000, and past the page read when deeper, so another page is always known', async () => {
    const reader = await person();
    const rows = Array.from({ length: 1030 }, (_, i) => ({
      id: `n${String(i).padStart(23, '0')}`,
      user_id: reader.user.id,
      kind: 'video-ready' as const,
      dedupe_key: `many:${i}`,
      created_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      read_at: toTimestamp(),
    }));
    for (let i = 0; i < rows.length; i += 200) await app.db.insertInto('notifications').values(rows.slice(i, i + 200)).execute();
    const page = async (n: number) => (await call('GET', `/notifications?page=${n}`, reader.cookie)).json();
    expect((await page(1)).total).toBe(1000);
    const deep = await page(51);
    expect(deep.notifications).toHaveLength(20);
    expect(deep.total).toBeGreaterThan(51 * 20);
    const last = await page(52);
    expect(last.notifications).toHaveLength(10);
    expect(last.total).toBe(1030);
  });

  it('announces a video through the events bus when it changes (the pipeline and edits publish video.changed)', async () => {
    const alice = await person();
    const bob = await person();
    await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie);
    const video = await createTestVideo(app, bob.user.id);
    await app.events.publish('video.changed', { videoId: video.id, change: 'updated' });
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    let unread = 0;
    while (Date.now() < deadline && unread === 0) {
      unread = (await call('GET', '/notifications/unread', alice.cookie)).json().unread;
      if (unread === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(unread).toBe(1);
  });

  it('tells the video owner of comments and the comment author of replies, never the actor', async () => {
    const owner = await person();
    const fan = await person();
    const other = await person();
    const video = await createTestVideo(app, owner.user.id);
    const top = await call('POST', '/comments/create', fan.cookie, { content: 'Nice', videoId: video.id });
    expect(top.statusCode).toBe(201);
    const topId = top.json().comment._id as string;
    await call('POST', '/comments/create', other.cookie, { content: 'Agreed', videoId: video.id, parentComment: topId });
    // The owner replying to the fan: the fan hears of the reply, the owner nothing of their own.
    await call('POST', '/comments/create', owner.cookie, { content: 'Thanks', videoId: video.id, parentComment: topId });

    const ownerNotes = (await call('GET', '/notifications', owner.cookie)).json().notifications;
    expect(ownerNotes.map((n: { kind: string; actor: { _id: string } }) => [n.kind, n.actor._id])).toEqual([
      ['video-comment', other.user.id],
      ['video-comment', fan.user.id],
    ]);
    const fanNotes = (await call('GET', '/notifications', fan.cookie)).json().notifications;
    expect(fanNotes.map((n: { kind: string; actor: { _id: string } }) => [n.kind, n.actor._id])).toEqual([
      ['comment-reply', owner.user.id],
      ['comment-reply', other.user.id],
    ]);
    expect(fanNotes[0].comment).toEqual({ _id: expect.any(String), content: 'Thanks' });

    // A deleted comment takes its notifications with it.
    const otherNote = ownerNotes[0];
    await call('DELETE', `/comments/${otherNote.comment._id}`, other.cookie);
    expect((await call('GET', '/notifications', owner.cookie)).json().notifications).toHaveLength(1);
  });

  it('announces like milestones 1, 10, 100… and a moderator hiding a video with the reason', async () => {
    expect([1, 2, 9, 10, 11, 100, 1000, 1001].map(isLikeMilestone)).toEqual([true, false, false, true, false, true, true, false]);
    const owner = await person();
    const fan = await person();
    const moderator = await person({ role: 'moderator' });
    const video = await createTestVideo(app, owner.user.id);
    expect((await call('POST', `/videos/selfieVideos/${video.id}/toggle-like`, fan.cookie)).json()).toMatchObject({ likes: 1 });
    const hide = await call('POST', `/admin/videos/${video.id}/hide`, moderator.cookie, { reason: 'Copyright claim' });
    expect(hide.statusCode).toBe(200);
    const notes = (await call('GET', '/notifications', owner.cookie)).json().notifications;
    expect(notes.map((n: { kind: string; text: string | null }) => [n.kind, n.text])).toEqual([
      ['video-hidden', 'Copyright claim'],
      ['like-milestone', '1'],
    ]);
    // The hidden video's notifications are gone for everyone else (the fan had none anyway).
    expect((await call('GET', '/notifications', fan.cookie)).json().notifications).toEqual([]);
  });

  it('tells the owner that processing finished or failed', async () => {
    const owner = await person();
    const ready = await createTestVideo(app, owner.user.id);
    const failed = await createTestVideo(app, owner.user.id, { status: 'failed', processing_error: 'media.failedTranscode' });
    await app.following.videoProcessed(ready.id);
    await app.following.videoProcessed(failed.id);
    await app.following.videoProcessed(failed.id);
    const notes = (await call('GET', '/notifications', owner.cookie)).json().notifications;
    expect(notes.map((n: { kind: string }) => n.kind).sort()).toEqual(['video-failed', 'video-ready']);
    expect(notes.find((n: { kind: string }) => n.kind === 'video-failed').text).toEqual(expect.any(String));
  });

  it("marks read by id (others' ids have no effect) or all; 401 for visitors", async () => {
    const alice = await person();
    const bob = await person();
    await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie);
    await call('POST', `/users/${alice.user.id}/subscribe`, bob.cookie);
    const [v1, v2, v3] = [await createTestVideo(app, bob.user.id), await createTestVideo(app, bob.user.id), await createTestVideo(app, alice.user.id)];
    for (const v of [v1, v2, v3]) await app.following.announceVideo(v.id);
    const aliceNotes = (await call('GET', '/notifications', alice.cookie)).json();
    const bobNotes = (await call('GET', '/notifications', bob.cookie)).json();
    expect(aliceNotes.unread).toBe(2);

    const mixed = await call('POST', '/notifications/read', alice.cookie, { ids: [aliceNotes.notifications[0]._id, bobNotes.notifications[0]._id] });
    expect(mixed.json()).toEqual({ success: true, unread: 1 });
    expect((await call('GET', '/notifications', bob.cookie)).json().unread).toBe(1);
    expect((await call('POST', '/notifications/read', alice.cookie)).json()).toEqual({ success: true, unread: 0 });
    expect((await call('GET', '/notifications', alice.cookie)).json().notifications.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await call('POST', '/notifications/read', undefined, {})).statusCode).toBe(401);
    expect((await call('GET', '/notifications')).statusCode).toBe(401);
    expect((await call('POST', '/notifications/read', alice.cookie, { ids: 'x' })).statusCode).toBe(400);
  });

  it('answers the unread count with an ETag and 304 while it is unchanged', async () => {
    const alice = await person();
    const first = await call('GET', '/notifications/unread', alice.cookie);
    expect(first.json()).toEqual({ success: true, unread: 0 });
    const again = await app.inject({ method: 'GET', url: `${API}/notifications/unread`, headers: { cookie: alice.cookie, 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('keeps per-kind settings: a kind off in the app is not listed', async () => {
    const alice = await person();
    const bob = await person();
    const defaults = (await call('GET', '/notifications/settings', alice.cookie)).json();
    expect(defaults.settings['new-video']).toEqual({ inApp: true, email: false });
    expect(defaults.settings['comment-reply']).toEqual({ inApp: true, email: true });
    const saved = await call('PUT', '/notifications/settings', alice.cookie, { settings: { 'new-video': { inApp: false } } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings['new-video']).toEqual({ inApp: false, email: false });
    expect((await call('PUT', '/notifications/settings', alice.cookie, { settings: { bogus: { inApp: false } } })).statusCode).toBe(400);

    await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie);
    await app.following.announceVideo((await createTestVideo(app, bob.user.id)).id);
    expect((await call('GET', '/notifications', alice.cookie)).json()).toMatchObject({ notifications: [], unread: 0 });
    await call('PUT', '/notifications/settings', alice.cookie, { settings: { 'new-video': { inApp: true } } });
    expect((await call('GET', '/notifications', alice.cookie)).json().unread).toBe(1);
  });

  it('mails at most one digest an hour, and its link stops the e-mails without signing in', async () => {
    const owner = await person();
    const fan = await person();
    const video = await createTestVideo(app, owner.user.id);
    await addTestComment(app, { videoId: video.id, userId: fan.user.id, content: 'first' });
    const comment = await call('POST', '/comments/create', fan.cookie, { content: 'Lovely <b>video</b>', videoId: video.id });
    expect(comment.statusCode).toBe(201);
    const start = new Date();
    expect(await app.following.sweepDigests(start)).toBe(1);
    const mail = await waitForMail(testApp.config.mailDir, owner.user.email!, { purpose: 'digest' });
    expect(mail.subject).toContain('1 new notifications');
    expect(mail.text).toContain(`${fan.user.username} commented on "${video.title}"`);
    expect(mail.html).not.toContain('<b>');

    // Another comment within the hour waits; after the hour it is mailed.
    await call('POST', '/comments/create', fan.cookie, { content: 'More', videoId: video.id });
    expect(await app.following.sweepDigests(new Date(start.getTime() + 30 * 60 * 1000))).toBe(0);
    expect(await app.following.sweepDigests(new Date(start.getTime() + 61 * 60 * 1000))).toBe(1);
    expect((await readOutbox(testApp.config.mailDir)).filter((m) => m.purpose === 'digest')).toHaveLength(2);

    const token = linkIn(mail, '/unsubscribe').searchParams.get('token')!;
    expect((await call('POST', '/notifications/unsubscribe', undefined, { token: `${token}x` })).statusCode).toBe(400);
    const done = await call('POST', '/notifications/unsubscribe', undefined, { token });
    expect(done.statusCode).toBe(200);
    const settings = (await call('GET', '/notifications/settings', owner.cookie)).json().settings;
    expect(Object.values(settings).every((s) => !(s as { email: boolean }).email)).toBe(true);
    await call('POST', '/comments/create', fan.cookie, { content: 'Even more', videoId: video.id });
    expect(await app.following.sweepDigests(new Date(start.getTime() + 3 * 60 * 60 * 1000))).toBe(0);
  });
});

describe('the unread count stream', () => {
  it('sends the count at once and again when a notification arrives, and ends when the app closes', async () => {
    const alice = await person();
    const bob = await person();
    await call('POST', `/users/${bob.user.id}/subscribe`, alice.cookie);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const events: string[] = [];
    let ended = false;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: `${API}/notifications/stream`, headers: { cookie: alice.cookie } }, resolve)
        .on('error', reject)
        .end();
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => events.push(chunk));
    response.on('end', () => {
      ended = true;
    });
    const waitFor = async (check: () => boolean) => {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(check()).toBe(true);
    };
    await waitFor(() => events.join('').includes('event: unread\ndata: {"unread":0}'));
    await app.following.announceVideo((await createTestVideo(app, bob.user.id)).id);
    await waitFor(() => events.join('').includes('data: {"unread":1}'));
    await call('POST', '/notifications/read', alice.cookie, {});
    await waitFor(() => events.join('').endsWith('data: {"unread":0}\n\n'));
    expect((await call('GET', '/notifications/stream')).statusCode).toBe(401);
    await app.close();
    await waitFor(() => ended);
  });
});

describe('watch history', () => {
  it('lists positions newest first with resumeAt, forgets one or all, and records nothing while paused', async () => {
    const alice = await person();
    const bob = await person();
    const first = await createTestVideo(app, bob.user.id, { duration: 100 });
    const second = await createTestVideo(app, bob.user.id, { duration: 100 });
    const secret = await createTestVideo(app, bob.user.id, { duration: 100 });
    const save = (videoId: string, seconds: number) => call('PUT', `/videos/selfieVideos/${videoId}/position`, alice.cookie, { seconds });
    expect((await save(first.id, 12)).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await save(secret.id, 3)).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await save(second.id, 40)).statusCode).toBe(204);
    // Made private since: gone from the history.
    await app.db.updateTable('videos').set({ visibility: 'private' }).where('id', '=', secret.id).execute();

    const history = (await call('GET', '/history', alice.cookie)).json();
    expect(history).toMatchObject({ success: true, total: 2, paused: false });
    expect(history.entries.map((e: { video: { _id: string; resumeAt: number } }) => [e.video._id, e.video.resumeAt])).toEqual([
      [second.id, 40],
      [first.id, 12],
    ]);
    expect((await call('GET', '/history')).statusCode).toBe(401);

    expect((await call('DELETE', `/history/${second.id}`, alice.cookie)).json()).toEqual({ success: true, removed: 1 });
    expect((await call('GET', '/history', alice.cookie)).json().total).toBe(1);

    expect((await call('PUT', '/history/settings', alice.cookie, { paused: true })).json()).toEqual({ success: true, paused: true });
    expect((await save(second.id, 50)).statusCode).toBe(204);
    expect((await call('GET', '/history', alice.cookie)).json()).toMatchObject({ total: 1, paused: true });
    expect((await call('PUT', '/history/settings', alice.cookie, { paused: 'yes' })).statusCode).toBe(400);

    expect((await call('DELETE', '/history', alice.cookie)).json()).toEqual({ success: true, removed: 2 });
    expect((await call('GET', '/history', alice.cookie)).json()).toMatchObject({ entries: [], total: 0 });
  });
});
