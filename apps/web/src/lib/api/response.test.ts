import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { envelope, jsonResponse, rejection, setup } from './test-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const zip = () =>
  new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'content-type': 'application/zip' } });

describe('successful answers', () => {
  it('resolve with the whole envelope, siblings of data included', async () => {
    const body = { code: 200, msg: 'ok', data: [{ ID: 1 }], total: 31, comment_total: 40 };
    const { client } = setup(() => jsonResponse(body));
    expect(await client.get('/api/v1/comment/work/withsub/1')).toEqual(body);
  });

  it('return a non-JSON body (application/zip) as a Blob, as-is', async () => {
    const { client } = setup(zip);
    const result: unknown = await client.get('/api/v1/works/download/5');
    // The tag, not instanceof: test environments may carry two Blob classes.
    expect(Object.prototype.toString.call(result)).toBe('[object Blob]');
    expect(new Uint8Array(await (result as Blob).arrayBuffer())).toEqual(
      new Uint8Array([80, 75, 3, 4]),
    );
  });

  it("return a Blob whatever the content type when responseType is 'blob'", async () => {
    const { client, calls } = setup(() => jsonResponse({ code: 200, msg: 'ok', data: null }));
    const blob = await client.getBlob('/api/v1/works/download/5');
    expect(await blob.text()).toBe('{"code":200,"msg":"ok","data":null}');
    await vi.advanceTimersByTimeAsync(500);
    await client.getBlob('/api/v1/works/download/5');
    expect(calls).toHaveLength(2);
  });

  it('return JSON that is not an envelope unchanged', async () => {
    const { client } = setup(() => jsonResponse([1, 2]));
    expect(await client.request({ method: 'GET', path: '/api/v1/raw' })).toEqual([1, 2]);
  });
});

describe('SPEC 8 codes', () => {
  it('404 goes to /404 and rejects, without a toast', async () => {
    const { client, options } = setup(() => envelope(null, 404, 'not found'));
    const error = await rejection(client.get('/api/v1/works/99'));
    expect(error.kind).toBe('notFound');
    expect(error.code).toBe(404);
    expect(options.onNotFound).toHaveBeenCalledTimes(1);
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('404 without an envelope is read from the HTTP status', async () => {
    const { client, options } = setup(() => new Response('missing', { status: 404 }));
    expect((await rejection(client.get('/api/v1/nope'))).kind).toBe('notFound');
    expect(options.onNotFound).toHaveBeenCalledTimes(1);
  });

  it('404 stays on the screen when the call opts out of the redirect', async () => {
    const { client, options } = setup(() => envelope(null, 404, 'not found'));
    await rejection(client.get('/api/v1/works/99', { redirectOnNotFound: false }));
    expect(options.onNotFound).not.toHaveBeenCalled();
  });

  it('406 rejects with the sensitive-word message plus the returned data', async () => {
    const data = { words: ['badword', 'worse'] };
    const { client, options } = setup(() => envelope(data, 406, 'sensitive'));
    const error = await rejection(client.post('/api/v1/comment/put_comment', { content: 'x' }));
    expect(error.kind).toBe('sensitive');
    expect(error.message).toBe('api.sensitiveWords {"words":"badword, worse"}');
    expect(error.data).toEqual(data);
    expect(options.notify).toHaveBeenCalledWith('error', error.message);
  });

  it('406 reads a bare list of words too, and falls back to a generic text', async () => {
    const answers = [envelope(['a', 'b'], 406), envelope(null, 406)];
    const { client } = setup(() => answers.shift() ?? envelope());
    expect((await rejection(client.post('/api/v1/p', { a: 1 }))).message).toBe(
      'api.sensitiveWords {"words":"a, b"}',
    );
    expect((await rejection(client.post('/api/v1/p', { a: 2 }))).message).toBe(
      'api.sensitiveContent',
    );
  });

  it("500 says 'Operation Failed, Please Try Again'", async () => {
    const { client, options } = setup(() => envelope(null, 500, 'internal'));
    const error = await rejection(client.post('/api/v1/works/create', {}));
    expect(error.message).toBe('api.operationFailed');
    expect(options.notify).toHaveBeenCalledWith('error', 'api.operationFailed');
  });

  it('403 says the operation has no permission, from the code or the bare status', async () => {
    const answers = [envelope(null, 403, 'no'), new Response('', { status: 403 })];
    const { client, options } = setup(() => answers.shift() ?? envelope());
    expect((await rejection(client.post('/api/v1/a', {}))).kind).toBe('forbidden');
    expect((await rejection(client.post('/api/v1/b', {}))).kind).toBe('forbidden');
    expect(options.notify).toHaveBeenNthCalledWith(1, 'error', 'api.forbidden');
    expect(options.notify).toHaveBeenNthCalledWith(2, 'error', 'api.forbidden');
  });

  it('403 of a suspended account (ADR 0014) shows the server msg naming the reason', async () => {
    const msg = 'Your account is suspended and cannot publish, post or comment: spam';
    const { client, options } = setup(() => envelope({ reason: 'spam' }, 403, msg));
    const error = await rejection(client.post('/api/v1/community/post', {}));
    expect(error).toMatchObject({ kind: 'forbidden', message: msg, data: { reason: 'spam' } });
    expect(options.notify).toHaveBeenCalledWith('error', msg);
  });

  it("other statuses say 'System interface {status} exception'", async () => {
    const { client, options } = setup(() => new Response('teapot', { status: 418 }));
    const error = await rejection(client.post('/api/v1/a', {}));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(418);
    expect(options.notify).toHaveBeenCalledWith('error', 'api.statusError {"status":418}');
  });

  it('business codes reject with code, server msg and data, and no toast', async () => {
    const { client, options } = setup(() => envelope({ field: 'code' }, 1008, 'Wrong account'));
    const error = await rejection(client.post('/api/v1/user/login', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'business',
      code: 1008,
      status: 400,
      message: 'Wrong account',
      data: { field: 'code' },
      isCancel: false,
    });
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('400 and 429 envelopes are business errors left to the caller', async () => {
    const answers = [envelope(null, 400, 'Invalid'), envelope(null, 429, 'Too many')];
    const { client, options } = setup(() => answers.shift() ?? envelope());
    expect(await rejection(client.post('/api/v1/a', {}))).toMatchObject({ code: 400 });
    expect(await rejection(client.post('/api/v1/b', {}))).toMatchObject({
      code: 429,
      message: 'Too many',
    });
    expect(options.notify).not.toHaveBeenCalled();
  });
});
