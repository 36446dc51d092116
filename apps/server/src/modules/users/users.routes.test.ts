import { Code, ZUserInfoResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';

let t: TTestApp;
let avatarUrl: string;
const PUBLIC_URL = 'https://makers.example';

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  // Any stored image counts as something our upload endpoint handed out.
  avatarUrl = (
    await t.storage.put(Buffer.from('webp bytes'), { filename: 'a.webp', mime: 'image/webp' })
  ).url;
});

afterAll(async () => {
  await t.close();
});

async function session(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, overrides);
  return { user, ...(await signIn(t, user.id)) };
}

const profile = {
  nickname: '  Layer Lord  ',
  gender: 'female',
  birthday: '1990-05-17',
  bio: 'Prints things.',
};

const update = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/user/updateInfo', headers, payload });

describe('GET /api/v1/user/getinfo', () => {
  it('answers the profile with userName (the e-mail) and nickName/nickname', async () => {
    const { user, headers } = await session({
      nickname: '林工坊',
      tag: 'Laser maker',
      // Above the daily allowance (20), so the day's top-up adds nothing (ADR 0011).
      points: 25,
      birthday: '1988-02-29',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/getinfo', headers });
    expect(res.statusCode).toBe(200);
    expect(ZUserInfoResponse.parse(res.json())).toEqual({
      code: 200,
      msg: 'success',
      data: {
        userId: user.id,
        userName: user.email,
        avatar: '',
        points: 25,
        nickName: '林工坊',
        nickname: '林工坊',
        email: user.email,
        gender: 'confidential',
        birthday: '1988-02-29',
        bio: '',
        role: 'user',
        tag: 'Laser maker',
        favorPublic: false,
        likesPublic: false,
        suspension: null,
      },
    });
  });

  it('answers birthday "" when none is set, and 401 without a session', async () => {
    const { headers } = await session();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/getinfo', headers });
    expect(res.json().data.birthday).toBe('');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/user/getinfo' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/v1/user/updateInfo', () => {
  it('saves the profile (nickname trimmed) and answers it', async () => {
    const { user, headers } = await session();
    await storeUpload(t, user.id, 'avatar', Buffer.from('webp bytes'), 'a.webp', 'image/webp');
    const res = await update(headers, { ...profile, avatar: avatarUrl, userId: user.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      nickname: 'Layer Lord',
      nickName: 'Layer Lord',
      gender: 'female',
      birthday: '1990-05-17',
      bio: 'Prints things.',
      avatar: avatarUrl,
    });
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/user/getinfo', headers });
    expect(info.json().data.avatar).toBe(avatarUrl);
  });

  it('keeps the avatar and bio when they are empty or absent; takes our absolute URL', async () => {
    const { headers } = await session({ avatar: avatarUrl, bio: 'kept' });
    const res = await update(headers, { ...profile, bio: undefined, avatar: '' });
    expect(res.json().data).toMatchObject({ avatar: avatarUrl, bio: 'kept' });
    const absolute = await update(headers, { ...profile, avatar: `${PUBLIC_URL}${avatarUrl}` });
    expect(absolute.json().data.avatar).toBe(avatarUrl);
  });

  it('answers 403 editOwnProfileOnly for another user id (userId or id)', async () => {
    const { user, headers } = await session();
    const other = await createUser(t.db);
    for (const extra of [
      { userId: other.id },
      { id: String(other.id) },
      { userId: `${user.id}0` },
    ]) {
      const res = await update({ ...headers, 'content-language': 'zh' }, { ...profile, ...extra });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: Code.FORBIDDEN, msg: '您只能编辑自己的资料', data: null });
    }
    const en = await update(headers, { ...profile, userId: other.id });
    expect(en.json().msg).toBe('You can only edit your own profile');
    const own = await update(headers, { ...profile, id: String(user.id) });
    expect(own.statusCode).toBe(200);
  });

  it.each([
    ['a 1-character nickname', { nickname: ' a ' }, 'The nickname must be 2 to 30 characters'],
    [
      'a 31-character nickname',
      { nickname: 'x'.repeat(31) },
      'The nickname must be 2 to 30 characters',
    ],
    ['no nickname', { nickname: undefined }, 'The nickname must be 2 to 30 characters'],
    ['an unknown gender', { gender: 'other' }, 'Please choose a gender'],
    ['no birthday', { birthday: undefined }, 'Please enter a valid birthday (YYYY-MM-DD)'],
    [
      'an impossible date',
      { birthday: '1990-02-30' },
      'Please enter a valid birthday (YYYY-MM-DD)',
    ],
    [
      'a date before 1900',
      { birthday: '1899-12-31' },
      'Please enter a valid birthday (YYYY-MM-DD)',
    ],
    ['a future date', { birthday: '2999-01-01' }, 'Please enter a valid birthday (YYYY-MM-DD)'],
    ['another format', { birthday: '17/05/1990' }, 'Please enter a valid birthday (YYYY-MM-DD)'],
    ['a bio over 500 characters', { bio: 'b'.repeat(501) }, 'The bio cannot exceed 500 characters'],
    ['a bio of the wrong type', { bio: 42 }, 'Invalid parameters: bio'],
    [
      'an avatar that was never uploaded',
      { avatar: `/files/ab/ab${'0'.repeat(62)}.png` },
      'The avatar must be an image uploaded here',
    ],
    [
      'an avatar elsewhere',
      { avatar: 'https://elsewhere.example/me.png' },
      'The avatar must be an image uploaded here',
    ],
    [
      'an over-long avatar',
      { avatar: `/files/${'a'.repeat(1000)}` },
      'The avatar must be an image uploaded here',
    ],
  ])('answers 400 for %s', async (_name, change, msg) => {
    const { headers } = await session();
    const res = await update(headers, { ...profile, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg });
  });

  it('refuses a stored file that is not an image as avatar', async () => {
    const pdf = await t.storage.put(Buffer.from('%PDF-1.4'), {
      filename: 'x.pdf',
      mime: 'application/pdf',
    });
    const { headers } = await session();
    const res = await update(headers, { ...profile, avatar: pdf.url });
    expect(res.json().msg).toBe('The avatar must be an image uploaded here');
  });

  // SPEC 7 upload kinds: only the avatar upload re-encodes and size-checks the image.
  it("refuses another user's cover and the user's own design image as avatar (zh and en)", async () => {
    const { user, headers } = await session();
    const other = await createUser(t.db);
    const cover = await storeUpload(
      t,
      other.id,
      'cover',
      Buffer.from('someone else'),
      'c.webp',
      'image/webp',
    );
    const design = await storeUpload(t, user.id, 'design', Buffer.from('3 MiB png'), 'd.png');
    for (const avatar of [cover.url, design.url, `${PUBLIC_URL}${cover.url}`]) {
      const res = await update(headers, { ...profile, avatar });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400,
        msg: 'The avatar must be an image uploaded here',
      });
    }
    const zh = await update(
      { ...headers, 'accept-language': 'zh' },
      { ...profile, avatar: cover.url },
    );
    expect(zh.json().msg).toBe('头像必须是本站上传的图片');
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/user/getinfo', headers });
    expect(info.json().data.avatar).toBe('');
    // The same bytes uploaded as the user's avatar are accepted.
    await storeUpload(t, user.id, 'avatar', Buffer.from('someone else'), 'c.webp', 'image/webp');
    expect((await update(headers, { ...profile, avatar: cover.url })).statusCode).toBe(200);
  });

  it('localises validation messages', async () => {
    const { headers } = await session();
    const res = await update(
      { ...headers, 'content-language': 'zh' },
      { ...profile, nickname: 'x' },
    );
    expect(res.json().msg).toBe('昵称长度为 2 到 30 个字符');
    expect(res.json().data).toEqual([{ field: 'nickname', message: '昵称长度为 2 到 30 个字符' }]);
  });

  it('answers 401 without a session', async () => {
    expect((await update({}, profile)).statusCode).toBe(401);
  });
});
