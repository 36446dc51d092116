import type { ServerResponse } from 'node:http';
import type { TLiveEvent, TNotificationKind, TUnreadCounts } from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TAuth } from '../auth/auth.guard';
import type { LiveEvents, TLiveSignal } from './live-events';

type TConnection = {
  userId: number;
  token: string;
  raw: ServerResponse;
  heartbeat: NodeJS.Timeout;
};

export type TLiveHubDeps = {
  events: LiveEvents;
  unread(userId: number): Promise<TUnreadCounts>;
  /** The guard's own check; a stream whose session ended stops at its next event. */
  authenticate(token: string): Promise<TAuth | null>;
  heartbeatMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

/** Tabs of one user beyond this close their oldest stream (a leak guard, not a product rule). */
const MAX_STREAMS_PER_USER = 10;

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // Proxies such as nginx would otherwise hold events back in their buffer.
  'x-accel-buffering': 'no',
};

/**
 * The open notification streams of this instance (Server-Sent Events). A
 * live signal, from this instance or another, makes it read the user's
 * unread counts once and write them to each of their streams.
 */
export class LiveHub {
  private readonly streams = new Map<number, Set<TConnection>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: TLiveHubDeps) {
    this.unsubscribe = deps.events.subscribe((signal) => {
      this.deliver(signal).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'live event not delivered'),
      );
    });
  }

  /** Streams open on this instance (all users). */
  get size(): number {
    let size = 0;
    for (const set of this.streams.values()) size += set.size;
    return size;
  }

  /** Takes over the response: headers, the current counts, then events and heartbeats until it closes. */
  async open(auth: TAuth, token: string, raw: ServerResponse): Promise<void> {
    raw.writeHead(200, SSE_HEADERS);
    raw.write('retry: 5000\n\n');
    const connection: TConnection = {
      userId: auth.userId,
      token,
      raw,
      heartbeat: setInterval(() => raw.write(': ping\n\n'), this.deps.heartbeatMs),
    };
    connection.heartbeat.unref();
    const set = this.streams.get(auth.userId) ?? new Set<TConnection>();
    this.streams.set(auth.userId, set);
    set.add(connection);
    raw.on('close', () => this.drop(connection));
    if (set.size > MAX_STREAMS_PER_USER) {
      const [oldest] = set;
      oldest?.raw.end();
    }
    try {
      this.write(connection, { kind: null, unread: await this.deps.unread(auth.userId) });
    } catch (error) {
      // Headers are gone already: end the stream and let EventSource retry.
      this.deps.log.warn({ err: error }, 'live stream could not read the unread counts');
      raw.end();
    }
  }

  /** Ends every stream (server shutdown), so closing the server does not wait for them. */
  closeAll(): void {
    this.unsubscribe();
    for (const set of this.streams.values()) {
      for (const connection of set) {
        clearInterval(connection.heartbeat);
        connection.raw.end();
      }
    }
    this.streams.clear();
  }

  private drop(connection: TConnection): void {
    clearInterval(connection.heartbeat);
    const set = this.streams.get(connection.userId);
    set?.delete(connection);
    if (set?.size === 0) this.streams.delete(connection.userId);
  }

  private async deliver(signal: TLiveSignal): Promise<void> {
    const userIds =
      signal.userIds === 'all'
        ? [...this.streams.keys()]
        : signal.userIds.filter((id) => this.streams.has(id));
    await Promise.all(userIds.map((userId) => this.deliverTo(userId, signal.kind)));
  }

  private async deliverTo(userId: number, kind: TNotificationKind | null): Promise<void> {
    const unread = await this.deps.unread(userId);
    for (const connection of this.streams.get(userId) ?? []) {
      const auth = await this.deps.authenticate(connection.token);
      if (auth?.userId !== userId) {
        // Logged out or expired: the client reconnects with a fresh token.
        connection.raw.end();
        continue;
      }
      this.write(connection, { kind, unread });
    }
  }

  private write(connection: TConnection, event: TLiveEvent): void {
    if (connection.raw.writableEnded) return;
    connection.raw.write(`data: ${JSON.stringify(event)}\n\n`);
  }
}
