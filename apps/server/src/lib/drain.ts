import type { FastifyInstance } from 'fastify';

/**
 * Whether this instance is going away (ADR 0054). From the first SIGTERM or
 * SIGINT on: the readiness check answers 503 so the load balancer sends new
 * requests elsewhere, every answer says `Connection: close` so no client
 * reuses a connection to it, and a live stream asked for now is ended at
 * once with a reconnect hint (lib/sse.ts) instead of holding the process.
 */
export class Drain {
  private started = false;

  get isDraining(): boolean {
    return this.started;
  }

  /** True the first time only. */
  start(): boolean {
    if (this.started) return false;
    this.started = true;
    return true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's shutdown state (ADR 0054); main.ts starts it on SIGTERM. */
    drain: Drain;
  }
}

/**
 * Decorates the app with its Drain and marks every answer given while it
 * drains `Connection: close`: each connection then ends after the request
 * it carries, at a moment the client knows of, so a client never sends a
 * request on a connection the server is closing.
 */
export function registerDrain(app: FastifyInstance): Drain {
  const drain = new Drain();
  app.decorate('drain', drain);
  app.addHook('onRequest', async (_request, reply) => {
    if (drain.isDraining) reply.header('connection', 'close');
  });
  return drain;
}
