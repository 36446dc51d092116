import type { TReportItemKind } from '@layerline/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/**
 * ADR 0014: deleting a work, post or comment closes its open reports in the
 * deletion's transaction (resolved, by whoever deleted it), whoever deletes
 * it: the author, a moderator through the public routes or the console.
 */
let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let author: TWho;
let reporter: TWho;
let reporter2: TWho;
let moderator: TWho;

async function who(role?: 'moderator'): Promise<TWho> {
  const user = await createUser(t.db, role ? { role } : {});
  return { id: user.id, headers: (await signIn(t, user.id, { role })).headers };
}

const call = (method: 'POST' | 'DELETE', url: string, as: TWho, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: as.headers, payload });

async function report(as: TWho, kind: TReportItemKind, id: number): Promise<number> {
  const res = await call('POST', '/report', as, { kind, id, reason: 'spam' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

async function stateOf(id: number) {
  const [row] = await t.db.select().from(reports).where(eq(reports.id, id));
  return { status: row?.status, by: row?.resolvedBy, at: row?.resolvedAt instanceof Date };
}

async function openOf(kind: TReportItemKind, itemId: number) {
  return t.db
    .select()
    .from(reports)
    .where(and(eq(reports.itemKind, kind), eq(reports.itemId, itemId), eq(reports.status, 'open')));
}

async function comment(as: TWho, on: { work_id: number } | { post_id: number }, pre?: number) {
  const url = 'work_id' in on ? '/comment/put_comment' : '/community/comment/put_comment';
  const res = await call('POST', url, as, {
    ...on,
    content: `Comment ${Math.random()}`,
    ...(pre === undefined ? {} : { pre_next: pre }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.ID as number;
}

beforeAll(async () => {
  t = await createTestApp();
  author = await who();
  reporter = await who();
  reporter2 = await who();
  moderator = await who('moderator');
});

afterAll(async () => {
  await t.close();
});

describe('deleting an item closes its open reports', () => {
  it("closes a work's reports when its owner deletes it, and no other item's", async () => {
    const work = await createWork(t.db, { userId: author.id });
    const other = await createWork(t.db, { userId: author.id });
    const first = await report(reporter, 'work', work.id);
    const second = await report(reporter2, 'work', work.id);
    const kept = await report(reporter, 'work', other.id);
    const res = await call('DELETE', `/works/${work.id}`, author);
    expect(res.statusCode, res.body).toBe(200);
    for (const id of [first, second]) {
      expect(await stateOf(id)).toEqual({ status: 'resolved', by: author.id, at: true });
    }
    expect((await stateOf(kept)).status).toBe('open');
  });

  it('keeps the reports open when the deletion is refused', async () => {
    const work = await createWork(t.db, { userId: author.id });
    const id = await report(reporter, 'work', work.id);
    expect((await call('DELETE', `/works/${work.id}`, reporter)).statusCode).toBe(403);
    expect((await stateOf(id)).status).toBe('open');
  });

  it("closes a post's reports and its comments' when a moderator deletes it in the console", async () => {
    const post = await createPost(t.db, { userId: author.id });
    const onPost = await comment(reporter2, { post_id: post.id });
    const reply = await comment(author, { post_id: post.id }, onPost);
    const postReport = await report(reporter, 'post', post.id);
    const commentReport = await report(reporter, 'comment', onPost);
    const replyReport = await report(reporter2, 'comment', reply);
    const res = await call('DELETE', `/admin/posts/${post.id}?reason=spam`, moderator);
    expect(res.statusCode, res.body).toBe(200);
    for (const id of [postReport, commentReport, replyReport]) {
      expect(await stateOf(id)).toEqual({ status: 'resolved', by: moderator.id, at: true });
    }
  });

  it('closes the reports of a comment and the replies that go with it', async () => {
    const work = await createWork(t.db, { userId: author.id });
    const top = await comment(author, { work_id: work.id });
    const reply = await comment(reporter2, { work_id: work.id }, top);
    const sibling = await comment(reporter2, { work_id: work.id });
    await report(reporter, 'comment', top);
    await report(reporter, 'comment', reply);
    const kept = await report(reporter, 'comment', sibling);
    const res = await call('DELETE', `/comment/delete/${top}`, author);
    expect(res.statusCode, res.body).toBe(200);
    expect(await openOf('comment', top)).toEqual([]);
    expect(await openOf('comment', reply)).toEqual([]);
    expect((await stateOf(kept)).status).toBe('open');

    // A moderator deleting another's comment through the public route closes it too.
    await call('DELETE', `/comment/delete/${sibling}`, moderator);
    expect(await stateOf(kept)).toEqual({ status: 'resolved', by: moderator.id, at: true });
  });

  it("closes a post comment's reports when its author deletes it", async () => {
    const post = await createPost(t.db, { userId: author.id });
    const top = await comment(reporter2, { post_id: post.id });
    const before = await report(reporter, 'comment', top);
    await call('DELETE', `/community/comment/delete/${top}`, reporter2);
    expect((await stateOf(before)).status).toBe('resolved');
  });
});
