import { ZBannerListResponse, ZErrorEnvelope } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBanner } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createBanner(t.db, { type: 1, titleEn: 'Second slide', titleZh: '第二张', sort: 2 });
  await createBanner(t.db, {
    type: 1,
    titleEn: 'First slide',
    titleZh: '第一张',
    subtitleEn: 'Make it',
    subtitleZh: '动手做',
    buttonTextEn: 'Explore',
    buttonTextZh: '探索',
    link: 'https://example.test/a',
    titleLink: 'https://example.test/t',
    iconType: 'premium',
    sort: 1,
  });
  await createBanner(t.db, { type: 1, titleEn: 'Hidden slide', isActive: false, sort: 0 });
  await createBanner(t.db, { type: 2, titleEn: 'Coupon', titleZh: '优惠券', iconType: 'coupon' });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/banner/list', () => {
  it('answers active carousel items (type 1) by sort with every SPEC 3 field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/banner/list?type=1' });
    expect(res.statusCode).toBe(200);
    const body = ZBannerListResponse.parse(res.json());
    expect(body.data.map((b) => b.title)).toEqual(['First slide', 'Second slide']);
    const first = body.data[0];
    expect(first).toMatchObject({
      title: 'First slide',
      subtitle: 'Make it',
      buttonText: 'Explore',
      link: 'https://example.test/a',
      title_link: 'https://example.test/t',
      iconType: 'premium',
    });
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['buttonText', 'iconType', 'id', 'img', 'link', 'subtitle', 'title', 'title_link'].sort(),
    );
    // Empty values stay empty: the client fills in its defaults (SPEC 3).
    expect(body.data[1]).toMatchObject({ subtitle: '', link: '', iconType: 'default' });
  });

  it('answers only banner items for type 2, in Chinese for zh', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/banner/list?type=2',
      headers: { 'content-language': 'zh' },
    });
    const body = ZBannerListResponse.parse(res.json());
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ title: '优惠券', iconType: 'coupon' });
  });

  it.each([
    ['/api/v1/banner/list?type=3'],
    ['/api/v1/banner/list?type=abc'],
    ['/api/v1/banner/list'],
  ])('answers 400 invalidBannerType for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    const body = ZErrorEnvelope.parse(res.json());
    expect(body.code).toBe(400);
    expect(body.msg).toBe('type must be 1 (carousel) or 2 (banner).');
  });

  it('localises the bad-type message', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/banner/list?type=9',
      headers: { 'content-language': 'zh' },
    });
    expect(res.json().msg).toBe('type 必须为 1（轮播）或 2（横幅）。');
  });
});
