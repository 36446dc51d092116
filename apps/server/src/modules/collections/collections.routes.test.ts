import {
  ZCollectionInfoResponse,
  ZCollectionListResponse,
  ZWorkListResponse,
} from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
let deskId = 0;
let emptyId = 0;
let deskWorkIds: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const maker = await createUser(t.db);
  const published = [];
  for (let i = 1; i <= 5; i += 1) {
    published.push(
      await createWork(t.db, { userId: maker.id, cover: [`/c/${i}a.png`, `/c/${i}b.png`] }),
    );
  }
  const inReview = await createWork(t.db, { userId: maker.id, status: 'in_review' });
  const rejected = await createWork(t.db, { userId: maker.id, status: 'rejected' });
  const deleted = await createWork(t.db, { userId: maker.id, deletedAt: new Date() });
  const noCover = await createWork(t.db, { userId: maker.id, cover: [] });

  deskWorkIds = published.map((w) => w.id);
  deskId = (
    await createCollection(t.db, {
      titleEn: 'Desk toys',
      titleZh: '桌面玩具',
      descriptionEn: 'Small prints',
      descriptionZh: '小物件',
      sort: 1,
      // Hidden works come first in collection order: they must not take cover slots.
      workIds: [inReview.id, deleted.id, ...published.map((w) => w.id), rejected.id],
    })
  ).id;
  emptyId = (
    await createCollection(t.db, { titleEn: 'Empty shelf', sort: 2, workIds: [inReview.id] })
  ).id;
  await createCollection(t.db, {
    titleEn: 'Mixed',
    sort: 0,
    workIds: [noCover.id, published[4]?.id ?? 0],
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/collection/getAllCollection', () => {
  it('counts only published, not deleted works and keeps count-0 collections', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/collection/getAllCollection' });
    expect(res.statusCode).toBe(200);
    const body = ZCollectionListResponse.parse(res.json());
    expect(body.data.map((c) => [c.title, c.count])).toEqual([
      ['Mixed', 2],
      ['Desk toys', 5],
      ['Empty shelf', 0],
    ]);
  });

  it('gives at most 4 covers, the first cover of each visible work in collection order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/collection/getAllCollection' });
    const body = ZCollectionListResponse.parse(res.json());
    const [mixed, desk, empty] = body.data;
    expect(desk?.cover).toEqual(['/c/1a.png', '/c/2a.png', '/c/3a.png', '/c/4a.png']);
    expect(desk?.description).toBe('Small prints');
    // A work without a cover counts but adds no image.
    expect(mixed?.cover).toEqual(['/c/5a.png']);
    expect(empty?.cover).toEqual([]);
  });

  it('answers titles and descriptions in Chinese for zh', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/collection/getAllCollection',
      headers: { 'content-language': 'zh' },
    });
    const desk = ZCollectionListResponse.parse(res.json()).data[1];
    expect(desk).toMatchObject({ title: '桌面玩具', description: '小物件' });
  });
});

describe('GET /api/v1/collection/getCollectionInfo/{id}', () => {
  it('answers one collection as in the list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/collection/getCollectionInfo/${deskId}`,
      headers: { 'content-language': 'zh' },
    });
    expect(res.statusCode).toBe(200);
    expect(ZCollectionInfoResponse.parse(res.json()).data).toEqual({
      id: deskId,
      title: '桌面玩具',
      description: '小物件',
      count: 5,
      cover: ['/c/1a.png', '/c/2a.png', '/c/3a.png', '/c/4a.png'],
    });
  });

  it('answers 404 for an unknown collection', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/collection/getCollectionInfo/999999',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});

describe('GET /api/v1/collection/getWorks/{id}', () => {
  it('lists the published works as cards in collection order, with the total', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/collection/getWorks/${deskId}` });
    expect(res.statusCode).toBe(200);
    const body = ZWorkListResponse.parse(res.json());
    expect(body.data.map((card) => card.id)).toEqual(deskWorkIds);
    expect(body.total).toBe(5);
    expect(body.data[0]).toMatchObject({ cover: ['/c/1a.png', '/c/1b.png'], status: 'published' });
  });

  it('pages when asked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/collection/getWorks/${deskId}?page=2&pageSize=2`,
    });
    const body = ZWorkListResponse.parse(res.json());
    expect(body.data.map((card) => card.id)).toEqual(deskWorkIds.slice(2, 4));
    expect(body.total).toBe(5);
  });

  it('answers an empty list for a collection of hidden works and 404 for an unknown one', async () => {
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/v1/collection/getWorks/${emptyId}`,
    });
    expect(ZWorkListResponse.parse(empty.json())).toMatchObject({ data: [], total: 0 });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/collection/getWorks/999999',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
