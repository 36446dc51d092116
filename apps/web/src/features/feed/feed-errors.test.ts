import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { describeFeedError, isCancelledRequest } from './feed-errors';

describe('feed error messages (SPEC 8 Feature level)', () => {
  it('gives the not-found text for a message containing 404', () => {
    expect(describeFeedError(new Error('Request failed with status code 404'))).toEqual({
      key: 'notFound',
    });
    expect(
      describeFeedError(new ApiError({ kind: 'notFound', message: 'gone', status: 404 })),
    ).toEqual({ key: 'notFound' });
  });

  it('gives the network text for a message containing Network Error', () => {
    expect(describeFeedError(new Error('Network Error'))).toEqual({ key: 'network' });
    expect(
      describeFeedError(
        new ApiError({ kind: 'network', message: 'Backend interface connection exception' }),
      ),
    ).toEqual({ key: 'network' });
  });

  it("otherwise gives the error's own message, or the generic text", () => {
    expect(describeFeedError(new Error('System interface 502 exception'))).toEqual({
      text: 'System interface 502 exception',
    });
    expect(describeFeedError(new Error('   '))).toEqual({ key: 'failed' });
    expect(describeFeedError('boom')).toEqual({ key: 'failed' });
    expect(describeFeedError(undefined)).toEqual({ key: 'failed' });
  });

  it('recognises cancelled requests', () => {
    expect(isCancelledRequest(new ApiError({ kind: 'cancel', message: 'Request cancelled' }))).toBe(
      true,
    );
    expect(isCancelledRequest(new DOMException('Aborted', 'AbortError'))).toBe(true);
    expect(isCancelledRequest(new Error('Network Error'))).toBe(false);
  });
});
