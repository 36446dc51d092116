import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUrl } from './request-parts';
import { envelope, setup } from './test-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SPEC 7 headers', () => {
  it('sends Content-Language and the Bearer token, and no Content-Type without a body', async () => {
    const { client, calls } = setup(() => envelope([]));
    await client.get('/api/v1/works');
    const headers = calls[0]?.headers;
    expect(headers?.get('Content-Language')).toBe('en');
    expect(headers?.get('Authorization')).toBe('Bearer access-1');
    expect(headers?.get('Content-Type')).toBeNull();
  });

  it('follows the current locale on every call', async () => {
    let locale: 'zh' | 'en' = 'zh';
    const { client, calls } = setup(() => envelope(), { getLocale: () => locale });
    await client.post('/api/v1/a', {});
    locale = 'en';
    await client.post('/api/v1/b', {});
    expect(calls.map((call) => call.headers.get('Content-Language'))).toEqual(['zh', 'en']);
  });

  it('labels JSON bodies as application/json and sends them encoded', async () => {
    const { client, calls } = setup(() => envelope());
    await client.post('/api/v1/work/appeal/submit', { work_id: 7, appeal_reason: 'x' });
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toBe('{"work_id":7,"appeal_reason":"x"}');
  });

  it('leaves Content-Type to the browser for Blob and FormData bodies', async () => {
    const { client, calls } = setup(() => envelope());
    await client.post('/api/v1/x', new Blob(['abc'], { type: 'image/png' }));
    const form = new FormData();
    form.append('file', new Blob(['abc']), 'a.png');
    await client.put('/api/v1/y', form);
    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
    expect(calls[1]?.headers.get('Content-Type')).toBeNull();
    expect(calls[1]?.body).toBe(form);
  });

  it('sends no Authorization header when there is no token', async () => {
    const { client, calls } = setup(() => envelope(), { getToken: () => null });
    await client.get('/api/v1/banner/list');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('lets a call add its own headers', async () => {
    const { client, calls } = setup(() => envelope());
    await client.get('/api/v1/z', { headers: { 'X-Trace': 'on' } });
    expect(calls[0]?.headers.get('X-Trace')).toBe('on');
  });
});

describe('query strings', () => {
  it('skips undefined and null, encodes values and repeats arrays', () => {
    expect(
      buildUrl('', '/api/v1/works/home', {
        page: 1,
        pageSize: 50,
        query: 'PLA & PETG',
        category: undefined,
        tag: null,
        ids: [1, 2],
      }),
    ).toBe('/api/v1/works/home?page=1&pageSize=50&query=PLA+%26+PETG&ids=1&ids=2');
  });

  it('joins the base URL and keeps a query already in the path', () => {
    expect(buildUrl('https://api.example.test/', '/api/v1/x?a=1', { b: true })).toBe(
      'https://api.example.test/api/v1/x?a=1&b=true',
    );
    expect(buildUrl('', '/api/v1/x', {})).toBe('/api/v1/x');
  });

  it('is what the typed helpers send', async () => {
    const { client, calls } = setup(() => envelope([]));
    await client.get('/api/v1/works', { query: { page: 2, pageSize: 10, q: undefined } });
    expect(calls[0]?.url).toBe('/api/v1/works?page=2&pageSize=10');
  });
});

describe('typed helpers', () => {
  it('del sends DELETE with an optional JSON body (SPEC 7 delete_search_record)', async () => {
    const { client, calls } = setup(() => envelope(null, 200, 'deleted'));
    const result = await client.del('/api/v1/works/delete_search_record', { body: { ids: [3] } });
    expect(result.msg).toBe('deleted');
    expect(calls[0]?.method).toBe('DELETE');
    expect(calls[0]?.body).toBe('{"ids":[3]}');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    await client.del('/api/v1/works/9');
    expect(calls[1]?.body).toBeUndefined();
  });

  it('put sends PUT with the JSON body', async () => {
    const { client, calls } = setup(() => envelope());
    await client.put('/api/v1/user/updateInfo', { nickname: 'Ada' });
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.body).toBe('{"nickname":"Ada"}');
  });
});
