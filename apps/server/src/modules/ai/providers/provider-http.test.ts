import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPolicyRefusal, ProviderHttp, parseAnswer, retryAfterMs } from './provider-http';
import { startFakeProvider, type TFakeProvider } from './test-support/fake-provider-server';
import { testRuntime } from './test-support/provider-fixtures';

let fake: TFakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const client = (overrides = {}, signal = new AbortController().signal) =>
  new ProviderHttp('Fake', testRuntime(overrides).http, signal);

describe('provider HTTP', () => {
  it('reads Retry-After in milliseconds, seconds and as a date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:05 GMT' }), now)).toBe(
      5000,
    );
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });

  it('recognises moderation refusals in the shapes providers use', () => {
    expect(isPolicyRefusal({ error: { code: 'data_inspection_failed' } }, '')).toBe(true);
    expect(isPolicyRefusal({ name: 'content_moderation', errors: ['flagged'] }, '')).toBe(true);
    expect(isPolicyRefusal({ message: 'Input violates our content policy' }, '')).toBe(true);
    expect(isPolicyRefusal({ error: { code: 'invalid_value', message: 'bad size' } }, '')).toBe(
      false,
    );
  });

  it('retries a dropped connection and a 503, then returns the answer', async () => {
    let calls = 0;
    fake = await startFakeProvider(() => {
      calls += 1;
      if (calls === 1) return { hangUp: true };
      if (calls === 2) return { status: 503, headers: { 'retry-after': '0' }, body: 'busy' };
      return { json: { ok: true } };
    });
    const answer = await client().json(
      { url: `${fake.url}/status` },
      z.object({ ok: z.boolean() }),
    );
    expect(answer).toEqual({ ok: true });
    expect(fake.requests).toHaveLength(3);
  });

  it('sends a timed-out GET again, which is safe to repeat', async () => {
    let calls = 0;
    fake = await startFakeProvider(() =>
      ++calls === 1 ? { delayMs: 2_000, body: 'late' } : { body: 'ok' },
    );
    const response = await client({ timeoutMs: 100 }).send({ url: `${fake.url}/status` });
    expect(response.body.toString()).toBe('ok');
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up at once when Retry-After asks for longer than a worker is held', async () => {
    fake = await startFakeProvider(() => ({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: 'later',
    }));
    await expect(client().send({ url: `${fake.url}/x` })).rejects.toMatchObject({
      reason: 'tooManyRequests',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses an answer larger than the cap', async () => {
    fake = await startFakeProvider(() => ({ body: Buffer.alloc(4096) }));
    await expect(client().send({ url: `${fake.url}/big`, maxBytes: 1024 })).rejects.toThrow(
      /more than/,
    );
  });

  it('stops waiting between retries when the job is cancelled', async () => {
    fake = await startFakeProvider(() => ({
      status: 503,
      headers: { 'retry-after': '1' },
      body: 'busy',
    }));
    const controller = new AbortController();
    const sending = client({}, controller.signal).send({ url: `${fake.url}/x` });
    setTimeout(() => controller.abort(), 50);
    await expect(sending).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.requests).toHaveLength(1);
  });

  it('says what was wrong with a malformed answer', () => {
    const schema = z.object({ result: z.string() });
    expect(() => parseAnswer('Fake', Buffer.from('<html>'), schema)).toThrow(/not JSON: <html>/);
    expect(() => parseAnswer('Fake', Buffer.from('{"result":1}'), schema)).toThrow(
      /unexpected shape \(result:/,
    );
  });
});
