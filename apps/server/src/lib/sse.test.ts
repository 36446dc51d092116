import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_USER, openSseStream, type TSseStream, UserStreams } from './sse';

/** What an SSE stream uses of a ServerResponse. */
class FakeResponse extends EventEmitter {
  chunks: string[] = [];
  writableEnded = false;
  writeHead() {
    return this;
  }
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
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
});
