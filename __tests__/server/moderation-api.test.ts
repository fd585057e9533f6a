/**
 * Moderation: reports, the moderator API's permissions, what hiding and suspending do
 * everywhere (and that undoing them restores everything), moderator comment deletion, description
 * review, the audit log and the role CLI. Real app, real temporary SQLite database.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { AppInstance } from '../../server/app';
import type { UserRow, VideoRow } from '../../server/infra/db/schema';
import { newId, toTimestamp } from '../../server/infra/db/ids';
import { runAdminCli } from '../../server/domains/moderation/admin-cli';
import { hashPassword } from '../../server/domains/accounts/passwords';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestComment, addTestLike, createTestVideo, headersFor } from '../support/videos';

let testApp: TestApp;
let app: AppInstance;

beforeEach(async () => {
  testApp = await makeTestApp({ env: { PASSWORD_HASH_COST: '10' } });
  app = testApp.app;
});

afterEach(async () => {
  await testApp.close();
});

interface World {
  owner: UserRow;
  reporter: UserRow;
  moderator: UserRow;
  admin: UserRow;
  ownerCookie: string;
  reporterCookie: string;
  moderatorCookie: string;
  adminCookie: string;
  video: VideoRow;
}

async function world(): Promise<World> {
  const owner = await createTestUser(app, { username: 'owner' });
  const reporter = await createTestUser(app, { username: 'reporter' });
  const moderator = await createTestUser(app, { username: 'moderator', role: 'moderator' });
  const admin = await createTestUser(app, { username: 'admin', role: 'admin' });
  const video = await createTestVideo(app, owner.id, { title: 'Sunset over the harbour', description: 'harbour boats' });
  return {
    owner,
    reporter,
    moderator,
    admin,
    ownerCookie: await sessionCookieFor(app, owner.id),
    reporterCookie: await sessionCookieFor(app, reporter.id),
    moderatorCookie: await sessionCookieFor(app, moderator.id),
    adminCookie: await sessionCookieFor(app, admin.id),
    video,
  };
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object, language?: string) {
  return app.inject({ method, url: `${API}${url}`, headers: headersFor(cookie, language), ...(payload ? { payload } : {}) });
}

const report = (cookie: string | undefined, payload: object, language?: string) => call('POST', '/reports', cookie, payload, language);

describe('POST /reports', () => {
  it('files one open report per reporter and target, and refuses visitors, bad input and unseen targets', async () => {
    const w = await world();
    const body = { targetType: 'video', targetId: w.video.id, reason: 'spam', details: 'Advertising' };

    expect((await report(undefined, body)).statusCode).toBe(401);
    const first = await report(w.reporterCookie, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, message: 'Thank you. Your report was sent to the moderators.' });
    // The repeat succeeds without a second row.
    expect((await report(w.reporterCookie, body)).statusCode).toBe(201);
    const rows = await app.db.selectFrom('reports').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target_type: 'video', target_id: w.video.id, reason: 'spam', details: 'Advertising', status: 'open' });

    const badType = await report(w.reporterCookie, { ...body, targetType: 'planet' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json()).toEqual({ success: false, message: 'targetType must be one of video, comment or user.' });
    const badReason = await report(w.reporterCookie, { ...body, reason: 'boring' }, 'zh-CN');
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().message).toContain('reason 必须是');

    expect((await report(w.reporterCookie, { ...body, targetId: newId() })).statusCode).toBe(404);
    const privateVideo = await createTestVideo(app, w.owner.id, { visibility: 'private' });
    expect((await report(w.reporterCookie, { ...body, targetId: privateVideo.id })).statusCode).toBe(404);
    expect((await report(w.ownerCookie, { ...body, targetId: privateVideo.id })).statusCode).toBe(201);

    const comment = await addTestComment(app, { videoId: w.video.id, userId: w.owner.id });
    expect((await report(w.reporterCookie, { targetType: 'comment', targetId: comment.id, reason: 'abuse' })).statusCode).toBe(201);
    expect((await report(w.reporterCookie, { targetType: 'user', targetId: w.owner.id, reason: 'other' })).statusCode).toBe(201);
    expect((await report(w.reporterCookie, { targetType: 'user', targetId: 'nobody' })).statusCode).toBe(400);
  });
});

describe('moderator API permissions', () => {
  const routes: Array<['GET' | 'POST', string, object?]> = [
    ['GET', '/admin/reports?status=open'],
    ['GET', '/admin/reports?status=resolved'],
    ['GET', '/admin/descriptions?status=pending'],
    ['GET', '/admin/audit'],
    ['GET', '/admin/users?status=suspended'],
  ];

  it('refuses visitors (401) and users (403), answers moderators and admins', async () => {
    const w = await world();
    const actions: Array<['POST', string, object?]> = [
      ['POST', `/admin/videos/${w.video.id}/hide`, { reason: 'r' }],
      ['POST', `/admin/videos/${w.video.id}/unhide`],
      ['POST', `/admin/users/${w.owner.id}/suspend`, { reason: 'r' }],
      ['POST', `/admin/users/${w.owner.id}/unsuspend`],
      ['POST', `/admin/reports/${newId()}/resolve`],
      ['POST', `/admin/descriptions/${newId()}/approve`],
      ['POST', `/admin/descriptions/${newId()}/reject`],
    ];
    for (const [method, url, payload] of [...routes, ...actions]) {
      expect([url, (await call(method, url, undefined, payload)).statusCode]).toEqual([url, 401]);
      const forbidden = await call(method, url, w.reporterCookie, payload);
      expect([url, forbidden.statusCode]).toEqual([url, 403]);
      expect(forbidden.json()).toEqual({ success: false, message: 'Only moderators can do this.' });
      // Nothing changed for a refused request.
    }
    expect(await app.db.selectFrom('moderation_log').selectAll().execute()).toEqual([]);
    for (const cookie of [w.moderatorCookie, w.adminCookie]) {
      for (const [method, url] of routes) expect([url, (await call(method, url, cookie)).statusCode]).toEqual([url, 200]);
    }
  });

  it('carries the role on the session user', async () => {
    const w = await world();
    const session = await call('GET', '/check-session', w.moderatorCookie);
    expect(session.json().user).toMatchObject({ _id: w.moderator.id, role: 'moderator' });
    expect((await call('GET', '/check-session', w.reporterCookie)).json().user.role).toBe('user');
  });
});

async function writeMedia(video: VideoRow): Promise<void> {
  for (const key of [video.video_key, video.thumbnail_key]) {
    const file = path.join(testApp.config.mediaDir, ...key.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'bytes');
  }
}

/** Everywhere a video can show up, as `cookie` sees it. */
async function presence(video: VideoRow, cookie: string | undefined, likerId: string) {
  const list = (await call('GET', '/videos/selfieVideos', cookie)).json();
  const page = await call('GET', `/videos/selfieVideos/${video.id}`, cookie);
  // Its current key: keys move whenever fewer people may see the video (media-generations.test.ts).
  const current = await app.db.selectFrom('videos').select('video_key').where('id', '=', video.id).executeTakeFirst();
  const media = await app.inject({ method: 'GET', url: `/media/${current?.video_key ?? video.video_key}`, headers: headersFor(cookie) });
  const profile = (await call('GET', `/users/${video.user_id}`, cookie)).json();
  const liker = (await call('GET', `/users/${likerId}`, cookie)).json();
  const search = (await call('POST', '/search/normal-search', cookie, { query: 'harbour' })).json();
  const comments = await call('GET', `/comments/${video.id}`, cookie);
  const ids = (videos: Array<{ _id: string }>) => videos.map((v) => v._id).includes(video.id);
  return {
    list: ids(list.videos),
    page: page.statusCode,
    media: media.statusCode,
    profile: ids(profile.videos),
    likes: ids(liker.likedVideos),
    search: ids(search.results),
    comments: comments.statusCode,
  };
}

