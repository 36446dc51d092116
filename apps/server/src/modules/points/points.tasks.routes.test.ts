import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';

/**
 * SPEC 1 points tasks "first work published" and "profile completed" are
 * credited by the change that earns them, in its transaction: these tests
 * read the ledger straight from the database and never call the points API
 * (which would also credit them, as the backfill of old data).
 */
const env = {
  POINTS_DAILY_ALLOWANCE: '20',
  POINTS_TASK_FIRST_WORK: '6',
  POINTS_TASK_PROFILE: '4',
};

let auto: TTestApp;
let manual: TTestApp;

beforeAll(async () => {
  auto = await createTestApp({ env });
  manual = await createTestApp({ env: { ...env, REVIEW_MODE: 'manual' } });
});
afterAll(async () => {
  await auto.close();
  await manual.close();
});

type TWho = { id: number; headers: Record<string, string> };
async function who(t: TTestApp, overrides: Parameters<typeof createUser>[1] = {}): Promise<TWho> {
  const user = await createUser(t.db, overrides);
  const role = overrides.role === 'moderator' ? 'moderator' : undefined;
  return { id: user.id, headers: (await signIn(t, user.id, { role })).headers };
}

async function ledgerOf(t: TTestApp, userId: number) {
  const rows = await t.db
    .select({ reason: pointsLedger.reason, refId: pointsLedger.refId, delta: pointsLedger.delta })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(asc(pointsLedger.id));
  return rows.map((row) => `${row.reason}:${row.refId}:${row.delta}`);
}

async function balanceOf(t: TTestApp, userId: number) {
  const [row] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row?.points;
}

async function taskRows(t: TTestApp, userId: number) {
  return t.db
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, 'task')));
}

describe('first work published (SPEC 1 task)', () => {
  it('is credited by the save that publishes it, after the day’s top-up, and once', async () => {
    const maker = await who(auto);
    const fixture = await workFixture(auto, maker.id);
    const publish = () =>
      auto.app.inject({
        method: 'POST',
        url: '/api/v1/works/create',
        headers: maker.headers,
        payload: fixture.form(),
      });
    const first = await publish();
    expect(first.json().data?.status, first.body).toBe('published');
    expect(await ledgerOf(auto, maker.id)).toEqual([
      expect.stringMatching(/^daily_allowance:\d{4}-\d{2}-\d{2}:20$/),
      'task:first_work:6',
    ]);
    expect(await balanceOf(auto, maker.id)).toBe(26);
    expect((await publish()).json().data?.status).toBe('published');
    expect(await taskRows(auto, maker.id)).toHaveLength(1);
    expect(await balanceOf(auto, maker.id)).toBe(26);
  });

  it('waits for a moderator’s approval in manual review, and is credited by it', async () => {
    const maker = await who(manual);
    const moderator = await who(manual, { role: 'moderator' });
    const fixture = await workFixture(manual, maker.id);
    const created = await manual.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers: maker.headers,
      payload: fixture.form(),
    });
    const workId = created.json().data.id as number;
    expect(created.json().data.status).toBe('in_review');
    expect(await ledgerOf(manual, maker.id)).toEqual([]);

    const approve = () =>
      manual.app.inject({
        method: 'POST',
        url: `/api/v1/moderation/works/${workId}/approve`,
        headers: moderator.headers,
      });
    expect((await approve()).json().data?.status).toBe('published');
    expect(await ledgerOf(manual, maker.id)).toEqual([
      expect.stringMatching(/^daily_allowance:\d{4}-\d{2}-\d{2}:20$/),
      'task:first_work:6',
    ]);
    // Approving again (or after an edit sent it back to review) credits nothing more.
    await approve();
    expect(await taskRows(manual, maker.id)).toHaveLength(1);
    expect(await balanceOf(manual, maker.id)).toBe(26);
  });
});

describe('profile completed (SPEC 1 task)', () => {
  it('is credited by the save that completes avatar, nickname and bio, once', async () => {
    const me = await who(auto, { avatar: '', bio: '' });
    const avatar = await storeUpload(
      auto,
      me.id,
      'avatar',
      Buffer.from('avatar bytes'),
      'me.webp',
      'image/webp',
    );
    const save = (payload: object) =>
      auto.app.inject({
        method: 'PUT',
        url: '/api/v1/user/updateInfo',
        headers: me.headers,
        payload: { nickname: 'Ada Maker', gender: 'female', birthday: '1990-05-17', ...payload },
      });
    // No avatar yet: not complete.
    expect((await save({ bio: 'I print lamps.' })).statusCode).toBe(200);
    expect(await ledgerOf(auto, me.id)).toEqual([]);

    expect((await save({ avatar: avatar.url })).statusCode).toBe(200);
    expect(await ledgerOf(auto, me.id)).toEqual([
      expect.stringMatching(/^daily_allowance:/),
      'task:profile:4',
    ]);
    expect(await balanceOf(auto, me.id)).toBe(24);

    expect((await save({ bio: 'I print lamps and vases.' })).statusCode).toBe(200);
    expect(await taskRows(auto, me.id)).toHaveLength(1);
    expect(await balanceOf(auto, me.id)).toBe(24);
  });
});
