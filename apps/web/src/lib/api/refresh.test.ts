import { LEGACY_NOT_LOGGED_IN_MSG, LIMITS } from '@layerline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TFetchCall } from './test-fakes';
import { deferred, envelope, jsonResponse, rejection, setup } from './test-fakes';
import type { TTokens } from './types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const NEW_TOKENS: TTokens = { access_token: 'access-2', refresh_token: 'refresh-2' };

/** A server that accepts only `access-2`, and answers 401 to anything else. */
function tokenGate(call: TFetchCall) {
  return call.headers.get('Authorization') === 'Bearer access-2'
    ? envelope({ path: call.url })
    : jsonResponse({ code: 401, msg: 'expired', data: null }, 401);
}

describe('SPEC 8 401: refresh and replay', () => {
  it('refreshes the token and replays the request with the new one', async () => {
    const refresh = vi.fn(() => Promise.resolve(NEW_TOKENS));
    const { client, calls, options } = setup(tokenGate, { refresh });
    const result = await client.get('/api/v1/user/getinfo');
    expect(result.data).toEqual({ path: '/api/v1/user/getinfo' });
    expect(refresh).toHaveBeenCalledWith('refresh-1');
    expect(options.onTokens).toHaveBeenCalledWith(NEW_TOKENS);
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    expect(options.notify).not.toHaveBeenCalled();
    expect(options.onSessionExpired).not.toHaveBeenCalled();
  });

  it('runs one refresh at a time; other 401s wait and are replayed with the new token', async () => {
    const gate = deferred<TTokens>();
    const refresh = vi.fn(() => gate.promise);
    const { client, calls } = setup(tokenGate, { refresh });
    const first = client.get('/api/v1/a');
    const second = client.post('/api/v1/b', { x: 1 });
    await vi.advanceTimersByTimeAsync(0);
    const third = client.put('/api/v1/c', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    gate.resolve(NEW_TOKENS);
    const results = await Promise.all([first, second, third]);
    expect(results.map((result) => result.data)).toEqual([
      { path: '/api/v1/a' },
      { path: '/api/v1/b' },
      { path: '/api/v1/c' },
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(
      calls.filter((call) => call.headers.get('Authorization') === 'Bearer access-2'),
    ).toHaveLength(3);
  });

  it('replays with the current token when it already changed, without refreshing again', async () => {
    let token = 'access-1';
    const refresh = vi.fn(() => Promise.resolve(NEW_TOKENS));
    const held = deferred<Response>();
    let isFirst = true;
    const { client } = setup(
      (call) => {
        if (!isFirst) return tokenGate(call);
        isFirst = false;
        return held.promise;
      },
      { refresh, getToken: () => token },
    );
    const slow = client.get('/api/v1/slow');
    await vi.advanceTimersByTimeAsync(0);
    token = 'access-2';
    held.resolve(jsonResponse({ code: 401, msg: 'expired', data: null }, 401));
    expect((await slow).data).toEqual({ path: '/api/v1/slow' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it(`treats code 500 with msg '${LEGACY_NOT_LOGGED_IN_MSG}' as 401`, async () => {
    const refresh = vi.fn(() => Promise.resolve(NEW_TOKENS));
    const { client, options } = setup(
      (call) =>
        call.headers.get('Authorization') === 'Bearer access-2'
          ? envelope('fine')
          : jsonResponse({ code: 500, msg: LEGACY_NOT_LOGGED_IN_MSG, data: null }, 500),
      { refresh },
    );
    expect((await client.post('/api/v1/works/create', {})).data).toBe('fine');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('reads the 401 from the envelope code even with HTTP 200', async () => {
    const refresh = vi.fn(() => Promise.resolve(NEW_TOKENS));
    const { client } = setup(
      (call) =>
        call.headers.get('Authorization') === 'Bearer access-2'
          ? envelope('fine')
          : jsonResponse({ code: 401, msg: 'expired', data: null }, 200),
      { refresh },
    );
    expect((await client.get('/api/v1/a')).data).toBe('fine');
  });
});

describe('SPEC 8 401: the session has expired', () => {
  it('without a refresh token: calls onSessionExpired and rejects, without a toast', async () => {
    const refresh = vi.fn(() => Promise.resolve(NEW_TOKENS));
    const { client, options } = setup(tokenGate, { refresh, getRefreshToken: () => null });
    const error = await rejection(client.get('/api/v1/user/getinfo'));
    expect(error.kind).toBe('unauthorized');
    expect(error.message).toBe('api.sessionExpired');
    expect(refresh).not.toHaveBeenCalled();
    expect(options.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('when the refresh fails: every waiting request rejects, the dialog shows once', async () => {
    const refresh = vi.fn(() => Promise.reject(new Error('revoked')));
    const { client, options } = setup(tokenGate, { refresh });
    const errors = await Promise.all([
      rejection(client.get('/api/v1/a')),
      rejection(client.get('/api/v1/b')),
      rejection(client.post('/api/v1/c', {})),
    ]);
    expect(errors.map((error) => error.kind)).toEqual([
      'unauthorized',
      'unauthorized',
      'unauthorized',
    ]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(options.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('shows the dialog once per 1s window, and again after it', async () => {
    const { client, options } = setup(tokenGate, { getRefreshToken: () => null });
    await rejection(client.get('/api/v1/a'));
    await vi.advanceTimersByTimeAsync(LIMITS.tokenExpiredDialogResetMs - 1);
    await rejection(client.get('/api/v1/b'));
    expect(options.onSessionExpired).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await rejection(client.get('/api/v1/c'));
    expect(options.onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('does not loop when the replay is refused too', async () => {
    const refresh = vi.fn(() => Promise.resolve(NEW_TOKENS));
    const { client, calls, options } = setup(
      () => jsonResponse({ code: 401, msg: 'no', data: null }, 401),
      { refresh },
    );
    const error = await rejection(client.get('/api/v1/a'));
    expect(error.kind).toBe('unauthorized');
    expect(calls).toHaveLength(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(options.onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('default refresh call (SPEC 7)', () => {
  it("POSTs /api/v1/user/refresh_token with 'Bearer ' plus the refresh token, outside the queue", async () => {
    const { client, calls, options } = setup((call) => {
      if (call.url.endsWith('/refresh_token')) return envelope(NEW_TOKENS);
      return tokenGate(call);
    });
    expect((await client.get('/api/v1/a')).data).toEqual({ path: '/api/v1/a' });
    const refreshCall = calls.find((call) => call.url === '/api/v1/user/refresh_token');
    expect(refreshCall?.method).toBe('POST');
    expect(refreshCall?.headers.get('Authorization')).toBe('Bearer refresh-1');
    expect(refreshCall?.headers.get('Content-Language')).toBe('en');
    expect(refreshCall?.headers.get('Content-Type')).toBe('application/json');
    expect(refreshCall?.body).toBe('{"refresh_token":"refresh-1"}');
    expect(options.onTokens).toHaveBeenCalledWith(NEW_TOKENS);
  });

  it('counts a refused refresh as an expired session', async () => {
    const { client, calls, options } = setup((call) => {
      if (call.url.endsWith('/refresh_token')) {
        return jsonResponse({ code: 401, msg: 'revoked', data: null }, 401);
      }
      return tokenGate(call);
    });
    expect((await rejection(client.get('/api/v1/a'))).kind).toBe('unauthorized');
    expect(calls.filter((call) => call.url.endsWith('/refresh_token'))).toHaveLength(1);
    expect(options.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(options.onTokens).not.toHaveBeenCalled();
  });
});
