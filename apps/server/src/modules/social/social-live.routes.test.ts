import type { TLiveEvent } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { openSse, withTicket } from '../../test/sse-client';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { TOGGLE_SIGNAL_WINDOW_MS } from './toggle-signals';

let t: TTestApp;
let streamUrl: string;

beforeAll(async () => {
  // Room for 50 toggles in a minute, so only the coalescing is measured here.
  t = await createTestApp({ userLimits: { socialToggles: { max: 200, windowMs: 60_000 } } });
  streamUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1/notify/stream`;
});

afterAll(async () => {
  await t.close();
});

describe('live pushes of like, favourite and follow toggles (ADR 0010)', () => {
  it('coalesces 50 like/unlike toggles into a few pushes that end with the last state', async () => {
    const owner = await createUser(t.db);
    const fan = await createUser(t.db);
    const { headers } = await signIn(t, fan.id);
    const work = await createWork(t.db, { userId: owner.id });
    const token = (await signIn(t, owner.id)).access_token;
    const stream = await openSse<TLiveEvent>(await withTicket(streamUrl, token));
    try {
      await stream.next((event) => event.kind === null);
      const started = performance.now();
      for (let i = 0; i < 50; i += 1) {
        const res = await t.app.inject({
          method: i % 2 === 0 ? 'PUT' : 'DELETE',
          url: `/api/v1/works/like/${work.id}`,
          headers,
        });
        expect(res.statusCode).toBe(200);
      }
      // The last window closes, and its push (the final state: not liked) arrives.
      const last = await stream.next(
        (event) => event.kind === 'liked' && event.unread.liked === 0,
        5000,
      );
      await new Promise((resolve) => setTimeout(resolve, TOGGLE_SIGNAL_WINDOW_MS + 300));
      const elapsed = performance.now() - started;
      const liked = stream.events.filter((event) => event.kind === 'liked');
      expect(last.unread.liked).toBe(0);
      expect(liked.at(-1)?.unread.liked).toBe(0);
      // At most one push per window (the first at once, the rest at its end).
      expect(liked.length).toBeLessThanOrEqual(Math.ceil(elapsed / TOGGLE_SIGNAL_WINDOW_MS) + 1);
      expect(liked.length).toBeLessThan(10);
    } finally {
      stream.close();
    }
  });

  it('still pushes the first toggle at once, and each owner and kind separately', async () => {
    const owner = await createUser(t.db);
    const fan = await createUser(t.db);
    const { headers } = await signIn(t, fan.id);
    const work = await createWork(t.db, { userId: owner.id });
    const token = (await signIn(t, owner.id)).access_token;
    const stream = await openSse<TLiveEvent>(await withTicket(streamUrl, token));
    try {
      await stream.next((event) => event.kind === null);
      const started = performance.now();
      const liked = stream.next((event) => event.kind === 'liked');
      await t.app.inject({ method: 'PUT', url: `/api/v1/works/like/${work.id}`, headers });
      expect((await liked).unread.liked).toBe(1);
      const favor = stream.next((event) => event.kind === 'favor');
      await t.app.inject({ method: 'POST', url: `/api/v1/favor/${work.id}`, headers });
      expect((await favor).unread.favor).toBe(1);
      // Neither waited for a window to close.
      expect(performance.now() - started).toBeLessThan(TOGGLE_SIGNAL_WINDOW_MS);
    } finally {
      stream.close();
    }
  });
});
