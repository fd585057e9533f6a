import type { AppInstance } from '../../server/app';
import type { UserRow, VideoRow } from '../../server/infra/db/schema';
import { PROFILE_LIMITS } from '../../server/domains/accounts/user-routes';
import { checkUsername } from '../../server/domains/accounts/profiles';
import { createTestUser, makeTestApp, sessionCookieFor, type TestApp } from '../support/server';
import { API, addTestLike, createTestVideo, headersFor, READY_WITHOUT_RENDITIONS } from '../support/videos';

const USER_NOT_FOUND = { success: false, message: 'User not found.' };
const LOGIN_REQUIRED = { success: false, message: 'Please log in to continue.' };
const TAKEN = { success: false, message: 'This username is already taken.' };
const BAD_LENGTH = { success: false, message: 'Username must be between 3 and 30 characters long.' };
const BAD_CHARACTERS = {
  success: false,
  message:
    'Username may contain only letters (Chinese, Japanese and Korean characters too), digits, ".", "_" and "-", and must contain at least one letter or digit.',
};

let testApp: TestApp;
let app: AppInstance;

beforeEach(async () => {
  testApp = await makeTestApp();
  app = testApp.app;
});

afterEach(async () => {
  await testApp.close();
});

interface ProfileBody {
  success: boolean;
  user: { _id: string; username: string; email?: string | null };
  videos: { _id: string; visibility: string; user: string; username: string }[];
  likedVideos: { _id: string; visibility: string; user: string; username: string }[];
}

function getProfile(userId: string, cookie?: string, language?: string) {
  return app.inject({ method: 'GET', url: `${API}/users/${userId}`, headers: headersFor(cookie, language) });
}

function patchProfile(payload: Record<string, unknown>, cookie?: string, language?: string) {
  return app.inject({ method: 'PATCH', url: `${API}/users/profile`, headers: headersFor(cookie, language), payload });
}

const ids = (videos: { _id: string }[]) => videos.map((video) => video._id);

