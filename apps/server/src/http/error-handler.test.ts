import { Code, ZErrorEnvelope } from '@layerline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TTestApp } from '../test/test-app';
import { AppError } from './app-error';
import { ok } from './envelope';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Routes registered only for this test, to drive the global handlers.
  t.app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(2), tags: z.array(z.string()).max(2) }) } },
    async (request) => ok(request.body),
  );
  t.app.post('/api/test/small', { bodyLimit: 64 }, async () => ok(null));
  t.app.get('/api/test/boom', async () => {
    throw new Error('secret internals at /srv/app.ts:12');
  });
  t.app.get('/api/test/sql', async () => {
    await t.db.execute(sql`select * from no_such_table_xyz`);
    return ok(null);
  });
  t.app.get('/api/test/app-error', async () => {
    throw new AppError(Code.EMAIL_EXISTS, 'emailExists', {}, { field: 'username' });
  });
  t.app.get('/api/test/forbidden', async () => {
    throw new AppError(Code.FORBIDDEN, 'forbidden');
  });
});

afterAll(async () => {
  await t.close();
});

const envelope = (body: string) => ZErrorEnvelope.parse(JSON.parse(body));

describe('global error handler', () => {
  it('answers 400 validationFailed listing the bad field paths', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'x', tags: ['a', 'b', 'c'] },
    });
    expect(res.statusCode).toBe(400);
    const body = envelope(res.body);
    expect(body.code).toBe(400);
    expect(body.msg).toBe('Invalid parameters: name, tags');
    expect(body.data).toEqual([
      { field: 'name', message: expect.any(String) },
      { field: 'tags', message: expect.any(String) },
    ]);
  });

  it('passes a valid body through with the success envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'ok', tags: [] },
    });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: { name: 'ok', tags: [] } });
  });

  it('answers 400 malformedJson for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'content-language': 'zh' },
      payload: '{"name": "ab",',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body)).toEqual({
      code: 400,
      msg: '请求体不是有效的 JSON。',
      data: null,
    });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/small',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(500) }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelope(res.body)).toMatchObject({ code: 413, msg: 'The request is too large.' });
  });

  it('answers 413 for a body over the default limit on any route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), tags: [] }),
    });
    expect(res.statusCode).toBe(413);
    expect(envelope(res.body).code).toBe(413);
  });

  it('answers 415 for a content type no parser accepts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name>ab</name>',
    });
    expect(res.statusCode).toBe(415);
    expect(envelope(res.body)).toMatchObject({ code: 415 });
  });

  it('answers 500 internal without the message or stack of an unexpected error', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'content-language': 'zh' },
    });
    expect(res.statusCode).toBe(500);
    expect(envelope(res.body)).toEqual({ code: 500, msg: '操作失败，请重试', data: null });
    expect(res.body).not.toMatch(/secret|srv|stack|\.ts/);
  });

  it('answers 500 without SQL when a query fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/sql' });
    expect(res.statusCode).toBe(500);
    expect(envelope(res.body)).toEqual({
      code: 500,
      msg: 'Operation Failed, Please Try Again',
      data: null,
    });
    expect(res.body).not.toMatch(/no_such_table|select/i);
  });

  it('answers an AppError with its SPEC code, status class, message and data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(res.statusCode).toBe(400);
    expect(envelope(res.body)).toEqual({
      code: 1003,
      msg: 'This e-mail is already registered.',
      data: { field: 'username' },
    });
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/test/forbidden' });
    expect(forbidden.statusCode).toBe(403);
    expect(envelope(forbidden.body).code).toBe(403);
  });
});

describe('not-found handler', () => {
  it('answers 404 routeNotFound for an unknown /api path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(envelope(res.body)).toEqual({
      code: 404,
      msg: 'No such interface: GET /api/v1/nope',
      data: null,
    });
  });

  it('answers 405 methodNotAllowed with Allow for a known path and the wrong method', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/material/list',
      headers: { 'content-language': 'zh' },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(envelope(res.body)).toEqual({ code: 405, msg: '此处不允许 DELETE 方法。', data: null });
  });

  it('answers 405 for a GET on a POST-only path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/echo' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});
