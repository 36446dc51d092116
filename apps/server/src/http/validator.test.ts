import { MAX_ID, MAX_INPUT_DEPTH } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/auth-helpers';
import { createUser } from '../test/factories';
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

describe('input nested too deeply (contract MAX_INPUT_DEPTH)', () => {
  /** `[` × depth then `]` × depth, or `{"k":` × depth then `1` and `}` × depth. */
  const nested = (depth: number, kind: 'array' | 'object') =>
    kind === 'array'
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"k":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('answers every JSON operation with a localised 4xx at any depth, never a RangeError 500', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content?: object } }>>;
    };
    const user = await signIn(t, (await createUser(t.db)).id);
    const failures: string[] = [];
    let sent = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!(op.requestBody?.content && 'application/json' in op.requestBody.content)) continue;
        const url = path.replaceAll(/\{[^}]+\}/g, '1');
        for (const body of [
          nested(5000, 'array'),
          nested(5000, 'object'),
          nested(100_000, 'array'),
        ]) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: {
              ...user.headers,
              'content-type': 'application/json',
              'accept-language': 'en',
            },
            payload: body,
          });
          sent += 1;
          if (res.statusCode < 400 || res.statusCode >= 500) {
            failures.push(`${res.statusCode} ${method} ${url} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  });

  it('names the deep field in both languages, and lets the contract depth through', async () => {
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suggestion/submit',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: `{"suggestion":${nested(5000, 'array')}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().msg).toMatch(/^The request is nested too deeply at: suggestion(\.0)+$/);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suggestion/submit',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      payload: nested(MAX_INPUT_DEPTH + 1, 'object'),
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toMatch(/^请求内容嵌套过深：/);
    // Nested exactly as deep as allowed: the schema, not the depth check, answers.
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suggestion/submit',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: `{"suggestion":${nested(MAX_INPUT_DEPTH - 1, 'array')}}`,
    });
    expect(allowed.statusCode).toBe(400);
    expect(allowed.json().msg).not.toMatch(/nested too deeply/);
  });
});
