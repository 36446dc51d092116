import type { ServerResponse } from 'node:http';

/**
 * Server-Sent Events over a hijacked Fastify reply (DESIGN 2 live events):
 * the headers, the reconnect delay, `data:` messages of JSON and comment
 * heartbeats, shared by every stream the API holds open.
 */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // Proxies such as nginx would otherwise hold events back in their buffer.
  'x-accel-buffering': 'no',
};

/** How long a browser's EventSource waits before reconnecting a stream that ended. */
export const SSE_RETRY_MS = 5_000;

/** Streams of one user beyond this close their oldest (a leak guard, not a product rule). */
export const MAX_STREAMS_PER_USER = 10;

export type TSseStream = {
  /** Writes one `data: <JSON>` message; nothing once the stream has ended. */
  send(data: unknown): void;
  end(): void;
  readonly ended: boolean;
};

/**
 * Takes over the response: the SSE headers and reconnect delay, then a
 * comment line every `heartbeatMs` so proxies keep the connection open.
 * `onClose` runs once when the stream ends, by either side.
 */
export function openSseStream(
  raw: ServerResponse,
  options: { heartbeatMs: number; onClose: () => void },
): TSseStream {
  raw.writeHead(200, SSE_HEADERS);
  raw.write(`retry: ${SSE_RETRY_MS}\n\n`);
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), options.heartbeatMs);
  heartbeat.unref();
  raw.on('close', () => {
    clearInterval(heartbeat);
    options.onClose();
  });
  return {
    send(data) {
      if (!raw.writableEnded) raw.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (!raw.writableEnded) raw.end();
    },
    get ended() {
      return raw.writableEnded;
    },
  };
}

/**
 * The open streams of one kind on this instance, by user, at most
 * MAX_STREAMS_PER_USER each: a further one ends the user's oldest.
 */
export class UserStreams<T extends { userId: number; stream: TSseStream }> {
  private readonly byUser = new Map<number, Set<T>>();

  constructor(private readonly maxPerUser = MAX_STREAMS_PER_USER) {}

  add(entry: T): void {
    const set = this.byUser.get(entry.userId) ?? new Set<T>();
    this.byUser.set(entry.userId, set);
    set.add(entry);
    if (set.size > this.maxPerUser) {
      const [oldest] = set;
      if (oldest) {
        this.delete(oldest);
        oldest.stream.end();
      }
    }
  }

  delete(entry: T): void {
    const set = this.byUser.get(entry.userId);
    set?.delete(entry);
    if (set?.size === 0) this.byUser.delete(entry.userId);
  }

  of(userId: number): readonly T[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  has(userId: number): boolean {
    return this.byUser.has(userId);
  }

  userIds(): number[] {
    return [...this.byUser.keys()];
  }

  get size(): number {
    let size = 0;
    for (const set of this.byUser.values()) size += set.size;
    return size;
  }

  /** Ends every stream (server shutdown), so closing the server does not wait for them. */
  endAll(): void {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    this.byUser.clear();
    for (const entry of all) entry.stream.end();
  }
}
