import { ZModerationListResponse } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appeals, workReviews } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { workFixture } from '../../test/works-fixture';

type TWho = { id: number; headers: Record<string, string> };
let manual: TTestApp;
let auto: TTestApp;

async function who(t: TTestApp, role?: 'moderator' | 'admin'): Promise<TWho> {
  const user = await createUser(t.db, role ? { role } : {});
  return { id: user.id, headers: (await signIn(t, user.id, { role })).headers };
}

beforeAll(async () => {
  manual = await createTestApp({ env: { REVIEW_MODE: 'manual' } });
  auto = await createTestApp();
});

afterAll(async () => {
  await manual.close();
  await auto.close();
});

const call = (
  t: TTestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who?: TWho,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.headers ?? {}, payload });

describe('REVIEW_MODE=manual', () => {
  let owner: TWho;
  let other: TWho;
  let moderator: TWho;
  let fixture: Awaited<ReturnType<typeof workFixture>>;
  let workId: number;

  beforeAll(async () => {
    owner = await who(manual);
    other = await who(manual);
    moderator = await who(manual, 'moderator');
    fixture = await workFixture(manual, owner.id);
  });

  it('keeps a new work in review, seen only by its owner and moderators', async () => {
    const res = await call(manual, 'POST', '/api/v1/works/create', owner, fixture.form());
    expect(res.json().data).toMatchObject({ status: 'in_review', rejection_reason: '' });
    workId = res.json().data.id;
    expect((await call(manual, 'GET', `/api/v1/works/${workId}`, other)).statusCode).toBe(404);
    expect((await call(manual, 'GET', '/api/v1/works')).json().total).toBe(0);
    expect((await call(manual, 'GET', `/api/v1/works/${workId}`, moderator)).statusCode).toBe(200);
  });

  it('lists the queue for moderators only', async () => {
    expect((await call(manual, 'GET', '/api/v1/moderation/works')).statusCode).toBe(401);
    expect((await call(manual, 'GET', '/api/v1/moderation/works', owner)).statusCode).toBe(403);
    const res = await call(manual, 'GET', '/api/v1/moderation/works?status=in_review', moderator);
    const body = ZModerationListResponse.parse(res.json());
    expect(body.total).toBe(1);
    // A moderator reads the summary, which no card carries, and the time of the last change.
    expect(body.data[0]).toMatchObject({
      id: workId,
      status: 'in_review',
      appeal_reason: null,
      summary: 'Keeps cables tidy along the desk edge.',
    });
    expect(Date.parse(body.data[0]?.UpdatedAt ?? '')).toBeGreaterThan(0);
  });

  it('publishes on approval, and sends an edited work back to review', async () => {
    const approve = await call(
      manual,
      'POST',
      `/api/v1/moderation/works/${workId}/approve`,
      moderator,
    );
    expect(approve.json()).toMatchObject({ code: 200, data: { id: workId, status: 'published' } });
    expect((await call(manual, 'GET', `/api/v1/works/${workId}`, other)).statusCode).toBe(200);
    expect((await call(manual, 'GET', '/api/v1/works')).json().total).toBe(1);

    const edit = await call(manual, 'PUT', '/api/v1/works/update', owner, {
      ...fixture.form({ title: 'Cable clip v2' }),
      id: workId,
    });
    expect(edit.json().data).toMatchObject({ status: 'in_review', title: 'Cable clip v2' });
    expect((await call(manual, 'GET', `/api/v1/works/${workId}`, other)).statusCode).toBe(404);
  });

  it('rejects with a reason the owner sees; the reason is required', async () => {
    const url = `/api/v1/moderation/works/${workId}/reject`;
    const empty = await call(manual, 'POST', url, moderator, { reason: '  ' });
    expect(empty.json()).toMatchObject({
      code: 400,
      msg: 'Please enter the reason for the rejection',
    });
    const res = await call(manual, 'POST', url, moderator, { reason: 'Cover shows a logo' });
    expect(res.json().data).toEqual({
      id: workId,
      status: 'rejected',
      rejection_reason: 'Cover shows a logo',
    });
    const own = await call(manual, 'GET', `/api/v1/works/${workId}`, owner);
    expect(own.json().data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Cover shows a logo',
    });
    expect((await call(manual, 'GET', `/api/v1/works/${workId}`, other)).statusCode).toBe(404);
    const reviews = await manual.db
      .select()
      .from(workReviews)
      .where(eq(workReviews.workId, workId));
    expect(reviews.map((r) => [r.decision, r.reviewerId])).toEqual([
      ['approved', moderator.id],
      ['rejected', moderator.id],
    ]);
    expect(
      (await call(manual, 'POST', '/api/v1/moderation/works/999999/approve', moderator)).statusCode,
    ).toBe(404);
  });

  it('takes an appeal from the owner only, with a reason, and puts the work back in review', async () => {
    const url = '/api/v1/work/appeal/submit';
    const byOther = await call(manual, 'POST', url, other, {
      work_id: workId,
      appeal_reason: 'Mine!',
    });
    // DESIGN 3: another user's rejected work is hidden from them, so it answers as missing.
    expect(byOther.statusCode).toBe(404);
    const visitor = await call(manual, 'POST', url, undefined, {
      work_id: workId,
      appeal_reason: 'x',
    });
    expect(visitor.statusCode).toBe(401);
    for (const appeal_reason of ['', '   ']) {
      const res = await call(manual, 'POST', url, owner, { work_id: workId, appeal_reason });
      expect(res.json()).toMatchObject({
        code: 400,
        msg: 'Please enter the reason for the appeal',
      });
    }
    const missing = await call(manual, 'POST', url, owner, { work_id: 999999, appeal_reason: 'x' });
    expect(missing.statusCode).toBe(404);

    const res = await call(manual, 'POST', url, owner, {
      work_id: workId,
      appeal_reason: 'The logo is my own brand.',
    });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { work_id: workId, status: 'open', work_status: 'in_review' },
    });
    const own = await call(manual, 'GET', `/api/v1/works/${workId}`, owner);
    expect(own.json().data).toMatchObject({ status: 'in_review', rejection_reason: '' });
    const again = await call(manual, 'POST', url, owner, {
      work_id: workId,
      appeal_reason: 'Again',
    });
    expect(again.json()).toMatchObject({
      code: 400,
      msg: 'Only a work that did not pass review can be appealed',
    });

    const queue = ZModerationListResponse.parse(
      (await call(manual, 'GET', '/api/v1/moderation/works', moderator)).json(),
    );
    expect(queue.data[0]).toMatchObject({ id: workId, appeal_reason: 'The logo is my own brand.' });
    await call(manual, 'POST', `/api/v1/moderation/works/${workId}/approve`, moderator);
    const [row] = await manual.db.select().from(appeals).where(eq(appeals.workId, workId));
    expect(row).toMatchObject({
      status: 'accepted',
      resolvedBy: moderator.id,
      rejectionReason: 'Cover shows a logo',
    });
  });

  it("never lets a moderator review their own work, even after an admin's rejection", async () => {
    const admin = await who(manual, 'admin');
    const ownFixture = await workFixture(manual, moderator.id);
    const created = await call(
      manual,
      'POST',
      '/api/v1/works/create',
      moderator,
      ownFixture.form(),
    );
    const ownId = created.json().data.id as number;
    const rejected = await call(manual, 'POST', `/api/v1/moderation/works/${ownId}/reject`, admin, {
      reason: 'Cover shows a logo',
    });
    expect(rejected.json()).toMatchObject({ code: 200, data: { status: 'rejected' } });
    for (const action of ['approve', 'reject'] as const) {
      const res = await manual.app.inject({
        method: 'POST',
        url: `/api/v1/moderation/works/${ownId}/${action}`,
        headers: { ...moderator.headers, 'content-language': 'zh' },
        payload: action === 'reject' ? { reason: 'x' } : undefined,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 403,
        msg: '审核员不能审核自己的作品，将由其他审核员处理',
      });
    }
    const en = await call(manual, 'POST', `/api/v1/moderation/works/${ownId}/approve`, moderator);
    expect(en.json().msg).toBe(
      'Reviewers never review their own works; another moderator will decide',
    );
    const after = await call(manual, 'GET', `/api/v1/works/${ownId}`, moderator);
    expect(after.json().data.status).toBe('rejected');
  });
});

describe('REVIEW_MODE=auto (default)', () => {
  it('publishes after the checks; an edit of a rejected work waits for a moderator', async () => {
    const owner = await who(auto);
    const admin = await who(auto, 'admin');
    const fixture = await workFixture(auto, owner.id);
    const created = await call(auto, 'POST', '/api/v1/works/create', owner, fixture.form());
    const id = created.json().data.id;
    expect(created.json().data.status).toBe('published');
    const edit = () => call(auto, 'PUT', '/api/v1/works/update', owner, { ...fixture.form(), id });
    expect((await edit()).json().data.status).toBe('published');
    await call(auto, 'POST', `/api/v1/moderation/works/${id}/reject`, admin, { reason: 'Spam' });
    expect((await edit()).json().data).toMatchObject({ status: 'in_review', rejection_reason: '' });
  });
});
