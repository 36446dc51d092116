import { ZWorkListResponse } from '@layerline/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCategories, works } from '../../db/schema';
import { createCategory, createUser, createWork } from '../../test/factories';
import { dropWritten, workTags } from '../../test/kept-answers';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
const MINUTE = 60_000;
const ids: Record<string, number> = {};
/** The published works' rows, for the tags of what a test writes to them. */
const rows = new Map<string, { id: number; userId: number }>();
const tagsOf = (key: string) => workTags(rows.get(key) ?? { id: 0, userId: 0 });

/** Published `minutesAgo` minutes ago, so the newest-first order is known. */
async function published(key: string, minutesAgo: number, extra: object = {}) {
  const work = await createWork(t.db, {
    title: key,
    publishedAt: new Date(Date.now() - minutesAgo * MINUTE),
    ...extra,
  });
  ids[key] = work.id;
  rows.set(key, work);
  return work;
}

async function home(query: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/works/home${query}`, headers });
  return { res, body: res.statusCode === 200 ? ZWorkListResponse.parse(res.json()) : undefined };
}

const titles = (body?: { data: { title: string }[] }) => body?.data.map((card) => card.title);

beforeAll(async () => {
  t = await createTestApp();
  const parent = await createCategory(t.db, { nameEn: 'Laser' });
  const child = await createCategory(t.db, { parentId: parent.id, nameEn: 'Coasters' });
  const other = await createCategory(t.db, { nameEn: 'UV' });
  ids.parent = parent.id;
  ids.child = child.id;
  ids.other = other.id;
  const maker = await createUser(t.db, { nickname: 'maker@example.test' });
  await published('w1', 50, { userId: maker.id, likeCount: 3, downloadCount: 9 });
  await published('w2', 40, { likeCount: 7, downloadCount: 1 });
  await published('w3', 30, { likeCount: 5, downloadCount: 5 });
  await published('w4', 20);
  await published('w5', 10);
  await createWork(t.db, { title: 'in review', status: 'in_review' });
  await createWork(t.db, { title: 'rejected', status: 'rejected' });
  await createWork(t.db, { title: 'deleted', deletedAt: new Date() });
  await t.db.insert(workCategories).values([
    { workId: ids.w1 ?? 0, categoryId: child.id },
    // In the parent and its child: listed (and counted) once under the parent.
    { workId: ids.w2 ?? 0, categoryId: parent.id },
    { workId: ids.w2 ?? 0, categoryId: child.id },
    { workId: ids.w3 ?? 0, categoryId: other.id },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/works/home: the feed', () => {
  it('lists published works newest first with the total', async () => {
    const { res, body } = await home('');
    expect(res.statusCode).toBe(200);
    expect(titles(body)).toEqual(['w5', 'w4', 'w3', 'w2', 'w1']);
    expect(body?.total).toBe(5);
    expect(body?.msg).toBe('success');
  });

  it('pages: a full page, the last page, a page past the end', async () => {
    expect(titles((await home('?page=1&pageSize=2')).body)).toEqual(['w5', 'w4']);
    const last = (await home('?page=3&pageSize=2')).body;
    expect(titles(last)).toEqual(['w1']);
    expect(last?.total).toBe(5);
    const past = (await home('?page=4&pageSize=2')).body;
    expect(past?.data).toEqual([]);
    expect(past?.total).toBe(5);
  });

  it('refuses page sizes over 100 and pages below 1', async () => {
    expect((await home('?pageSize=101')).res.statusCode).toBe(400);
    expect((await home('?page=0')).res.statusCode).toBe(400);
    expect((await home('?pageSize=100')).res.statusCode).toBe(200);
  });

  it('sends cards with author and counts, never an e-mail address', async () => {
    const card = (await home('?pageSize=100')).body?.data.find((c) => c.title === 'w1');
    expect(card).toMatchObject({ nickname: 'maker', like: 3, download_count: 9, is_like: false });
  });

  it('orders by likes or downloads on request', async () => {
    expect(titles((await home('?sort=likes&pageSize=3')).body)).toEqual(['w2', 'w3', 'w1']);
    expect(titles((await home('?sort=downloads&pageSize=3')).body)).toEqual(['w1', 'w3', 'w2']);
    expect((await home('?sort=random')).res.statusCode).toBe(400);
  });

  it('counts a newly published or deleted work at once (the cached total follows the data)', async () => {
    expect((await home('')).body?.total).toBe(5);
    // Written past the API: their drops go with them (ADR 0044); the totals follow the feed version.
    const extra = await createWork(t.db, { title: 'w6' });
    await dropWritten(t, workTags(extra));
    expect((await home('')).body?.total).toBe(6);
    await t.db.update(works).set({ deletedAt: new Date() }).where(eq(works.id, extra.id));
    await dropWritten(t, workTags(extra));
    expect((await home('')).body?.total).toBe(5);
  });
});

describe('GET /api/v1/works/home?category=', () => {
  it('covers the parent’s whole subtree, each work once', async () => {
    const { body } = await home(`?category=${ids.parent}`);
    expect(titles(body)).toEqual(['w2', 'w1']);
    expect(body?.total).toBe(2);
  });

  it('lists a child category’s own works', async () => {
    expect(titles((await home(`?category=${ids.child}`)).body)).toEqual(['w2', 'w1']);
    const other = (await home(`?category=${ids.other}`)).body;
    expect(titles(other)).toEqual(['w3']);
    expect(other?.total).toBe(1);
  });

  it('answers an empty list for an unknown category', async () => {
    const { body } = await home('?category=999999');
    expect(body?.data).toEqual([]);
    expect(body?.total).toBe(0);
  });

  it('follows category changes at once', async () => {
    expect((await home(`?category=${ids.parent}`)).body?.total).toBe(2);
    const link = { workId: ids.w4 ?? 0, categoryId: ids.child ?? 0 };
    const w4 = tagsOf('w4');
    await t.db.insert(workCategories).values(link);
    await dropWritten(t, w4);
    expect((await home(`?category=${ids.parent}`)).body?.total).toBe(3);
    await t.db
      .delete(workCategories)
      .where(
        and(eq(workCategories.workId, link.workId), eq(workCategories.categoryId, link.categoryId)),
      );
    await dropWritten(t, w4);
    expect((await home(`?category=${ids.parent}`)).body?.total).toBe(2);
  });

  it('drops a work from its categories when it is hidden, and brings it back', async () => {
    const id = ids.w1 ?? 0;
    const w1 = tagsOf('w1');
    await t.db.update(works).set({ status: 'in_review' }).where(eq(works.id, id));
    await dropWritten(t, w1);
    expect(titles((await home(`?category=${ids.parent}`)).body)).toEqual(['w2']);
    expect((await home(`?category=${ids.child}`)).body?.total).toBe(1);
    await t.db.update(works).set({ status: 'published' }).where(eq(works.id, id));
    await dropWritten(t, w1);
    expect(titles((await home(`?category=${ids.parent}`)).body)).toEqual(['w2', 'w1']);
  });

  it('orders a category by likes on request', async () => {
    expect(titles((await home(`?category=${ids.parent}&sort=likes`)).body)).toEqual(['w2', 'w1']);
    expect(titles((await home(`?category=${ids.parent}&sort=downloads`)).body)).toEqual([
      'w1',
      'w2',
    ]);
  });

  it('pages inside a category', async () => {
    const { body } = await home(`?category=${ids.parent}&page=2&pageSize=1`);
    expect(titles(body)).toEqual(['w1']);
    expect(body?.total).toBe(2);
  });
});

describe('GET /api/v1/works/home?query= validation', () => {
  it('refuses search text over 100 characters with the SPEC 5 message', async () => {
    const long = encodeURIComponent('a'.repeat(101));
    const en = await home(`?query=${long}`);
    expect(en.res.statusCode).toBe(400);
    expect(en.res.json()).toMatchObject({
      code: 400,
      msg: 'The search text cannot exceed 100 characters',
    });
    const zh = await home(`?query=${long}`, { 'content-language': 'zh' });
    expect(zh.res.json().msg).toBe('搜索内容不能超过 100 个字符');
    expect((await home(`?query=${'a'.repeat(100)}`)).res.statusCode).toBe(200);
  });

  it('treats blank text as no search', async () => {
    const { body } = await home('?query=%20%20');
    expect(body?.total).toBe(5);
  });
});
