import { ZHealthFailureResponse, ZHealthResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
let down: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
  down = await createTestApp({
    database: {
      ...t.database,
      ping: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
      close: async () => {},
    },
  });
});

afterAll(async () => {
  await down.close();
  await t.close();
});

describe('GET /healthz', () => {
  it('answers ok when the database answers select 1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(ZHealthResponse.parse(res.json())).toEqual({
      code: 200,
      msg: 'success',
      data: { status: 'ok', database: 'ok' },
    });
  });

  it('answers 503 with the envelope when the database does not answer', async () => {
    const res = await down.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'content-language': 'zh' },
    });
    expect(res.statusCode).toBe(503);
    const body = ZHealthFailureResponse.parse(res.json());
    expect(body.code).toBe(503);
    expect(body.msg).toBe('服务暂时不可用，请稍后再试。');
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  // Last: the app stays draining.
  it('answers 503 draining at once when the instance starts shutting down (ADR 0054)', async () => {
    t.app.drain.start();
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(ZHealthFailureResponse.parse(res.json()).data).toEqual({
      status: 'draining',
      database: 'ok',
    });
    // Every answer now closes its connection, so no client sends on one the server closes.
    expect(res.headers.connection).toBe('close');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/material/list' });
    expect(list.statusCode).toBe(200);
    expect(list.headers.connection).toBe('close');
  });
});
