import type { ServerResponse } from 'node:http';
import type { TLiveEvent, TNotificationKind, TUnreadCounts } from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TAuth } from '../../kernel/request-auth';
import type { LiveEvents, TNotifySignal } from '../../lib/live-events';
import { openSseStream, type TSseStream, UserStreams } from '../../lib/sse';

type TConnection = { userId: number; sid: string; stream: TSseStream };

export type TLiveHubDeps = {
  events: LiveEvents;
  unread(userId: number): Promise<TUnreadCounts>;
  /** The guard's own session check; a stream whose session ended stops at its next event. */
  sessionAuth(userId: number, sid: string): Promise<TAuth | null>;
  heartbeatMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

/**
 * The open notification streams of this instance (Server-Sent Events). A
 * live signal, from this instance or another, makes it read the user's
 * unread counts once and write them to each of their streams.
 */
export class LiveHub {
  private readonly streams = new UserStreams<TConnection>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: TLiveHubDeps) {
    this.unsubscribe = deps.events.subscribe('notify', (signal) => {
      this.deliver(signal).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'live event not delivered'),
      );
    });
  }

  /** Streams open on this instance (all users). */
  get size(): number {
    return this.streams.size;
  }

  /** Takes over the response: headers, the current counts, then events and heartbeats until it closes. */
  async open(auth: TAuth, raw: ServerResponse): Promise<void> {
    const connection: TConnection = {
      userId: auth.userId,
      sid: auth.sid,
      stream: openSseStream(raw, {
        heartbeatMs: this.deps.heartbeatMs,
        onClose: () => this.streams.delete(connection),
      }),
    };
    this.streams.add(connection);
    try {
      this.write(connection, { kind: null, unread: await this.deps.unread(auth.userId) });
    } catch (error) {
      // Headers are gone already: end the stream and let EventSource retry.
      this.deps.log.warn({ err: error }, 'live stream could not read the unread counts');
      connection.stream.end();
    }
  }

  /** Ends every stream (server shutdown), so closing the server does not wait for them. */
  closeAll(): void {
    this.unsubscribe();
    this.streams.endAll();
  }

  private async deliver(signal: TNotifySignal): Promise<void> {
    const userIds =
      signal.userIds === 'all'
        ? this.streams.userIds()
        : signal.userIds.filter((id) => this.streams.has(id));
    await Promise.all(userIds.map((userId) => this.deliverTo(userId, signal.kind)));
  }

  private async deliverTo(userId: number, kind: TNotificationKind | null): Promise<void> {
    const unread = await this.deps.unread(userId);
    for (const connection of this.streams.of(userId)) {
      const auth = await this.deps.sessionAuth(userId, connection.sid);
      if (auth?.userId !== userId) {
        // The session ended (logout, password change, revoked): the client reconnects signed in.
        connection.stream.end();
        continue;
      }
      this.write(connection, { kind, unread });
    }
  }

  private write(connection: TConnection, event: TLiveEvent): void {
    connection.stream.send(event);
  }
}
