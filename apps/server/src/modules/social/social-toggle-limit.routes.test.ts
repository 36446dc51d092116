import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
let now = new Date('2026-01-01T00:00:00Z');
const TOGGLES = 6;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    userLimits: { socialToggles: { max: TOGGLES, windowMs: 60_000 } },
  });
});

afterAll(async () => {
  await t.close();
});

describe('like, favourite and follow toggles per minute (ADR 0010)', () => {
  it('refuses toggling beyond the limit with a localised 429, then allows it again', async () => {
    const author = await createUser(t.db);
    const fan = await createUser(t.db);
    const { headers } = await signIn(t, fan.id);
    const work = await createWork(t.db, { userId: author.id });
    const toggle = (i: number, language = 'en') =>
      t.app.inject({
        method: i % 2 === 0 ? 'PUT' : 'DELETE',
        url: `/api/v1/works/like/${work.id}`,
        headers: { ...headers, 'content-language': language },
      });
    for (let i = 0; i < TOGGLES; i += 1) expect((await toggle(i)).statusCode).toBe(200);
    const refused = await toggle(TOGGLES);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 429,
      msg: 'Too many requests, please try again later.',
    });
    const zh = await toggle(TOGGLES, 'zh');
    expect(zh.json()).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后再试。' });
    // Follows share the budget: the owner is not flooded another way.
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/v1/follow/user/${author.id}`,
      headers,
    });
    expect(follow.statusCode).toBe(429);
    const notices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, author.id));
    expect(notices.length).toBeLessThanOrEqual(1);

    now = new Date(now.getTime() + 60_000);
    expect((await toggle(0)).statusCode).toBe(200);
  });
});
