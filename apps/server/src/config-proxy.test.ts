import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { signIn } from './test/auth-helpers';
import { createUser } from './test/factories';
import { openSse, withTicket } from './test/sse-client';
import { createTestApp, type TTestApp } from './test/test-app';

/** The address the app takes as the client's, for a request from 127.0.0.1 with these headers. */
async function clientAddress(env: Record<string, string>, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: loadConfig(env).trustProxy });
  app.get('/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  const response = await app.inject({
    method: 'GET',
    url: '/ip',
    remoteAddress: '127.0.0.1',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  await app.close();
  return (response.json() as { ip: string }).ip;
}

describe('behind a proxy (docs/OPERATIONS.md "Behind a proxy")', () => {
  it('trusts no proxy by default, private ones with TRUST_PROXY=1, or the listed ones', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe('loopback,linklocal,uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.0.2.0/24' }).trustProxy).toBe(
      '10.0.0.5,192.0.2.0/24',
    );
    for (const bad of ['yes', '2', '10.0.0.0/33', 'example.com', '10.0.0.5,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY:/);
    }
  });

  it('takes the address the trusted proxy saw, not one the client wrote before it', async () => {
    // nginx's $proxy_add_x_forwarded_for appends what it saw to what the client sent.
    const spoofed = '6.6.6.6, 203.0.113.9';
    expect(await clientAddress({}, spoofed)).toBe('127.0.0.1');
    expect(await clientAddress({ TRUST_PROXY: '1' }, spoofed)).toBe('203.0.113.9');
    expect(await clientAddress({ TRUST_PROXY: '1' })).toBe('127.0.0.1');
    // A CDN in front of nginx: its address is listed too.
    const viaCdn = '6.6.6.6, 198.51.100.7, 203.0.113.9';
    expect(await clientAddress({ TRUST_PROXY: '127.0.0.1,203.0.113.0/24' }, viaCdn)).toBe(
      '198.51.100.7',
    );
    // A client that reaches the app around the proxy is not believed.
    expect(await clientAddress({ TRUST_PROXY: '10.0.0.5' }, spoofed)).toBe('127.0.0.1');
  });

  it('keeps the live streams heartbeat at 25 s unless LIVE_HEARTBEAT_MS says', () => {
    expect(loadConfig({}).liveHeartbeatMs).toBe(25_000);
    expect(loadConfig({ LIVE_HEARTBEAT_MS: '2000' }).liveHeartbeatMs).toBe(2_000);
    expect(() => loadConfig({ LIVE_HEARTBEAT_MS: '10' })).toThrow(/LIVE_HEARTBEAT_MS:/);
  });
});

describe('LIVE_HEARTBEAT_MS on the notification stream', () => {
  let t: TTestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { LIVE_HEARTBEAT_MS: '1000' } });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${address}/api/v1/notify/stream`;
  });

  afterAll(async () => {
    await t.close();
  });

  it('writes a comment line at the configured pace while nothing happens', async () => {
    const user = await createUser(t.db);
    const session = await signIn(t, user.id);
    const stream = await openSse(await withTicket(url, session.access_token));
    try {
      expect(stream.status).toBe(200);
      // Far below the 25 s default: only the configured heartbeat can arrive in time.
      const deadline = Date.now() + 8_000;
      while (stream.comments.length < 2 && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 100));
      }
      expect(stream.comments.length).toBeGreaterThanOrEqual(2);
    } finally {
      stream.close();
    }
  });
});
