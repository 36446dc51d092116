import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiJobs, pointsLedger } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/**
 * The console's words: audit entries name their item (title, nickname, text)
 * and carry a preset rejection's code for the reader's language; ledger rows
 * name what they are about (SPEC 2 moderation console; fields added, none changed).
 */
let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let moderator: TWho;
let owner: TWho;

async function who(overrides: Parameters<typeof createUser>[1] = {}, role?: 'moderator') {
  const row = await createUser(t.db, { ...overrides, ...(role ? { role } : {}) });
  return { id: row.id, headers: (await signIn(t, row.id, { role })).headers };
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...moderator.headers, 'content-language': lang },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  moderator = await who({ nickname: 'Mod Words' }, 'moderator');
  owner = await who({ nickname: 'Named Owner' });
});

afterAll(async () => {
  await t.close();
});

describe('audit entries name their item', () => {
  it('gives a work its title and a preset rejection its code and note', async () => {
    const work = await createWork(t.db, {
      userId: owner.id,
      title: 'Planter with drip tray',
      status: 'in_review',
    });
    await call('POST', `/moderation/works/${work.id}/reject`, {
      preset: 'notOwn',
      reason: 'Credit the original',
    });
    const url = `/admin/audit?item_kind=work&item_id=${work.id}`;
    const [entry] = (await call('GET', url)).json().data;
    expect(entry).toMatchObject({
      action: 'work_reject',
      item: { name: 'Planter with drip tray', work_id: null, post_id: null },
      reason_preset: 'notOwn',
      reason_note: 'Credit the original',
    });
    // The reason text itself is in the reader's language.
    const [zhEntry] = (await call('GET', url, undefined, 'zh')).json().data;
    expect(zhEntry.reason).not.toBe(entry.reason);
    expect(zhEntry.reason).toMatch(/[\u4e00-\u9fff]/);
  });

  it('gives a free-text rejection no preset', async () => {
    const work = await createWork(t.db, { userId: owner.id, status: 'in_review' });
    await call('POST', `/moderation/works/${work.id}/reject`, { reason: 'Blurry photos' });
    const [entry] = (await call('GET', `/admin/audit?item_kind=work&item_id=${work.id}`)).json()
      .data;
    expect(entry).toMatchObject({ reason: 'Blurry photos', reason_preset: null, reason_note: '' });
  });

  it('gives a user their nickname and a post its text', async () => {
    const target = await who({ nickname: 'Suspended Sam' });
    await call('POST', `/admin/users/${target.id}/suspend`, { reason: 'Spam' });
    const [suspended] = (
      await call('GET', `/admin/audit?item_kind=user&item_id=${target.id}`)
    ).json().data;
    expect(suspended).toMatchObject({ action: 'user_suspend', item: { name: 'Suspended Sam' } });

    const post = await createPost(t.db, { userId: owner.id, content: 'A post to remove' });
    await call('DELETE', `/admin/posts/${post.id}?reason=Spam`);
    const [removed] = (await call('GET', `/admin/audit?item_kind=post&item_id=${post.id}`)).json()
      .data;
    // A deleted post is gone: nothing to name.
    expect(removed.action).toBe('post_delete');
    expect(removed.item === null || removed.item.name === 'A post to remove').toBe(true);
  });
});

describe('ledger rows name what they are about', () => {
  it('carries the AI job and its tool, and the task', async () => {
    const maker = await who({ nickname: 'Ledger Maker', points: 10 });
    const [job] = await t.db
      .insert(aiJobs)
      .values({ userId: maker.id, kind: 'remove_background', params: {}, engine: 'x', cost: 2 })
      .returning();
    await t.db.insert(pointsLedger).values([
      {
        userId: maker.id,
        delta: 12,
        reason: 'task',
        refType: 'task',
        refId: 'signin',
        balanceAfter: 12,
      },
      {
        userId: maker.id,
        delta: -2,
        reason: 'ai_charge',
        refType: 'ai_job',
        refId: String(job?.id),
        balanceAfter: 10,
      },
    ]);
    const res = await call('GET', `/admin/users/${maker.id}`);
    expect(res.json().data.points_ledger).toMatchObject([
      {
        reason: 'ai_charge',
        ref_type: 'ai_job',
        ref_id: String(job?.id),
        ai_kind: 'remove_background',
      },
      { reason: 'task', ref_type: 'task', ref_id: 'signin', ai_kind: null },
    ]);
  });
});
