import type { TLiveEvent } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { openSse, withTicket } from '../../test/sse-client';
import { createTestApp, type TTestApp } from '../../test/test-app';

type TWho = { id: number; token: string; headers: { authorization: string } };

async function who(t: TTestApp): Promise<TWho> {
  const user = await createUser(t.db);
  const session = await signIn(t, user.id);
  return { id: user.id, token: session.access_token, headers: session.headers };
}

async function listen(t: TTestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `${address}/api/v1/notify/stream`;
}

describe('GET /notify/stream (Server-Sent Events, in-process)', () => {
  let t: TTestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t);
  });

  afterAll(async () => {
    await t.close();
  });

  it('sends the counts on connecting, then each new notification', async () => {
    const maker = await who(t);
    const fan = await who(t);
    const stream = await openSse<TLiveEvent>(await withTicket(url, maker.token));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      const first = await stream.next();
      expect(first).toEqual({ kind: null, unread: expect.objectContaining({ total: 0 }) });

      const followed = stream.next((event) => event.kind === 'follow');
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/follow/user/${maker.id}`,
        headers: fan.headers,
      });
      expect((await followed).unread).toMatchObject({ follow: 1, total: 1 });

      const work = await createWork(t.db, { userId: maker.id });
      const liked = stream.next((event) => event.kind === 'liked');
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/works/like/${work.id}`,
        headers: fan.headers,
      });
      expect((await liked).unread).toMatchObject({ liked: 1, follow: 1, total: 2 });

      // Unlike and mark-read push the lower counts too.
      const unliked = stream.next((event) => event.kind === 'liked' && event.unread.liked === 0);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/works/like/${work.id}`,
        headers: fan.headers,
      });
      await unliked;
      const read = stream.next((event) => event.kind === null);
      await t.app.inject({
        method: 'PUT',
        url: '/api/v1/notify/read',
        headers: maker.headers,
        payload: { kind: 'all' },
      });
      expect((await read).unread.total).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('accepts the Authorization header and refuses a missing or bad token (401)', async () => {
    const user = await who(t);
    const viaHeader = await openSse<TLiveEvent>(url, user.headers);
    expect(viaHeader.status).toBe(200);
    await viaHeader.next();
    viaHeader.close();
    for (const target of [url, `${url}?ticket=not-a-ticket`]) {
      const refused = await openSse(target);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 401 });
    }
  });

  it('opens with a ticket once, never with the access token in the URL (ADR 0074)', async () => {
    const user = await who(t);
    const ticketed = await withTicket(url, user.token);
    expect(ticketed).not.toContain(user.token);
    const first = await openSse<TLiveEvent>(ticketed);
    expect(first.status).toBe(200);
    await first.next();
    first.close();
    // Used once: the same address again is refused, as is a token in ?token=.
    for (const target of [ticketed, `${url}?token=${user.token}`]) {
      const refused = await openSse(target);
      expect(refused.status).toBe(401);
    }
    // A visitor gets no ticket.
    const visitor = await t.app.inject({ method: 'POST', url: '/api/v1/user/stream_ticket' });
    expect(visitor.statusCode).toBe(401);
  });

  it('keeps a ticketed stream as long as the session and ends it at logout', async () => {
    const user = await who(t);
    const stream = await openSse<TLiveEvent>(await withTicket(url, user.token));
    await stream.next();
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/logout',
      headers: user.headers,
    });
    expect(logout.statusCode).toBe(200);
    const maker = await who(t);
    const work = await createWork(t.db, { userId: user.id });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/works/like/${work.id}`,
      headers: maker.headers,
    });
    await stream.closed;
    expect(stream.events).toHaveLength(1);
  });

  it('sends nothing to other users and keeps working after a stream closes', async () => {
    const a = await who(t);
    const b = await who(t);
    const fan = await who(t);
    const streamA = await openSse<TLiveEvent>(await withTicket(url, a.token));
    const streamB = await openSse<TLiveEvent>(await withTicket(url, b.token));
    await streamA.next();
    await streamB.next();
    streamA.close();
    await streamA.closed;
    const event = streamB.next((e) => e.kind === 'follow');
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/follow/user/${a.id}`,
      headers: fan.headers,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/follow/user/${b.id}`,
      headers: fan.headers,
    });
    expect((await event).unread.follow).toBe(1);
    expect(streamB.events.filter((e) => e.kind === 'follow')).toHaveLength(1);
    streamB.close();
  });

  it('ends open streams when the server closes', async () => {
    const other = await createTestApp();
    const otherUrl = await listen(other);
    const user = await who(other);
    const stream = await openSse<TLiveEvent>(await withTicket(otherUrl, user.token));
    await stream.next();
    await other.close();
    // The stream must end by itself, not be left hanging until the test times out.
    const ended = await Promise.race([
      stream.closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000)),
    ]);
    expect(ended).toBe('closed');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** DESIGN 2: two instances on one database and one Redis reach each other's streams. */
describe.skipIf(!redisUrl)('live events across instances (TEST_REDIS_URL)', () => {
  let a: TTestApp;
  let b: TTestApp;
  let urlB: string;

  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl } });
    b = await createTestApp({ env: { REDIS_URL: redisUrl }, database: a.database });
    urlB = await listen(b);
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('pushes a notification raised on instance A to a stream on instance B', async () => {
    const maker = await who(a);
    const fan = await who(a);
    const stream = await openSse<TLiveEvent>(await withTicket(urlB, maker.token));
    try {
      await stream.next();
      // Other test runs may share the Redis channel: wait for this user's own count.
      const event = stream.next((e) => e.kind === 'follow' && e.unread.follow === 1);
      const reply = await a.app.inject({
        method: 'POST',
        url: `/api/v1/follow/user/${maker.id}`,
        headers: fan.headers,
      });
      expect(reply.statusCode).toBe(200);
      expect((await event).unread).toMatchObject({ follow: 1, total: 1 });
    } finally {
      stream.close();
    }
  });
});

if (!redisUrl) {
  describe('live events across instances', () => {
    it.skip('need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run against a real Redis', () => {});
  });
}
