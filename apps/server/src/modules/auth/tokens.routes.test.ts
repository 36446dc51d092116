import { Code, ZTokensResponse } from '@layerline/contract';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ok } from '../../http/envelope';
import { authOf, requireAuth, requireRole } from '../../kernel/request-auth';
import { createUserWithPassword, signIn } from '../../test/auth-helpers';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
let now = new Date('2026-03-01T08:00:00Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  t.app.get('/api/test/me', { onRequest: requireAuth }, async (request) => ok(authOf(request)));
  t.app.get('/api/test/public', async (request) => ok(request.auth));
  t.app.get('/api/test/mod', { onRequest: requireRole('moderator') }, async () => ok('mod'));
  t.app.get('/api/test/admin', { onRequest: requireRole('admin') }, async () => ok('admin'));
});

afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(token) });

const refresh = (payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/refresh_token', payload, headers });

async function newSession() {
  const user = await createUserWithPassword(t.db, 'secret123');
  return { user, tokens: await signIn(t, user.id, { clock }) };
}

describe('access tokens and the guard', () => {
  it('puts userId, role and sid on request.auth', async () => {
    const { user, tokens } = await newSession();
    const res = await me(tokens.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ userId: user.id, role: 'user', sid: expect.any(String) });
  });

  it.each([
    ['no header', {}],
    ['no token', { authorization: 'Bearer ' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['junk', { authorization: 'Bearer not.a.jwt' }],
  ])('answers 401 unauthorized for %s', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: 401,
      msg: 'Your login session has expired. Please log in again',
      data: null,
    });
  });

  it('answers 401 after 15 minutes, and for a token signed with another key', async () => {
    const { user, tokens } = await newSession();
    const forged = await new SignJWT({ role: 'admin', sid: '00000000-0000-4000-8000-000000000000' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 600)
      .sign(new TextEncoder().encode('x'.repeat(32)));
    expect((await me(forged)).statusCode).toBe(401);
    advance(14 * 60_000);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    advance(61_000);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/test/me',
      headers: { ...bearer(tokens.access_token), 'content-language': 'zh' },
    });
    expect(expired.json()).toMatchObject({ code: 401, msg: '您的登录已过期，请重新登录' });
  });

  it('remembers a verified token by its whole text: a copy with another signature is refused', async () => {
    const { tokens } = await newSession();
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    const [header, payload, signature = ''] = tokens.access_token.split('.');
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect((await me(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);
    expect((await me(`${header}.${payload}.`)).statusCode).toBe(401);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
  });

  it('leaves public routes open with a bad token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/public',
      headers: bearer('junk'),
    });
    expect(res.json()).toMatchObject({ code: 200, data: null });
  });

  it('checks roles: user < moderator < admin, read fresh from the database', async () => {
    const { user, tokens } = await newSession();
    const call = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: bearer(tokens.access_token) });
    // Written straight to the database: dropped as the console's role change drops it (ADR 0050).
    const setRole = async (role: 'moderator' | 'admin') => {
      await t.db.update(users).set({ role }).where(eq(users.id, user.id));
      await t.app.liveEvents.publish('sessions', { userIds: [user.id] });
    };
    expect((await call('/api/test/mod')).statusCode).toBe(403);
    expect((await call('/api/test/mod')).json()).toMatchObject({
      code: 403,
      msg: 'You have no permission for this operation.',
    });
    await setRole('moderator');
    expect((await call('/api/test/mod')).statusCode).toBe(200);
    expect((await call('/api/test/admin')).statusCode).toBe(403);
    await setRole('admin');
    expect((await call('/api/test/mod')).statusCode).toBe(200);
    expect((await call('/api/test/admin')).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/test/admin' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/v1/user/refresh_token', () => {
  it('rotates: a new pair, from the body or from the Authorization header', async () => {
    const { tokens } = await newSession();
    const first = await refresh({ refresh_token: tokens.refresh_token });
    expect(first.statusCode).toBe(200);
    const pair = ZTokensResponse.parse(first.json()).data;
    expect(pair.refresh_token).not.toBe(tokens.refresh_token);
    expect(pair.access_token).not.toBe(tokens.access_token);
    expect((await me(pair.access_token)).statusCode).toBe(200);

    const second = await refresh(undefined, bearer(pair.refresh_token));
    expect(second.statusCode).toBe(200);
    const third = await refresh({ refresh_token: `Bearer ${second.json().data.refresh_token}` });
    expect(third.statusCode).toBe(200);
  });

  it('keeps the session: the new access token has the same sid', async () => {
    const { tokens } = await newSession();
    const sid = (await me(tokens.access_token)).json().data.sid;
    const pair = (await refresh({ refresh_token: tokens.refresh_token })).json().data;
    expect((await me(pair.access_token)).json().data.sid).toBe(sid);
  });

  it('revokes the whole family when a rotated token comes back', async () => {
    const { tokens } = await newSession();
    const rotated = (await refresh({ refresh_token: tokens.refresh_token })).json().data;
    expect((await me(rotated.access_token)).statusCode).toBe(200);

    const replay = await refresh({ refresh_token: tokens.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe(Code.UNAUTHORIZED);
    // Both the thief's and the owner's tokens of that family are dead at once.
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh({ refresh_token: rotated.refresh_token })).statusCode).toBe(401);
  });

  it('leaves other sessions of the user alone on reuse', async () => {
    const { user, tokens } = await newSession();
    const other = await signIn(t, user.id, { clock });
    await refresh({ refresh_token: tokens.refresh_token });
    await refresh({ refresh_token: tokens.refresh_token });
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('answers 401 for a missing, unknown or expired refresh token', async () => {
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh({})).statusCode).toBe(401);
    expect((await refresh({ refresh_token: 'unknown' })).statusCode).toBe(401);
    const { tokens } = await newSession();
    advance(30 * 24 * 60 * 60_000 + 1000);
    expect((await refresh({ refresh_token: tokens.refresh_token })).statusCode).toBe(401);
  });

  it('stores refresh tokens only as hashes', async () => {
    const { tokens } = await newSession();
    const rows = await t.db.execute(sql`select token_hash from refresh_tokens`);
    expect(JSON.stringify(rows)).not.toContain(tokens.refresh_token);
  });
});

describe('GET /api/v1/user/logout', () => {
  it('ends every session of the user at once', async () => {
    const { user, tokens } = await newSession();
    const other = await signIn(t, user.id, { clock });
    const bystander = await newSession();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/logout',
      headers: bearer(tokens.access_token),
    });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(401);
    expect((await refresh({ refresh_token: other.refresh_token })).statusCode).toBe(401);
    expect((await me(bystander.tokens.access_token)).statusCode).toBe(200);
  });

  it('still ends the sessions when the access token has just expired', async () => {
    const { tokens } = await newSession();
    advance(20 * 60_000);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/logout',
      headers: bearer(tokens.access_token),
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh({ refresh_token: tokens.refresh_token })).statusCode).toBe(401);
  });

  it('answers success without a session (the client always reports success)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/logout' });
    expect(res.json()).toMatchObject({ code: 200 });
  });
});
