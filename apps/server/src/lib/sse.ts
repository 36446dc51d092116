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

/**
 * The reconnect delay a stream ended by a shutdown names (ADR 0054): drawn
 * in this range, so the clients of a stopping instance come back spread out
 * over a second or two instead of at once.
 */
export const SSE_DRAIN_RETRY_MS = { min: 1_000, max: 3_000 } as const;

/** The last message of a stream ended by a shutdown: a named event, so `onmessage` handlers skip it. */
export function reconnectMessage(retryMs: number): string {
  return `event: reconnect\nretry: ${retryMs}\ndata: {"reason":"shutdown"}\n\n`;
}

const drainRetryMs = () =>
  SSE_DRAIN_RETRY_MS.min +
  Math.floor(Math.random() * (SSE_DRAIN_RETRY_MS.max - SSE_DRAIN_RETRY_MS.min + 1));

/** Streams of one user beyond this close their oldest (a leak guard, not a product rule). */
export const MAX_STREAMS_PER_USER = 10;

export type TSseStream = {
  /** Writes one `data: <JSON>` message; nothing once the stream has ended. */
  send(data: unknown): void;
  end(): void;
  /**
   * Ends the stream because this instance shuts down (ADR 0054): a last
   * `reconnect` event with a `retry:` hint, then the connection closes, so
   * the client's EventSource reconnects through the load balancer to another
   * instance.
   */
  endForReconnect(): void;
  readonly ended: boolean;
};

/**
 * Takes over the response: the SSE headers and reconnect delay, then a
 * comment line every `heartbeatMs` so proxies keep the connection open.
 * `onClose` runs once when the stream ends, by either side. Asked for while
 * the instance drains (the answer already says `Connection: close`,
 * lib/drain.ts), the stream ends at once with the reconnect hint.
 */
export function openSseStream(
  raw: ServerResponse,
  options: { heartbeatMs: number; onClose: () => void },
): TSseStream {
  const isDraining = String(raw.getHeader('connection') ?? '').toLowerCase() === 'close';
  raw.writeHead(200, isDraining ? { ...SSE_HEADERS, connection: 'close' } : SSE_HEADERS);
  raw.write(`retry: ${SSE_RETRY_MS}\n\n`);
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), options.heartbeatMs);
  heartbeat.unref();
  raw.on('close', () => {
    clearInterval(heartbeat);
    options.onClose();
  });
  const stream: TSseStream = {
    send(data) {
      if (!raw.writableEnded) raw.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      clearInterval(heartbeat);
      if (!raw.writableEnded) raw.end();
    },
    endForReconnect() {
      clearInterval(heartbeat);
      if (raw.writableEnded) return;
      // The headers said keep-alive: the connection is closed after the last bytes, or
      // the browser would send its reconnect on it, to this instance again.
      raw.end(reconnectMessage(drainRetryMs()), () => raw.socket?.end());
    },
    get ended() {
      return raw.writableEnded;
    },
  };
  if (isDraining) stream.endForReconnect();
  return stream;
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

  /**
   * Ends every stream (server shutdown), so closing the server does not wait
   * for them, each with the reconnect hint (ADR 0054).
   */
  endAll(): void {
    const all = [...this.byUser.values()].flatMap((set) => [...set]);
    this.byUser.clear();
    for (const entry of all) entry.stream.endForReconnect();
  }
}
