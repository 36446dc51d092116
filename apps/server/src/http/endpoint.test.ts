import { API_PREFIX, API_ROUTES, type TApiRouteName } from '@layerline/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app';
import { endpoint, enforceContractRoutes } from './endpoint';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** An API scope with the start-up check, holding what `register` adds. */
async function apiWith(register: (api: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(
    async (api) => {
      enforceContractRoutes(api);
      register(api);
    },
    { prefix: API_PREFIX },
  );
  return app;
}

describe('API routes come from the contract (ADR 0021)', () => {
  it('registers every endpoint of the table', () => {
    const missing = (Object.keys(API_ROUTES) as TApiRouteName[]).filter(
      (name) =>
        !t.app.hasRoute({
          method: API_ROUTES[name].method,
          url: `${API_PREFIX}${API_ROUTES[name].path}`,
        }),
    );
    expect(missing).toEqual([]);
  });

  it('accepts a route registered through endpoint()', async () => {
    const app = await apiWith((api) => {
      api.withTypeProvider<ZodTypeProvider>().route({
        ...endpoint('banners.list', { tags: ['banners'], summary: 'x' }),
        handler: async () => ({ code: 200, msg: 'success', data: [], total: 0 }),
      });
    });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: `${API_PREFIX}/banner/list?type=1` });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: [], total: 0 });
    await app.close();
  });

  it('refuses, at start, a path the table does not have', async () => {
    await expect(
      apiWith((api) => {
        api.get('/works/extra', async () => ({}));
      }),
    ).rejects.toThrow('GET /api/v1/works/extra is not registered from the contract');
  });

  it("refuses a table path registered by hand, without the endpoint's schemas", async () => {
    await expect(
      apiWith((api) => {
        api.get('/banner/list', async () => ({}));
      }),
    ).rejects.toThrow(/GET \/api\/v1\/banner\/list is not registered/);
  });

  it("refuses one endpoint's schemas under another's method or path", async () => {
    await expect(
      apiWith((api) => {
        api.route({
          ...endpoint('banners.list', { tags: ['banners'], summary: 'x' }),
          url: '/material/list',
          handler: async () => ({}),
        });
      }),
    ).rejects.toThrow(/GET \/api\/v1\/material\/list/);
  });
});
