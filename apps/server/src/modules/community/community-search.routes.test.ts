import { message, type TPost, ZPostListResponse } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { POST_DOCUMENT_VERSION, PostDocumentRefresher } from './post-document';

/** GET /community/search: the works' tokenizer on post text and topic (ADR 0013, SPEC 4 Search). */
let t: TTestApp;
const NOW = new Date('2026-11-20T10:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 60 * 60_000);
let authorId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  authorId = (await createUser(t.db)).id;
});

afterAll(async () => {
  await t.close();
});

const make = (content: string, hours: number, topic: string | null = null) =>
  createPost(t.db, {
    userId: authorId,
    content,
    topic,
    createdAt: hoursAgo(hours),
    updatedAt: hoursAgo(hours),
  });

const search = async (query: string, extra = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/community/search?query=${encodeURIComponent(query)}${extra}`,
  });
  expect(res.statusCode).toBe(200);
  return ZPostListResponse.parse(res.json());
};
const contents = (list: TPost[]) => list.map((post) => post.content);

describe('GET /community/search', () => {
  it('finds Chinese words inside unspaced text, and ranks a topic match first', async () => {
    await make('今天烧好了一个手工陶瓷花瓶，釉色很漂亮', 5);
    await make('客厅的新摆件', 1, '花瓶');
    await make('激光雕刻的木头杯垫', 2);
    const found = await search('花瓶');
    expect(contents(found.data)).toEqual([
      '客厅的新摆件',
      '今天烧好了一个手工陶瓷花瓶，釉色很漂亮',
    ]);
    expect(found.total).toBe(2);
    expect(contents((await search('雕刻 杯垫')).data)).toEqual(['激光雕刻的木头杯垫']);
    expect((await search('陶瓷杯')).total).toBe(0);
  });

  it('stems English words both ways: vases finds vase and vase finds vases', async () => {
    await make('Printed three VASES in silk PLA today', 3);
    await make('A vase for my desk', 4);
    await make('Vasectomy jokes are not welcome here', 6);
    const found = contents((await search('vases')).data);
    expect(found.slice(0, 2).sort()).toEqual(
      ['A vase for my desk', 'Printed three VASES in silk PLA today'].sort(),
    );
    // Below them, the Chinese vases through the maker glossary (ADR 0020).
    expect(found.slice(2).sort()).toEqual(
      ['今天烧好了一个手工陶瓷花瓶，釉色很漂亮', '客厅的新摆件'].sort(),
    );
    expect((await search('vase')).total).toBeGreaterThanOrEqual(2);
    expect(contents((await search('printing vases')).data)).toEqual([
      'Printed three VASES in silk PLA today',
    ]);
  });

  it('orders equal matches newest first, pages with the total, and needs no login', async () => {
    for (let i = 0; i < 5; i += 1) await make(`Keychain batch ${i}`, 10 + i);
    const first = await search('keychain', '&pageSize=2');
    expect(first.total).toBe(5);
    expect(contents(first.data)).toEqual(['Keychain batch 0', 'Keychain batch 1']);
    const third = await search('keychain', '&page=3&pageSize=2');
    expect(contents(third.data)).toEqual(['Keychain batch 4']);
    expect((await search('keychain', '&page=4&pageSize=2')).data).toEqual([]);
  });

  it('answers blank text with an empty list, and over-long text with 400', async () => {
    expect(await search('')).toMatchObject({ data: [], total: 0 });
    expect(await search('   ')).toMatchObject({ data: [], total: 0 });
    expect(await search('!!! ...')).toMatchObject({ data: [], total: 0 });
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/v1/community/search?query=${'a'.repeat(101)}`,
      headers: { 'content-language': 'zh' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe(message('zh', 'searchTextTooLong'));
  });

  it('follows edits: the document is rebuilt with the text', async () => {
    const user = await createUser(t.db);
    const { headers } = await signIn(t, user.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/community/post',
      headers,
      payload: { content: 'A lithophane lamp', topic: 'Lamps' },
    });
    const { id } = created.json().data as TPost;
    expect(contents((await search('lithophane')).data)).toEqual(['A lithophane lamp']);
    expect((await search('lamps')).data.map((post) => post.id)).toContain(id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/community/post/${id}`,
      headers,
      payload: { content: '一盏浮雕灯' },
    });
    expect((await search('lithophane')).total).toBe(0);
    expect((await search('浮雕')).data.map((post) => post.id)).toEqual([id]);
  });

  it('rebuilds documents of posts written without one (seeded) or by an older tokenizer', async () => {
    const seeded = await createPost(t.db, {
      userId: authorId,
      content: 'Seeded marble run',
      document: '',
      documentVersion: 0,
    });
    expect((await search('marble')).total).toBe(0);
    expect(await new PostDocumentRefresher(t.db).refresh()).toBeGreaterThanOrEqual(1);
    expect((await search('marble')).data.map((post) => post.id)).toEqual([seeded.id]);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, seeded.id));
    expect(row?.documentVersion).toBe(POST_DOCUMENT_VERSION);
    expect(await new PostDocumentRefresher(t.db).refresh()).toBe(0);
  });
});
