import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  MAX_STREAMS_PER_USER,
  openSseStream,
  SSE_DRAIN_RETRY_MS,
  type TSseStream,
  UserStreams,
} from './sse';

/** What an SSE stream uses of a ServerResponse. */
class FakeResponse extends EventEmitter {
  chunks: string[] = [];
  writableEnded = false;
  head: Record<string, string> = {};
  socketEnded = false;
  socket = { end: () => (this.socketEnded = true) };
  constructor(private readonly preset: Record<string, string> = {}) {
    super();
  }
  getHeader(name: string) {
    return this.preset[name];
  }
  writeHead(_status: number, headers: Record<string, string>) {
    this.head = headers;
    return this;
  }
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  end(chunk?: string, done?: () => void) {
    if (chunk) this.chunks.push(chunk);
    this.writableEnded = true;
    done?.();
    this.emit('close');
  }
}

/** The `retry:` of a reconnect event, checked to be the shutdown's. */
function reconnectRetry(chunk: string | undefined): number {
  const match = /^event: reconnect\nretry: (\d+)\ndata: \{"reason":"shutdown"\}\n\n$/.exec(
    chunk ?? '',
  );
  if (!match) throw new Error(`not a reconnect event: ${JSON.stringify(chunk)}`);
  return Number(match[1]);
}

describe('SSE streams', () => {
  it('writes data messages as JSON and nothing after the end', () => {
    const raw = new FakeResponse();
    let closed = 0;
    const stream = openSseStream(raw as unknown as ServerResponse, {
      heartbeatMs: 60_000,
      onClose: () => {
        closed += 1;
      },
    });
    stream.send({ a: 1 });
    stream.end();
    stream.send({ a: 2 });
    expect(raw.chunks).toEqual(['retry: 5000\n\n', 'data: {"a":1}\n\n']);
    expect(stream.ended).toBe(true);
    expect(closed).toBe(1);
  });

  it('keeps at most MAX_STREAMS_PER_USER per user, ending the oldest', () => {
    const streams = new UserStreams<{ userId: number; stream: TSseStream }>();
    const open = (userId: number) => {
      const entry = {
        userId,
        stream: openSseStream(new FakeResponse() as unknown as ServerResponse, {
          heartbeatMs: 60_000,
          onClose: () => streams.delete(entry),
        }),
      };
      streams.add(entry);
      return entry;
    };
    const first = open(1);
    const rest = Array.from({ length: MAX_STREAMS_PER_USER }, () => open(1));
    const other = open(2);
    expect(first.stream.ended).toBe(true);
    expect(rest.every((entry) => !entry.stream.ended)).toBe(true);
    expect(streams.of(1)).toHaveLength(MAX_STREAMS_PER_USER);
    expect(streams.size).toBe(MAX_STREAMS_PER_USER + 1);
    streams.endAll();
    expect(other.stream.ended).toBe(true);
    expect(streams.size).toBe(0);
  });

  it('ends for a shutdown with a reconnect event, a retry hint and the connection closed (ADR 0054)', () => {
    const raw = new FakeResponse();
    const streams = new UserStreams<{ userId: number; stream: TSseStream }>();
    const stream = openSseStream(raw as unknown as ServerResponse, {
      heartbeatMs: 60_000,
      onClose: () => {},
    });
    streams.add({ userId: 1, stream });
    streams.endAll();
    stream.send({ late: true });
    expect(raw.chunks).toHaveLength(2);
    const retry = reconnectRetry(raw.chunks[1]);
    expect(retry).toBeGreaterThanOrEqual(SSE_DRAIN_RETRY_MS.min);
    expect(retry).toBeLessThanOrEqual(SSE_DRAIN_RETRY_MS.max);
    expect(raw.socketEnded).toBe(true);
  });

  it('asked for while the instance drains, ends at once with the hint', () => {
    const raw = new FakeResponse({ connection: 'close' });
    const stream = openSseStream(raw as unknown as ServerResponse, {
      heartbeatMs: 60_000,
      onClose: () => {},
    });
    expect(stream.ended).toBe(true);
    expect(raw.head.connection).toBe('close');
    expect(raw.head['content-type']).toMatch(/^text\/event-stream/);
    reconnectRetry(raw.chunks[1]);
  });
});
