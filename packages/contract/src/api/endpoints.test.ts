import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, type TEndpointSchemas } from './endpoints';
import { API_PREFIX, API_ROUTES, apiPath } from './routes';

describe('the endpoint table (ADR 0021)', () => {
  it('gives every route its schemas, and no schemas without a route', () => {
    expect(Object.keys(API_ENDPOINTS).sort()).toEqual(Object.keys(API_ROUTES).sort());
  });

  it('declares each method and path once', () => {
    const keys = Object.values(API_ROUTES).map(({ method, path }) => `${method} ${path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a params schema exactly where the path has parameters', () => {
    for (const [name, route] of Object.entries(API_ROUTES)) {
      const schemas: TEndpointSchemas = API_ENDPOINTS[name as keyof typeof API_ENDPOINTS];
      expect({ name, params: Boolean(schemas.params) }).toEqual({
        name,
        params: route.path.includes('/:'),
      });
    }
  });

  it('builds full paths with their parameters encoded', () => {
    expect(apiPath('feed.home')).toBe(`${API_PREFIX}/works/home`);
    expect(apiPath('community.replies', { commentId: 7 })).toBe('/api/v1/community/comment/sub/7');
    expect(apiPath('auth.registerCode', { email: 'a b@x.io' })).toBe(
      '/api/v1/user/register/email/a%20b%40x.io',
    );
    expect(() => apiPath('works.detail', { id: '' })).toThrow(/id is missing/);
  });
});
