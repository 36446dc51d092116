import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationActions } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/** Suspensions of 1, 7 or 30 days end by themselves, audited; none: until lifted. */
let t: TTestApp;
const DAY = 24 * 60 * 60_000;
let offset = 0;
const clock = () => new Date(Date.now() + offset);
type TWho = { id: number; headers: { authorization: string } };
let moderator: TWho;

async function who(role?: 'moderator'): Promise<TWho> {
  const user = await createUser(t.db, role ? { role } : {});
  return { id: user.id, headers: (await signIn(t, user.id, { role, clock })).headers };
}

const call = (method: 'GET' | 'POST', url: string, as: TWho, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...as.headers, 'content-language': 'en' },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
  moderator = await who('moderator');
});

afterAll(async () => {
  await t.close();
});

describe('suspension durations', () => {
  it('refuses a duration other than 1, 7 or 30 days', async () => {
    const user = await who();
    const res = await call('POST', `/admin/users/${user.id}/suspend`, moderator, {
      reason: 'Spam',
      days: 3,
    });
    expect(res.statusCode).toBe(400);
  });

  it('keeps a suspension without a duration until it is lifted', async () => {
    const user = await who();
    const res = await call('POST', `/admin/users/${user.id}/suspend`, moderator, {
      reason: 'Spam',
    });
    expect(res.json().data.suspension).toMatchObject({ reason: 'Spam', until: null });
    offset += 40 * DAY;
    moderator = {
      ...moderator,
      headers: (await signIn(t, moderator.id, { role: 'moderator', clock })).headers,
    };
    const later = await call('GET', `/admin/users/${user.id}`, moderator);
    expect(later.json().data.suspension).toMatchObject({ reason: 'Spam', until: null });
  });

  it('ends a 7-day suspension by itself: lifted for the user and the console, and audited', async () => {
    const user = await who();
    const start = clock().getTime();
    const res = await call('POST', `/admin/users/${user.id}/suspend`, moderator, {
      reason: 'Cool down',
      days: 7,
    });
    expect(res.statusCode).toBe(200);
    const until = res.json().data.suspension.until as string;
    expect(Math.abs(new Date(until).getTime() - (start + 7 * DAY))).toBeLessThan(60_000);
    const audit = (
      await call('GET', `/admin/audit?item_kind=user&item_id=${user.id}`, moderator)
    ).json().data;
    expect(audit[0]).toMatchObject({ action: 'user_suspend', detail: { days: 7, until } });
    // The user reads when it ends.
    const info = await call('GET', '/user/getinfo', user);
    expect(info.json().data.suspension).toMatchObject({ reason: 'Cool down', until });

    offset += 8 * DAY;
    const fresh: TWho = { id: user.id, headers: (await signIn(t, user.id, { clock })).headers };
    moderator = {
      ...moderator,
      headers: (await signIn(t, moderator.id, { role: 'moderator', clock })).headers,
    };
    // Read as lifted by the session check before any sweep ran.
    expect((await call('GET', '/user/getinfo', fresh)).json().data.suspension).toBeNull();
    const post = await call('POST', '/community/post', fresh, { content: 'Back again' });
    expect(post.statusCode).not.toBe(403);

    // The console lifts it and writes the lifting, with no actor.
    const detail = await call('GET', `/admin/users/${user.id}`, moderator);
    expect(detail.json().data.suspension).toBeNull();
    const lifted = await t.db
      .select()
      .from(moderationActions)
      .where(
        and(eq(moderationActions.itemId, user.id), eq(moderationActions.action, 'user_unsuspend')),
      );
    expect(lifted).toHaveLength(1);
    expect(lifted[0]).toMatchObject({ actorId: null, detail: { expired: true, until } });
  });
});
