import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { TUnreadCounts } from '@layerline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAuth } from '../../kernel/request-auth';
import { LocalLiveEvents } from '../../lib/live-events';
import { LiveHub } from './live-hub';

/** What LiveHub uses of a ServerResponse, recording what was written. */
class FakeResponse extends EventEmitter {
  status = 0;
  chunks: string[] = [];
  writableEnded = false;
  writeHead(status: number) {
    this.status = status;
    return this;
  }
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  getHeader() {
    return undefined;
  }
  end(chunk?: string) {
    if (chunk) this.chunks.push(chunk);
    this.writableEnded = true;
    this.emit('close');
  }
  get data() {
    return this.chunks
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => JSON.parse(chunk.slice(6)));
  }
}

const counts = (total: number): TUnreadCounts => ({
  comment: 0,
  liked: total,
  favor: 0,
  follow: 0,
  system: 0,
  total,
});

const auth = (userId: number): TAuth => ({ userId, role: 'user', sid: `s${userId}` });
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('LiveHub', () => {
  let events: LocalLiveEvents;
  let valid: Set<string>;
  let hub: LiveHub;
  const unread = vi.fn(async (userId: number) => counts(userId * 10));

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    events = new LocalLiveEvents();
    valid = new Set(['s1', 's2']);
    hub = new LiveHub({
      events,
      unread,
      sessionAuth: async (userId, sid) => (valid.has(sid) ? auth(userId) : null),
      heartbeatMs: 25_000,
      log: { warn: () => {} },
    });
  });

  afterEach(() => {
    hub.closeAll();
    vi.useRealTimers();
  });

  const open = async (userId: number) => {
    const raw = new FakeResponse();
    await hub.open(auth(userId), raw as unknown as ServerResponse);
    return raw;
  };

  it('writes the SSE headers and the counts, then a heartbeat every 25 s', async () => {
    const raw = await open(1);
    expect(raw.status).toBe(200);
    expect(raw.data).toEqual([{ kind: null, unread: counts(10) }]);
    vi.advanceTimersByTime(24_999);
    expect(raw.chunks.filter((chunk) => chunk.startsWith(':'))).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(raw.chunks.filter((chunk) => chunk.startsWith(':'))).toHaveLength(1);
    vi.advanceTimersByTime(50_000);
    expect(raw.chunks.filter((chunk) => chunk.startsWith(':'))).toHaveLength(3);
  });

  it('delivers a signal to every stream of the users named, and broadcasts', async () => {
    const a1 = await open(1);
    const a2 = await open(1);
    const b = await open(2);
    await events.publish('notify', { userIds: [1], kind: 'liked' });
    await flush();
    expect(a1.data.at(-1)).toEqual({ kind: 'liked', unread: counts(10) });
    expect(a2.data).toHaveLength(2);
    expect(b.data).toHaveLength(1);
    await events.publish('notify', { userIds: 'all', kind: 'system' });
    await flush();
    expect(b.data.at(-1)).toEqual({ kind: 'system', unread: counts(20) });
    expect(hub.size).toBe(3);
  });

  it('forgets a closed stream and stops its heartbeat', async () => {
    const raw = await open(1);
    raw.emit('close');
    expect(hub.size).toBe(0);
    vi.advanceTimersByTime(100_000);
    expect(raw.chunks.filter((chunk) => chunk.startsWith(':'))).toHaveLength(0);
    await events.publish('notify', { userIds: [1], kind: 'liked' });
    await flush();
    expect(raw.data).toHaveLength(1);
  });

  it('ends a stream whose session has ended at its next event', async () => {
    const raw = await open(2);
    valid.delete('s2');
    await events.publish('notify', { userIds: [2], kind: 'follow' });
    await flush();
    expect(raw.writableEnded).toBe(true);
    expect(raw.data).toHaveLength(1);
    expect(hub.size).toBe(0);
  });

  it('ends everything on closeAll and listens no more', async () => {
    const raw = await open(1);
    hub.closeAll();
    expect(raw.writableEnded).toBe(true);
    // ADR 0054: with the reconnect hint, which `onmessage` handlers never see.
    expect(raw.chunks.at(-1)).toMatch(/^event: reconnect\nretry: \d+\n/);
    expect(raw.data).toHaveLength(1);
    unread.mockClear();
    await events.publish('notify', { userIds: 'all', kind: null });
    await flush();
    expect(unread).not.toHaveBeenCalled();
  });
});