describe('GET /users/:id', () => {
  const base = Date.parse('2026-03-01T12:00:00.000Z');
  const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

  /**
   * `me` uploads three videos (one private) and likes: a public video of `other`, a private video
   * of `other` (liked back when it was public), and their own private video.
   */
  async function world() {
    const me = await createTestUser(app, { username: 'Me_Myself' });
    const other = await createTestUser(app, { username: 'someone-else' });
    const myOld = await createTestVideo(app, me.id, { created_at: at(1), updated_at: at(1) });
    const myPrivate = await createTestVideo(app, me.id, { visibility: 'private', created_at: at(2), updated_at: at(2) });
    const myNew = await createTestVideo(app, me.id, { created_at: at(3), updated_at: at(3) });
    const theirPublic = await createTestVideo(app, other.id, { created_at: at(0), updated_at: at(0) });
    const theirPrivate = await createTestVideo(app, other.id, { visibility: 'private', created_at: at(4), updated_at: at(4) });
    // Liked in this order: theirPublic (oldest like), theirPrivate, myPrivate, myOld (newest like).
    await addTestLike(app, theirPublic.id, me.id, new Date(base + 10 * 60_000));
    await addTestLike(app, theirPrivate.id, me.id, new Date(base + 11 * 60_000));
    await addTestLike(app, myPrivate.id, me.id, new Date(base + 12 * 60_000));
    await addTestLike(app, myOld.id, me.id, new Date(base + 13 * 60_000));
    return {
      me,
      other,
      meCookie: await sessionCookieFor(app, me.id),
      otherCookie: await sessionCookieFor(app, other.id),
      videos: { myOld, myPrivate, myNew, theirPublic, theirPrivate } satisfies Record<string, VideoRow>,
    };
  }

  it('shows a visitor the username, public uploads (newest first) and public likes (latest like first)', async () => {
    const { me, videos } = await world();
    const res = await getProfile(me.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<ProfileBody>();
    expect(body.success).toBe(true);
    expect(body.user).toEqual({ _id: me.id, username: 'Me_Myself', subscriberCount: 0 });
    expect('email' in body.user).toBe(false);
    expect(ids(body.videos)).toEqual([videos.myNew.id, videos.myOld.id]);
    expect(ids(body.likedVideos)).toEqual([videos.myOld.id, videos.theirPublic.id]);
  });

  it('shows another user the same as a visitor: no e-mail, no private videos', async () => {
    const { me, otherCookie, videos } = await world();
    const body = (await getProfile(me.id, otherCookie)).json<ProfileBody>();
    expect(body.user).toEqual({ _id: me.id, username: 'Me_Myself', subscriberCount: 0, subscribed: false });
    expect(ids(body.videos)).toEqual([videos.myNew.id, videos.myOld.id]);
    // The other user owns theirPrivate, so it shows to them in my liked list; my private one does not.
    expect(ids(body.likedVideos)).toEqual([videos.myOld.id, videos.theirPrivate.id, videos.theirPublic.id]);
  });

  it('shows the owner their e-mail, their private uploads and their own private liked videos, never someone else’s', async () => {
    const { me, meCookie, videos } = await world();
    const body = (await getProfile(me.id, meCookie)).json<ProfileBody>();
    expect(body.user).toEqual({ _id: me.id, username: 'Me_Myself', email: me.email, subscriberCount: 0, subscribed: false });
    expect(ids(body.videos)).toEqual([videos.myNew.id, videos.myPrivate.id, videos.myOld.id]);
    expect(ids(body.likedVideos)).toEqual([videos.myOld.id, videos.myPrivate.id, videos.theirPublic.id]);
  });

  it('answers videos in the SelfieVideo wire shape, with each owner’s username', async () => {
    const { me, other, videos } = await world();
    const body = (await getProfile(me.id)).json<ProfileBody>();
    expect(body.videos[0]).toEqual({
      _id: videos.myNew.id,
      movieId: videos.myNew.video_key,
      title: videos.myNew.title,
      description: '',
      visibility: 'public',
      views: 0,
      cdnUrl: `/media/${videos.myNew.video_key}`,
      thumbnailCdnUrl: `/media/${videos.myNew.thumbnail_key}`,
      user: me.id,
      username: 'Me_Myself',
      createdAt: at(3),
      updatedAt: at(3),
      ...READY_WITHOUT_RENDITIONS,
    });
    const liked = body.likedVideos.find((video) => video._id === videos.theirPublic.id);
    expect(liked).toMatchObject({ user: other.id, username: 'someone-else' });
  });

  it('gives an owner without an e-mail address (wallet account) email: null', async () => {
    const walletUser = await createTestUser(app, { email: null, wallet_address: '0x' + 'ab'.repeat(20) });
    const body = (await getProfile(walletUser.id, await sessionCookieFor(app, walletUser.id))).json<ProfileBody>();
    expect(body.user).toEqual({ _id: walletUser.id, username: walletUser.username, email: null, subscriberCount: 0, subscribed: false });
  });

  it('answers 404 "User not found." for an unknown user, in Chinese when asked', async () => {
    const res = await getProfile('0123456789abcdef01234567');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(USER_NOT_FOUND);
    expect((await getProfile('x'.repeat(90))).json()).toEqual(USER_NOT_FOUND);
    const zh = await getProfile('nobody', undefined, 'zh-CN');
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ success: false, message: '未找到该用户。' });
  });
});

