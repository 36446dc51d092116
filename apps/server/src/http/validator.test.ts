import { MAX_ID } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('control characters in request input (contract controlCharacterPath)', () => {
  it('refuses a NUL byte in a body field with a localised 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      headers: { 'accept-language': 'en' },
      payload: { email: 'a@example.com', password: 'secret123', nickname: 'bad\u0000name' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.msg).toBe('Invalid characters in: nickname');
    expect(body.data.map((item: { field: string }) => item.field)).toEqual(['nickname']);

    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      headers: { 'accept-language': 'zh-CN' },
      payload: { nickname: 'x\u0001' },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('包含不允许的字符：nickname');
  });

  it('refuses half a surrogate pair (JSON \\ud800), which the database cannot store, on any route', async () => {
    for (const [url, payload] of [
      ['/api/v1/suggestion/submit', '{"suggestion":"ab\\udec8c"}'],
      ['/api/v1/user/register', '{"email":"a@example.com","nickname":"x\\ud800"}'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^Invalid characters in: (suggestion|nickname)$/);
    }
    // A whole pair (an emoji) is text and passes the check.
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suggestion/submit',
      headers: { 'content-type': 'application/json' },
      payload: { suggestion: 'Love it 😀' },
    });
    expect(emoji.statusCode).toBe(200);
  });

  it('refuses a NUL in search text, so it never reaches the search counts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/works/home?query=poison%00x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data[0].field).toBe('query');
  });
});

describe('ids beyond the int4 id columns (contract ZId)', () => {
  it('answers 400, not 500, for a category of 2^31', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/works/home?category=${MAX_ID + 1}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data[0].field).toBe('category');
  });

  it('still accepts the largest id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/works/home?category=${MAX_ID}` });
    // A category that does not exist: an empty page, not a refused id.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: [], total: 0 });
  });
});
