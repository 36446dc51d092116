import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { PRODUCT_TITLE: 'Layerline' } });
});

afterAll(async () => {
  await t.close();
});

describe('OpenAPI document', () => {
  it('lists the API paths with schemas generated from zod', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Layerline API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/api/v1/categroy/all',
        '/api/v1/machine/machine_group',
        '/api/v1/material/list',
        '/api/v1/banner/list',
        '/api/v1/collection/getAllCollection',
        '/api/v1/user/captcha',
        '/api/v1/user/login',
        '/api/v1/user/refresh_token',
        '/api/v1/user/register/email/{email}',
        '/api/v1/user/getinfo',
        '/api/v1/resource/upload',
        '/api/v1/upload_resource',
        '/api/v1/batch_upload',
        '/api/v1/works/create',
        '/api/v1/works/update',
        '/api/v1/works',
        '/api/v1/works/{id}',
        '/api/v1/works/author/{id}',
        '/api/v1/works/author/all/{id}',
        '/api/v1/works/download/{id}',
        '/api/v1/work/appeal/submit',
        '/api/v1/moderation/works',
        '/api/v1/moderation/works/{id}/approve',
        '/api/v1/moderation/works/{id}/reject',
        '/api/v1/report',
        '/api/v1/admin/users',
        '/api/v1/admin/users/{id}',
        '/api/v1/admin/users/{id}/role',
        '/api/v1/admin/users/{id}/suspend',
        '/api/v1/admin/users/{id}/unsuspend',
        '/api/v1/admin/reports',
        '/api/v1/admin/reports/{id}',
        '/api/v1/admin/audit',
        '/api/v1/admin/summary',
        '/api/v1/admin/feedback',
        '/api/v1/admin/feedback/{id}',
        '/api/v1/admin/appeals',
        '/api/v1/admin/posts',
        '/api/v1/admin/posts/{id}',
        '/api/v1/admin/comments',
        '/api/v1/admin/comments/{id}',
        '/api/v1/admin/sensitive-words',
        '/api/v1/community/post',
        '/api/v1/community/post/{postId}',
        '/api/v1/community/post/{postId}/like',
        '/api/v1/community/feed/{tab}',
        '/api/v1/community/user/{uid}/posts',
        '/api/v1/community/search',
        '/api/v1/suggestion/submit',
        '/api/v1/suggestion/upload',
      ]),
    );
    const feedback = doc.paths['/api/v1/suggestion/submit'].post;
    expect(feedback.tags).toEqual(['feedback']);
    expect(feedback.summary).toBeTruthy();
    expect(doc.paths['/api/v1/suggestion/upload'].post.summary).toBeTruthy();
    const post = doc.paths['/api/v1/community/post/{postId}'];
    expect(Object.keys(post).sort()).toEqual(['delete', 'get', 'put']);
    expect(post.get.tags).toEqual(['community']);
    const feed = doc.paths['/api/v1/community/feed/{tab}'].get;
    expect(JSON.stringify(feed.parameters)).toContain('recommend');
    expect(JSON.stringify(feed.responses['200'])).toContain('activity_at');
    const banner = doc.paths['/api/v1/banner/list'].get;
    expect(banner.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'type', in: 'query' })]),
    );
    const category = doc.paths['/api/v1/categroy/all'].get.responses['200'];
    expect(JSON.stringify(category)).toContain('Children');
    // Internal routes (files, web app, the docs themselves) stay out.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/files') || p === '/')).toBe(false);
  });

  /**
   * docs/openapi.json is the document SPEC clients read without running the
   * server; it must be the one the routes produce. After changing a route,
   * regenerate it with `npm run openapi` (CI refuses a stale copy).
   */
  it('is the published docs/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    await expect(`${JSON.stringify(res.json(), null, 2)}\n`).toMatchFileSnapshot(
      '../../../../docs/openapi.json',
    );
  });

  it('serves the UI under /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