describe('PATCH /users/profile', () => {
  let me: UserRow;
  let meCookie: string;

  beforeEach(async () => {
    me = await createTestUser(app, { username: 'original' });
    meCookie = await sessionCookieFor(app, me.id);
  });

  async function storedUsername(userId: string): Promise<string> {
    const row = await app.db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.username;
  }

  it('asks a visitor to log in (401)', async () => {
    const res = await patchProfile({ username: 'newname' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_REQUIRED);
  });

  it('changes only the signed-in user’s own username, trimmed, and answers the public user', async () => {
    const other = await createTestUser(app, { username: 'bystander' });
    const res = await patchProfile({ username: '  new.name_1-x  ' }, meCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Profile updated successfully!',
      user: { _id: me.id, username: 'new.name_1-x', email: me.email, verified: true, walletAddress: null, role: 'user' },
    });
    expect(await storedUsername(me.id)).toBe('new.name_1-x');
    expect(await storedUsername(other.id)).toBe('bystander');
    expect((await getProfile(me.id)).json<ProfileBody>().user.username).toBe('new.name_1-x');
  });

  it('refuses a username another user has, in any letter case (409)', async () => {
    await createTestUser(app, { username: 'Alice' });
    for (const username of ['Alice', 'alice', 'ALICE', ' aLiCe ']) {
      const res = await patchProfile({ username }, meCookie);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(TAKEN);
    }
    expect(await storedUsername(me.id)).toBe('original');
    const zh = await patchProfile({ username: 'alice' }, meCookie, 'zh');
    expect(zh.json()).toEqual({ success: false, message: '该用户名已被占用。' });
  });

  it('lets a user keep their name or change its letter case', async () => {
    expect((await patchProfile({ username: 'original' }, meCookie)).statusCode).toBe(200);
    const res = await patchProfile({ username: 'Original' }, meCookie);
    expect(res.statusCode).toBe(200);
    expect(await storedUsername(me.id)).toBe('Original');
  });

  it('takes 3 to 30 characters, counted after trimming', async () => {
    for (const username of ['abc', 'a'.repeat(30), '张小明', '  xyz  ']) {
      expect((await patchProfile({ username }, meCookie)).statusCode).toBe(200);
    }
    for (const username of ['ab', '  ab  ', 'a'.repeat(31), '张小', 'x'.repeat(500)]) {
      const res = await patchProfile({ username }, meCookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_LENGTH);
    }
  });

  it('takes ASCII letters, digits, ".", "_", "-" and CJK letters; refuses the rest', async () => {
    for (const username of ['张小明', 'ユーザー', '김철수', '佐々木', 'mix_名前-1', 'a.b']) {
      const res = await patchProfile({ username }, meCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ user: { username: string } }>().user.username).toBe(username);
    }
    const refused = ['with space', 'at@sign', 'emoji😀', 'Émile', 'аlice' /* Cyrillic а */, 'tab\tname', '...', '-_-', 'ーーー', 'ab\u3164c'];
    for (const username of refused) {
      const res = await patchProfile({ username }, meCookie);
      expect({ username, status: res.statusCode }).toEqual({ username, status: 400 });
      expect(res.json()).toEqual(BAD_CHARACTERS);
    }
  });

  it('requires a username', async () => {
    for (const payload of [{}, { username: '' }, { username: '   ' }]) {
      const res = await patchProfile(payload, meCookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Username is required.' });
    }
    const zh = await patchProfile({ username: '' }, meCookie, 'zh');
    expect(zh.json()).toEqual({ success: false, message: '请输入用户名。' });
  });

  it('never changes the e-mail address: the field is refused (400)', async () => {
    const res = await patchProfile({ username: 'newname', email: 'evil@example.com' }, meCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Your email address cannot be changed.' });
    const row = await app.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: me.email, username: 'original' });

    const other = await patchProfile({ username: 'newname', verified: false }, meCookie);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ success: false, message: 'verified is not an accepted field.' });
    const zh = await patchProfile({ username: 'newname', verified: false }, meCookie, 'zh');
    expect(zh.json()).toEqual({ success: false, message: '请求无效。' });
  });

  it('answers in Chinese when asked', async () => {
    const res = await patchProfile({ username: '新名字abc' }, meCookie, 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(res.json<{ message: string }>().message).toBe('个人资料更新成功！');
    const short = await patchProfile({ username: 'ab' }, meCookie, 'zh');
    expect(short.json()).toEqual({ success: false, message: '用户名长度须在 3 到 30 个字符之间。' });
  });

  it(`limits username changes to ${PROFILE_LIMITS.updatesPerUser.max} per window (429), not counting invalid requests`, async () => {
    for (let i = 0; i < 5; i += 1) expect((await patchProfile({ username: 'x' }, meCookie)).statusCode).toBe(400);
    for (let i = 0; i < PROFILE_LIMITS.updatesPerUser.max; i += 1) {
      expect((await patchProfile({ username: `name${i}` }, meCookie)).statusCode).toBe(200);
    }
    const limited = await patchProfile({ username: 'onemore' }, meCookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, message: 'You are changing your profile too often. Please try again later.' });
  });
});

describe('checkUsername', () => {
  it('normalizes to NFC before checking', () => {
    // "が" written as か + combining voiced mark composes to one letter.
    expect(checkUsername('か\u3099かか')).toEqual({ username: 'がかか' });
  });

  it('names the problem', () => {
    expect(checkUsername(' ')).toEqual({ problem: 'required' });
    expect(checkUsername('ab')).toEqual({ problem: 'length' });
    expect(checkUsername('a b')).toEqual({ problem: 'characters' });
  });
});
