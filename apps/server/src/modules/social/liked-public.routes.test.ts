import { ZUserProfileResponse, ZWorkListResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let author: TWho;
let other: TWho;

async function who(): Promise<TWho> {
  const user = await createUser(t.db);
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}

beforeAll(async () => {
  t = await createTestApp();
  author = await who();
  other = await who();
});

afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'PUT',
  url: string,
  as?: TWho,
  extra: { 'content-language'?: string } = {},
) => t.app.inject({ method, url: `/api/v1${url}`, headers: { ...(as?.headers ?? {}), ...extra } });

const profile = { nickname: 'Liker', gender: 'confidential', birthday: '1990-01-01' };
const saveProfile = (as: TWho, likesPublic?: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/user/updateInfo',
    headers: as.headers,
    payload: likesPublic === undefined ? profile : { ...profile, likesPublic },
  });

// SPEC 2 profile tabs (works, collections, liked); ADR 0019: another maker's likes only when public.
describe('another maker’s liked works (GET /works/like?uid=)', () => {
  it('keeps likes private by default, with a message saying so in en and zh', async () => {
    const liker = await who();
    const work = await createWork(t.db, { userId: author.id });
    await call('PUT', `/works/like/${work.id}`, liker);
    expect((await call('GET', '/user/getinfo', liker)).json().data.likesPublic).toBe(false);
    const header = ZUserProfileResponse.parse(
      (await call('GET', `/user/profile/${liker.id}`, other)).json(),
    );
    expect(header.data.likesPublic).toBe(false);

    for (const as of [other, undefined]) {
      const refused = await call('GET', `/works/like?uid=${liker.id}`, as);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 403,
        msg: 'This maker keeps the works they liked private.',
      });
    }
    const zh = await call('GET', `/works/like?uid=${liker.id}`, other, {
      'content-language': 'zh',
    });
    expect(zh.json().msg).toBe('这位创作者没有公开喜欢的作品。');
    // The owner still sees their own, with or without their uid.
    expect((await call('GET', '/works/like', liker)).json().total).toBe(1);
    expect((await call('GET', `/works/like?uid=${liker.id}`, liker)).json().total).toBe(1);
  });

  it('lists them to makers and visitors once made public, with each viewer’s is_like, and hides them again', async () => {
    const liker = await who();
    const [first, second] = [
      await createWork(t.db, { userId: author.id }),
      await createWork(t.db, { userId: author.id }),
    ];
    if (!first || !second) throw new Error('no works');
    await call('PUT', `/works/like/${first.id}`, liker);
    await call('PUT', `/works/like/${second.id}`, liker);
    await call('PUT', `/works/like/${first.id}`, other);

    const opened = await saveProfile(liker, true);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.likesPublic).toBe(true);
    expect((await call('GET', `/user/profile/${liker.id}`)).json().data.likesPublic).toBe(true);

    const seen = ZWorkListResponse.parse(
      (await call('GET', `/works/like?uid=${liker.id}&page=1&pageSize=10`, other)).json(),
    );
    expect(seen.total).toBe(2);
    // Latest like first; is_like is the viewer's, not the liker's.
    expect(seen.data.map((w) => [w.id, w.is_like])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
    const byVisitor = (await call('GET', `/works/like?uid=${liker.id}`)).json();
    expect(byVisitor).toMatchObject({ code: 200, total: 2 });

    // A profile save without the field keeps the setting; false hides the list again.
    expect((await saveProfile(liker)).json().data.likesPublic).toBe(true);
    expect((await saveProfile(liker, false)).json().data.likesPublic).toBe(false);
    expect((await call('GET', `/works/like?uid=${liker.id}`, other)).statusCode).toBe(403);
  });

  it('asks a visitor without uid to log in, and answers 404 for no such user', async () => {
    expect((await call('GET', '/works/like')).statusCode).toBe(401);
    expect((await call('GET', '/works/like?uid=987654', other)).statusCode).toBe(404);
  });

  it('refuses a setting that is not a boolean', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/updateInfo',
      headers: other.headers,
      payload: { ...profile, likesPublic: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });
});
