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
  private readonly listeners: Array<() => void> = [];

  get isDraining(): boolean {
    return this.started;
  }

  /** Runs `listener` when the drain starts (a module's live streams end then). */
  onStart(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** True the first time only. */
  start(): boolean {
    if (this.started) return false;
    this.started = true;
    for (const listener of this.listeners.splice(0)) listener();
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
 * drains `Connection: close`, those of requests that came before it began
 * too: each connection then ends after the request it carries, at a moment
 * the client knows of, so a client never sends a request on a connection
 * the server is closing.
 */
export function registerDrain(app: FastifyInstance): Drain {
  const drain = new Drain();
  app.decorate('drain', drain);
  app.addHook('onRequest', async (_request, reply) => {
    // On the response itself, where a live stream that takes it over sees it (lib/sse.ts).
    if (drain.isDraining) reply.raw.setHeader('connection', 'close');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    // A request that came before the drain and is answered after it.
    if (drain.isDraining) reply.header('connection', 'close');
    return payload;
  });
  return drain;
}
