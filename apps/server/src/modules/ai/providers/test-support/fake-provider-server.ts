import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake saw it. */
export type TFakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Milliseconds since the fake started; for lower-bound checks only (never upper). */
  at: number;
  json(): Record<string, unknown>;
  /** multipart/form-data parsed the way a real server would. */
  form(): Promise<FormData>;
};

export type TFakeReply = {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  body?: Buffer | string;
  /** Answer only after this long (a slow provider); cleared when the fake closes. */
  delayMs?: number;
  /** Drop the connection without an answer (a network failure). */
  hangUp?: boolean;
};

export type TFakeProvider = {
  url: string;
  requests: TFakeRequest[];
  /** Requests whose path starts with this. */
  calls(pathPrefix: string): TFakeRequest[];
  close(): Promise<void>;
};

/**
 * A local HTTP server on 127.0.0.1 that answers like a provider: tests give
 * it a handler that speaks the provider's documented protocol, including its
 * refusals. Nothing in provider tests leaves the machine.
 */
export async function startFakeProvider(
  handler: (request: TFakeRequest) => TFakeReply | Promise<TFakeReply>,
): Promise<TFakeProvider> {
  const started = Date.now();
  const requests: TFakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: TFakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        at: Date.now() - started,
        json: () => JSON.parse(body.toString('utf8')) as Record<string, unknown>,
        form: () =>
          new Request(url, {
            method: 'POST',
            headers: { 'content-type': String(req.headers['content-type'] ?? '') },
            body,
          }).formData(),
      };
      requests.push(request);
      let reply: TFakeReply;
      try {
        reply = await handler(request);
      } catch (error) {
        reply = { status: 599, body: `fake handler threw: ${String(error)}` };
      }
      const send = () => {
        if (res.destroyed) return;
        if (reply.hangUp) {
          res.socket?.destroy();
          return;
        }
        const payload =
          reply.json !== undefined ? Buffer.from(JSON.stringify(reply.json)) : (reply.body ?? '');
        res.writeHead(reply.status ?? 200, {
          ...(reply.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...reply.headers,
        });
        res.end(payload);
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, reply.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    calls: (prefix) => requests.filter((request) => request.path.startsWith(prefix)),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first request a fake got under a path; a test fails here when there was none. */
export function firstCall(fake: TFakeProvider | undefined, pathPrefix: string): TFakeRequest {
  const request = fake?.calls(pathPrefix)[0];
  if (!request) throw new Error(`the fake got no request under ${pathPrefix}`);
  return request;
}
