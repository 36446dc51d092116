import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/**
 * Malformed input to every console endpoint, as an admin (the OpenAPI fuzz
 * suite calls them as a user, who stops at 403): always a 4xx, never a 5xx.
 */
let t: TTestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'admin' });
  headers = (await signIn(t, admin.id, { role: 'admin' })).headers;
});

afterAll(async () => {
  await t.close();
});

const BAD_IDS = ['0', '-1', 'abc', '1.5', '2147483648', '%00'];
const BAD_TEXT: unknown[] = [null, 12, ['x'], { a: 1 }, 'x'.repeat(5000), '\u0000', '\ud800'];

describe('malformed input to the console answers 4xx', () => {
  const cases: [string, string, unknown?][] = [];
  for (const id of BAD_IDS) {
    cases.push(['GET', `/admin/users/${id}`]);
    cases.push(['PUT', `/admin/users/${id}/role`, { role: 'user' }]);
    cases.push(['POST', `/admin/users/${id}/suspend`, { reason: 'x' }]);
    cases.push(['POST', `/admin/users/${id}/unsuspend`]);
    cases.push(['PUT', `/admin/reports/${id}`, { status: 'resolved' }]);
    cases.push(['PUT', `/admin/feedback/${id}`, { status: 'closed' }]);
    cases.push(['DELETE', `/admin/posts/${id}`]);
    cases.push(['DELETE', `/admin/comments/${id}`]);
    cases.push(['GET', `/admin/audit?item_kind=work&item_id=${id}`]);
    cases.push(['GET', `/admin/posts?user_id=${id}`]);
    cases.push(['POST', '/report', { kind: 'work', id, reason: 'spam' }]);
  }
  for (const value of BAD_TEXT) {
    cases.push(['POST', '/admin/users/1/suspend', { reason: value }]);
    cases.push(['PUT', '/admin/users/1/role', { role: value }]);
    cases.push(['PUT', '/admin/reports/1', { status: 'resolved', reason: value }]);
    cases.push(['PUT', '/admin/sensitive-words', { words: [value] }]);
    cases.push(['PUT', '/admin/sensitive-words', { words: value }]);
    cases.push(['POST', '/report', { kind: 'post', id: 1, reason: 'spam', detail: value }]);
    cases.push(['POST', '/report', { kind: value, id: 1, reason: 'spam' }]);
  }
  for (const query of [
    'page=0',
    'pageSize=100000',
    'page=abc',
    'query=%00',
    `query=${'x'.repeat(200)}`,
    'status=gone',
    'kind=user',
    'item_kind=nothing',
    'query=%ED%A0%80',
  ]) {
    for (const path of [
      '/admin/users',
      '/admin/reports',
      '/admin/feedback',
      '/admin/appeals',
      '/admin/audit',
      '/admin/posts',
      '/admin/comments',
    ]) {
      cases.push(['GET', `${path}?${query}`]);
    }
  }
  cases.push(['PUT', '/admin/sensitive-words', { words: Array.from({ length: 5001 }, () => 'w') }]);
  cases.push(['PUT', '/admin/sensitive-words', 'not json']);

  it(`${cases.length} requests`, async () => {
    const failures: string[] = [];
    for (const [method, url, body] of cases) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: `/api/v1${url}`,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(body === undefined
          ? {}
          : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      if (res.statusCode >= 500) failures.push(`${method} ${url} -> ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });
});