const SEEN = { list: true, page: 200, media: 200, profile: true, likes: true, search: true, comments: 200 };
const GONE = { list: false, page: 404, media: 404, profile: false, likes: false, search: false, comments: 404 };

describe('hiding a video', () => {
  it('removes it for everyone but its owner and moderators, audits it, and unhide restores it', async () => {
    const w = await world();
    await writeMedia(w.video);
    await addTestLike(app, w.video.id, w.reporter.id);
    await report(w.reporterCookie, { targetType: 'video', targetId: w.video.id, reason: 'violence' });
    expect(await presence(w.video, undefined, w.reporter.id)).toEqual(SEEN);

    const hide = await call('POST', `/admin/videos/${w.video.id}/hide`, w.moderatorCookie, { reason: 'Graphic violence' });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toEqual({ success: true, message: 'The video is now hidden.' });

    expect(await presence(w.video, undefined, w.reporter.id)).toEqual(GONE);
    expect(await presence(w.video, w.reporterCookie, w.reporter.id)).toEqual(GONE);
    // Its owner still sees it, with the moderators' reason; so do moderators.
    const own = await presence(w.video, w.ownerCookie, w.reporter.id);
    expect(own).toMatchObject({ page: 200, media: 200, profile: true, list: false, search: false });
    const page = await call('GET', `/videos/selfieVideos/${w.video.id}`, w.ownerCookie);
    expect(page.json().video.hiddenReason).toBe('Graphic violence');
    expect((await call('GET', `/videos/selfieVideos/${w.video.id}`, w.moderatorCookie)).statusCode).toBe(200);
    // Nothing was deleted.
    expect(await app.db.selectFrom('videos').select('id').where('id', '=', w.video.id).executeTakeFirst()).toBeDefined();
    // The report was settled by the action.
    const reports = (await call('GET', '/admin/reports?status=open', w.moderatorCookie)).json().reports;
    expect(reports).toEqual([]);
    const resolved = (await call('GET', '/admin/reports?status=resolved', w.moderatorCookie)).json().reports;
    expect(resolved[0]).toMatchObject({ targetType: 'video', targetId: w.video.id, status: 'resolved', target: { hidden: true } });

    expect((await call('POST', `/admin/videos/${w.video.id}/unhide`, w.moderatorCookie)).statusCode).toBe(200);
    expect(await presence(w.video, undefined, w.reporter.id)).toEqual(SEEN);
    expect((await call('GET', `/videos/selfieVideos/${w.video.id}`, w.ownerCookie)).json().video.hiddenReason).toBeUndefined();

    const entries = (await call('GET', '/admin/audit', w.adminCookie)).json().entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['video.unhide', 'video.hide']);
    expect(entries[1]).toMatchObject({
      actor: { _id: w.moderator.id, username: 'moderator' },
      targetType: 'video',
      targetId: w.video.id,
      reason: 'Graphic violence',
    });
  });

  it('needs a reason and an existing video', async () => {
    const w = await world();
    expect((await call('POST', `/admin/videos/${w.video.id}/hide`, w.moderatorCookie, { reason: '  ' })).statusCode).toBe(400);
    expect((await call('POST', `/admin/videos/${w.video.id}/hide`, w.moderatorCookie, {})).statusCode).toBe(400);
    expect((await call('POST', `/admin/videos/${newId()}/hide`, w.moderatorCookie, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('reports queue', () => {
  it('lists open reports with a target summary and resolves (dismisses) them', async () => {
    const w = await world();
    const comment = await addTestComment(app, { videoId: w.video.id, userId: w.owner.id, content: 'buy pills' });
    await report(w.reporterCookie, { targetType: 'comment', targetId: comment.id, reason: 'spam', details: 'link spam' });
    const [open] = (await call('GET', '/admin/reports', w.moderatorCookie)).json().reports;
    expect(open).toMatchObject({
      targetType: 'comment',
      targetId: comment.id,
      target: { title: 'buy pills', username: 'owner', videoId: w.video.id },
      reason: 'spam',
      details: 'link spam',
      reporter: { _id: w.reporter.id, username: 'reporter' },
      status: 'open',
    });
    expect(typeof open.createdAt).toBe('string');
    expect((await call('POST', `/admin/reports/${open._id}/resolve`, w.moderatorCookie)).statusCode).toBe(200);
    expect((await call('GET', '/admin/reports', w.moderatorCookie)).json().reports).toEqual([]);
    // A resolved report may be filed again.
    await report(w.reporterCookie, { targetType: 'comment', targetId: comment.id, reason: 'spam' });
    expect((await call('GET', '/admin/reports', w.moderatorCookie)).json().reports).toHaveLength(1);
    expect((await call('POST', `/admin/reports/${newId()}/resolve`, w.moderatorCookie)).statusCode).toBe(404);
    const [entry] = (await call('GET', '/admin/audit', w.moderatorCookie)).json().entries;
    expect(entry).toMatchObject({ action: 'report.resolve', targetType: 'report', targetId: open._id });
  });
});

describe('deleting comments', () => {
  it('lets moderators delete any comment (audited) while users still may not', async () => {
    const w = await world();
    const comment = await addTestComment(app, { videoId: w.video.id, userId: w.owner.id, content: 'rude words' });
    const reply = await addTestComment(app, { videoId: w.video.id, userId: w.reporter.id, parentId: comment.id });
    const stranger = await createTestUser(app);
    expect((await call('DELETE', `/comments/${comment.id}`, await sessionCookieFor(app, stranger.id))).statusCode).toBe(403);
    const deleted = await call('DELETE', `/comments/${comment.id}`, w.moderatorCookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().deletedIds).toEqual([comment.id, reply.id]);
    const [entry] = (await call('GET', '/admin/audit', w.moderatorCookie)).json().entries;
    expect(entry).toMatchObject({ action: 'comment.delete', targetType: 'comment', targetId: comment.id, reason: 'rude words' });
  });
});

describe('suspending a user', () => {
  it('ends their sessions, refuses their login, hides their content, blocks posting; unsuspend restores', async () => {
    const w = await world();
    await writeMedia(w.video);
    await addTestLike(app, w.video.id, w.reporter.id);
    const password = 'a long enough password';
    await app.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password, { cost: 10 }) })
      .where('id', '=', w.owner.id)
      .execute();
    const other = await createTestVideo(app, w.reporter.id);
    await addTestComment(app, { videoId: other.id, userId: w.owner.id, content: 'owner comment' });

    const suspend = await call('POST', `/admin/users/${w.owner.id}/suspend`, w.moderatorCookie, { reason: 'Harassment' });
    expect(suspend.statusCode).toBe(200);

    expect((await call('GET', '/check-session', w.ownerCookie)).json()).toEqual({ isValid: false });
    expect(await app.db.selectFrom('sessions').select('user_id').where('user_id', '=', w.owner.id).execute()).toEqual([]);
    const login = await call('POST', '/auth/login', undefined, { email: w.owner.email, password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ success: false, message: 'This account has been suspended by the moderators. Reason: Harassment' });
    const zh = await call('POST', '/auth/login', undefined, { email: w.owner.email, password }, 'zh');
    expect(zh.json().message).toBe('此账户已被管理员停用。原因：Harassment');
    // Posting: without a session there is nothing to post with.
    expect((await call('POST', '/comments/create', w.ownerCookie, { content: 'hi', videoId: other.id })).statusCode).toBe(401);

    expect(await presence(w.video, w.reporterCookie, w.reporter.id)).toEqual(GONE);
    const comments = (await call('GET', `/comments/${other.id}`, w.reporterCookie)).json().comments;
    expect(comments).toEqual([]);
    // Moderators still see everything.
    expect((await call('GET', `/comments/${other.id}`, w.moderatorCookie)).json().comments).toHaveLength(1);
    expect(await app.db.selectFrom('comments').select('id').execute()).toHaveLength(1);

    expect((await call('POST', `/admin/users/${w.owner.id}/suspend`, w.moderatorCookie, { reason: '' })).statusCode).toBe(400);
    const suspended = (await call('GET', '/admin/users?status=suspended', w.moderatorCookie)).json().users;
    expect(suspended).toEqual([expect.objectContaining({ _id: w.owner.id, suspensionReason: 'Harassment' })]);

    expect((await call('POST', `/admin/users/${w.owner.id}/unsuspend`, w.moderatorCookie)).statusCode).toBe(200);
    expect((await call('POST', '/auth/login', undefined, { email: w.owner.email, password })).statusCode).toBe(200);
    expect(await presence(w.video, w.reporterCookie, w.reporter.id)).toEqual(SEEN);
    expect((await call('GET', `/comments/${other.id}`, w.reporterCookie)).json().comments).toHaveLength(1);

    const actions = (await call('GET', '/admin/audit', w.moderatorCookie)).json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['user.unsuspend', 'user.suspend']);
  });

  it('lets only admins suspend staff, and nobody suspend themselves', async () => {
    const w = await world();
    expect((await call('POST', `/admin/users/${w.admin.id}/suspend`, w.moderatorCookie, { reason: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/admin/users/${w.moderator.id}/suspend`, w.moderatorCookie, { reason: 'x' })).statusCode).toBe(400);
    expect((await call('POST', `/admin/users/${w.moderator.id}/suspend`, w.adminCookie, { reason: 'x' })).statusCode).toBe(200);
    expect((await call('POST', `/admin/users/${newId()}/suspend`, w.adminCookie, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('description review', () => {
  it('lists pending submissions and approves or rejects each once, audited', async () => {
    const w = await world();
    const submit = (movieId: string) =>
      call('POST', '/action/upload-description', w.reporterCookie, { movieId, newContext: `Better words for ${movieId}` });
    await submit('m1');
    await submit('m2');
    const pending = (await call('GET', '/admin/descriptions?status=pending', w.moderatorCookie)).json().descriptions;
    expect(pending).toEqual([
      expect.objectContaining({ movieId: 'm1', newContext: 'Better words for m1', submittedBy: { _id: w.reporter.id, username: 'reporter' }, status: 'pending' }),
      expect.objectContaining({ movieId: 'm2', status: 'pending' }),
    ]);
    expect((await call('POST', `/admin/descriptions/${pending[0]._id}/approve`, w.moderatorCookie)).statusCode).toBe(200);
    expect((await call('POST', `/admin/descriptions/${pending[1]._id}/reject`, w.moderatorCookie)).statusCode).toBe(200);
    expect((await call('POST', `/admin/descriptions/${pending[0]._id}/reject`, w.moderatorCookie)).statusCode).toBe(409);
    expect((await call('POST', `/admin/descriptions/${newId()}/approve`, w.moderatorCookie)).statusCode).toBe(404);
    expect((await call('GET', '/admin/descriptions', w.moderatorCookie)).json().descriptions).toEqual([]);
    const statuses = await app.db.selectFrom('description_submissions').select(['movie_id', 'status']).orderBy('movie_id').execute();
    expect(statuses).toEqual([
      { movie_id: 'm1', status: 'approved' },
      { movie_id: 'm2', status: 'rejected' },
    ]);
    const actions = (await call('GET', '/admin/audit', w.moderatorCookie)).json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['description.reject', 'description.approve']);
  });
});

describe('npm run admin', () => {
  it('grants and revokes roles by e-mail, prints what it did, and audits it', async () => {
    const user = await createTestUser(app, { email: 'mod@example.com', created_at: toTimestamp() });
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(`ERR ${line}`) };
    expect(await runAdminCli(['grant', 'MOD@example.com'], app.database, io)).toBe(0);
    expect(lines.pop()).toContain('role user -> moderator');
    expect(await runAdminCli(['grant', 'mod@example.com', '--role', 'admin'], app.database, io)).toBe(0);
    expect(lines.pop()).toContain('role moderator -> admin');
    expect(await runAdminCli(['grant', 'mod@example.com', '--role', 'king'], app.database, io)).toBe(2);
    expect(await runAdminCli(['grant', 'nobody@example.com'], app.database, io)).toBe(1);
    expect(await runAdminCli(['revoke', 'mod@example.com'], app.database, io)).toBe(0);
    expect(lines.pop()).toContain('role admin -> user');
    const row = await app.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('user');
    const log = await app.db.selectFrom('moderation_log').select(['action', 'actor_id']).orderBy('created_at').orderBy('id').execute();
    expect(log.map((entry) => entry.action)).toEqual(['role.grant', 'role.grant', 'role.revoke']);
    expect(log.every((entry) => entry.actor_id === null)).toBe(true);
  });
});
