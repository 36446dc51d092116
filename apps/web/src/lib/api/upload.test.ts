import { LIMITS } from '@layerline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse, rejection, setup } from './test-fakes';
import type { TUploadProgress } from './types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

type TProgressEventLike = { loaded: number; total: number; lengthComputable: boolean };

/** The part of XMLHttpRequest the upload path uses, driven by the test. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  responseType = '';
  status = 0;
  responseText = '';
  contentType = '';
  isAborted = false;
  upload: { onprogress: ((event: TProgressEventLike) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.isAborted = true;
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.contentType = 'application/json';
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function setupUpload(...args: Parameters<typeof setup>) {
  const xhrs: FakeXhr[] = [];
  const createXhr = () => {
    const xhr = new FakeXhr();
    xhrs.push(xhr);
    return xhr as unknown as XMLHttpRequest;
  };
  const [handler, overrides] = args;
  return { ...setup(handler, { createXhr, ...overrides }), xhrs };
}

function form() {
  const data = new FormData();
  data.append('file', new Blob(['png-bytes'], { type: 'image/png' }), 'a.png');
  return data;
}

describe('upload through XMLHttpRequest', () => {
  it('sends the form with the shared headers and reports progress', async () => {
    const { client, xhrs, calls } = setupUpload(() => envelope());
    const progress: TUploadProgress[] = [];
    const data = form();
    const result = client.upload<{ url: string }>('/api/v1/resource/upload', data, {
      onProgress: (step) => progress.push(step),
    });
    await vi.advanceTimersByTimeAsync(0);
    const xhr = xhrs[0];
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/v1/resource/upload');
    expect(xhr?.body).toBe(data);
    expect(xhr?.headers).toEqual({ 'Content-Language': 'en', Authorization: 'Bearer access-1' });
    xhr?.upload.onprogress?.({ loaded: 50, total: 200, lengthComputable: true });
    xhr?.upload.onprogress?.({ loaded: 200, total: 200, lengthComputable: true });
    xhr?.respond(200, { code: 200, msg: 'ok', data: { url: '/files/a.png' } });
    expect((await result).data.url).toBe('/files/a.png');
    expect(progress).toEqual([
      { loaded: 50, total: 200, percent: 25 },
      { loaded: 200, total: 200, percent: 100 },
    ]);
    expect(calls).toHaveLength(0);
  });

  it('applies the envelope rules: a business code rejects with the server msg', async () => {
    const { client, xhrs, options } = setupUpload(() => envelope());
    const result = rejection(client.upload('/api/v1/resource/upload', form()));
    await vi.advanceTimersByTimeAsync(0);
    xhrs[0]?.respond(415, { code: 415, msg: 'Unsupported type', data: null });
    expect(await result).toMatchObject({ code: 415, message: 'Unsupported type' });
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('maps a connection failure to the network message, without retrying the POST', async () => {
    const { client, xhrs, options } = setupUpload(() => envelope());
    const result = rejection(client.upload('/api/v1/resource/upload', form()));
    await vi.advanceTimersByTimeAsync(0);
    xhrs[0]?.onerror?.();
    expect((await result).kind).toBe('network');
    await vi.advanceTimersByTimeAsync(5000);
    expect(xhrs).toHaveLength(1);
    expect(options.notify).toHaveBeenCalledWith('error', 'api.networkError');
  });

  it('aborts the upload on timeout and on caller cancellation', async () => {
    const { client, xhrs, options } = setupUpload(() => envelope());
    const timedOut = rejection(client.upload('/api/v1/resource/upload', form()));
    const controller = new AbortController();
    const cancelled = rejection(
      client.upload('/api/v1/resource/batch_upload', form(), { signal: controller.signal }),
    );
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect((await cancelled).isCancel).toBe(true);
    expect(xhrs[1]?.isAborted).toBe(true);
    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs);
    expect((await timedOut).kind).toBe('timeout');
    expect(xhrs[0]?.isAborted).toBe(true);
    expect(options.notify).toHaveBeenCalledTimes(1);
  });

  it('refreshes on 401 and sends the form again with the new token', async () => {
    const { client, xhrs, calls } = setupUpload((call) =>
      call.url.endsWith('/refresh_token')
        ? envelope({ access_token: 'access-2', refresh_token: 'refresh-2' })
        : jsonResponse({ code: 500, msg: 'unexpected', data: null }, 500),
    );
    const result = client.upload('/api/v1/upload_resource', form());
    await vi.advanceTimersByTimeAsync(0);
    xhrs[0]?.respond(401, { code: 401, msg: 'expired', data: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/user/refresh_token']);
    expect(xhrs[1]?.headers.Authorization).toBe('Bearer access-2');
    xhrs[1]?.respond(200, { code: 200, msg: 'ok', data: { url: '/files/b.png' } });
    expect((await result).data).toEqual({ url: '/files/b.png' });
  });
});
