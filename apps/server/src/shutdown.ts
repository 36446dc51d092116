import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** SHUTDOWN_GRACE_MS when unset: under the 30 s an orchestrator usually waits before SIGKILL. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;

/** SHUTDOWN_GRACE_MS when unset outside production (NODE_ENV): a dev restart is quick. */
export const DEV_SHUTDOWN_GRACE_MS = 3_000;

/** What is left after the grace period (closing pools and the database) gets this long. */
export const SHUTDOWN_CLOSE_MS = 10_000;

export type TShutdownSteps = {
  app: FastifyInstance;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long requests in flight and open connections get before they are cut. */
  graceMs: number;
  /** Stops the process's AI workers, handing their running jobs back to the queue. */
  handBackJobs: () => Promise<void>;
  /** After the server closed: engine threads, the database. */
  closeRest: () => Promise<void>;
};

/**
 * A graceful shutdown (ADR 0054), on the first SIGTERM or SIGINT:
 *
 * 1. The server stops accepting connections: a new one is refused, which a
 *    load balancer retries on another instance whatever the method, since
 *    nothing was sent.
 * 2. The app drains (lib/drain.ts): /healthz answers 503, every answer says
 *    `Connection: close`, live streams end with a reconnect hint. Only now,
 *    so no client is sent to reconnect while the listener still takes
 *    connections it would then drop.
 * 3. Running AI jobs are handed back to the queue.
 * 4. Requests in flight finish. A connection idle at the signal is not cut
 *    (its client may be sending on it just then, and a POST is never
 *    retried, SPEC 7): it closes after its next answer, at its keep-alive
 *    timeout, or when the grace period ends, when whatever is open is cut.
 * 5. The app's own resources close (Redis, live events, upload threads),
 *    then `closeRest`.
 *
 * A second signal cuts the remaining connections at once. Resolves with
 * the exit code.
 */
export function gracefulShutdown(steps: TShutdownSteps) {
  const { app, log, graceMs } = steps;
  const server = app.server as Server;
  let done: Promise<number> | undefined;
  const cutConnections = () => server.closeAllConnections();

  return (signal: NodeJS.Signals): Promise<number> => {
    if (done) {
      log.warn({ signal }, 'second signal: closing the remaining connections now');
      cutConnections();
      return done;
    }
    done = (async () => {
      // net's close, not http's: http's would first cut every idle keep-alive connection.
      const connectionsGone = new Promise<void>((resolve) => {
        NetServer.prototype.close.call(server, () => resolve());
      });
      app.drain.start();
      log.info({ signal, graceMs }, 'shutting down: no new connections, finishing the requests');
      const grace = setTimeout(() => {
        log.warn({ graceMs }, 'grace period over: closing the remaining connections');
        cutConnections();
      }, graceMs);
      grace.unref();
      try {
        await steps.handBackJobs().catch((error: unknown) => {
          log.error({ err: error }, 'AI jobs not handed back; their lease will return them');
        });
        await connectionsGone;
        clearTimeout(grace);
        await app.close();
        await steps.closeRest();
        log.info('shut down');
        return 0;
      } catch (error) {
        log.error({ err: error }, 'shutdown failed');
        return 1;
      }
    })();
    return done;
  };
}
