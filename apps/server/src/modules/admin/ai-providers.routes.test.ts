import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { checkProvider } from './ai-providers.status';

/**
 * The console's AI provider status (README "AI providers"): configured or
 * not, and whether each answers. Every call goes to a local fake server; a
 * provider with no configuration is never called.
 */
let fake: Server;
let base: string;
const seen: { url: string; authorization: string | undefined }[] = [];
let t: TTestApp;

function answer(request: IncomingMessage) {
  seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
  if (request.url === '/v1/models') return request.headers.authorization ? 200 : 401;
  if (request.url === '/tripo/user/balance') {
    return request.headers.authorization === 'Bearer tripo-key' ? 200 : 403;
  }
  if (request.url === '/slow/models') return -1;
  return 500;
}

beforeAll(async () => {
  fake = createServer((request, response) => {
    const status = answer(request);
    if (status < 0) return; // never answers
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end('{}');
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: {
      AI_OPENAI_BASE_URL: `${base}/v1`,
      AI_OPENAI_API_KEY: 'images-key',
      AI_TRIPO_API_KEY: 'tripo-key',
      AI_TRIPO_BASE_URL: `${base}/tripo`,
    },
  });
});

afterAll(async () => {
  await t?.close();
  fake.closeAllConnections();
  await new Promise((resolve) => fake.close(resolve));
});

async function as(role?: 'moderator' | 'admin') {
  const row = await createUser(t.db, role ? { role } : {});
  return (await signIn(t, row.id, { role })).headers;
}

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { ...headers, 'content-language': 'en' } });

describe('GET /admin/ai-providers and POST /admin/ai-providers/:id/check', () => {
  it('are for moderators and admins only, checked on the server', async () => {
    const before = seen.length;
    expect((await call('GET', '/admin/ai-providers')).statusCode).toBe(401);
    expect((await call('POST', '/admin/ai-providers/openaiImages/check')).statusCode).toBe(401);
    const user = await as();
    expect((await call('GET', '/admin/ai-providers', user)).statusCode).toBe(403);
    expect((await call('POST', '/admin/ai-providers/openaiImages/check', user)).statusCode).toBe(
      403,
    );
    // Refused callers never make the server call a provider.
    expect(seen.length).toBe(before);
    expect((await call('GET', '/admin/ai-providers', await as('moderator'))).statusCode).toBe(200);
    expect((await call('GET', '/admin/ai-providers', await as('admin'))).statusCode).toBe(200);
  });

  it('lists which providers are configured and where, never their keys', async () => {
    const reply = await call('GET', '/admin/ai-providers', await as('moderator'));
    const { data } = reply.json<{ data: { id: string; configured: boolean; baseUrl: string }[] }>();
    const byId = Object.fromEntries(data.map((item) => [item.id, item]));
    expect(byId.openaiImages).toMatchObject({ configured: true, baseUrl: `${base}/v1` });
    expect(byId.tripo).toMatchObject({ configured: true, baseUrl: `${base}/tripo` });
    expect(byId.meshy).toMatchObject({ configured: false, baseUrl: null });
    expect(byId.comfyui).toMatchObject({ configured: false });
    expect(reply.body).not.toContain('images-key');
    expect(reply.body).not.toContain('tripo-key');
  });

  it('probes a configured provider with its key, and calls nothing for one not configured', async () => {
    const admin = await as('admin');
    const before = seen.length;
    const images = await call('POST', '/admin/ai-providers/openaiImages/check', admin);
    expect(images.json().data).toMatchObject({ id: 'openaiImages', result: 'ok', httpStatus: 200 });
    const tripo = await call('POST', '/admin/ai-providers/tripo/check', admin);
    expect(tripo.json().data).toMatchObject({ id: 'tripo', result: 'ok', httpStatus: 200 });
    expect(seen.slice(before)).toEqual([
      { url: '/v1/models', authorization: 'Bearer images-key' },
      { url: '/tripo/user/balance', authorization: 'Bearer tripo-key' },
    ]);

    const meshy = await call('POST', '/admin/ai-providers/meshy/check', admin);
    expect(meshy.json().data).toEqual({
      id: 'meshy',
      result: 'notConfigured',
      httpStatus: null,
      ms: null,
    });
    expect(seen.length).toBe(before + 2);
    expect((await call('POST', '/admin/ai-providers/nobody/check', admin)).statusCode).toBe(400);
  });
});

describe('checkProvider', () => {
  const config = { timeoutMs: 120_000, taskTimeoutMs: 600_000 };

  it('tells a refused key, an error status and a provider that does not answer in time', async () => {
    const wrongKey = { ...config, tripo: { baseUrl: `${base}/tripo`, apiKey: 'wrong' } };
    expect(await checkProvider(wrongKey, 'tripo')).toMatchObject({
      result: 'refused',
      httpStatus: 403,
    });
    const broken = { ...config, chat: { baseUrl: `${base}/broken`, model: 'm' } };
    expect(await checkProvider(broken, 'chat')).toMatchObject({
      result: 'failed',
      httpStatus: 500,
    });
    const slow = { ...config, chat: { baseUrl: `${base}/slow`, model: 'm' } };
    expect(await checkProvider(slow, 'chat', { timeoutMs: 200 })).toEqual({
      id: 'chat',
      result: 'unreachable',
      httpStatus: null,
      ms: null,
    });
  });
});
