import http from 'node:http';

export type TSseStream<T> = {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refused stream (not 200). */
  body: string;
  /** `data:` messages received so far, parsed as JSON. */
  events: T[];
  /** Comment lines (heartbeats) received so far. */
  comments: string[];
  /** The first message after the one `next` last returned that matches (received or to come). */
  next(match?: (event: T) => boolean, timeoutMs?: number): Promise<T>;
  close(): void;
  closed: Promise<void>;
};

/**
 * A minimal Server-Sent Events reader for tests: what a browser's
 * EventSource receives, over a real connection (app.inject cannot stream).
 */
export function openSse<T = unknown>(
  url: string,
  headers: Record<string, string> = {},
): Promise<TSseStream<T>> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } });
    request.on('error', reject);
    request.on('response', (response) => {
      response.setEncoding('utf8');
      const waiters: { match: (event: T) => boolean; done: (event: T) => void }[] = [];
      let buffer = '';
      let cursor = 0;
      let closedResolve: () => void = () => {};
      const stream: TSseStream<T> = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: '',
        events: [],
        comments: [],
        next(match = () => true, timeoutMs = 5000) {
          const index = stream.events.findIndex((event, i) => i >= cursor && match(event));
          if (index !== -1) {
            cursor = index + 1;
            return Promise.resolve(stream.events[index] as T);
          }
          return new Promise<T>((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no matching event in ${timeoutMs} ms`)),
              timeoutMs,
            );
            waiters.push({
              match,
              done: (event) => {
                clearTimeout(timer);
                done(event);
              },
            });
          });
        },
        close: () => request.destroy(),
        closed: new Promise((done) => {
          closedResolve = done;
        }),
      };
      const deliver = (event: T) => {
        stream.events.push(event);
        const waiter = waiters.find((candidate) => candidate.match(event));
        if (!waiter) return;
        waiters.splice(waiters.indexOf(waiter), 1);
        cursor = stream.events.length;
        waiter.done(event);
      };
      response.on('data', (chunk: string) => {
        if (stream.status !== 200) {
          stream.body += chunk;
          return;
        }
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
            else if (line.startsWith('data:')) deliver(JSON.parse(line.slice(5)) as T);
          }
          end = buffer.indexOf('\n\n');
        }
      });
      response.on('close', () => closedResolve());
      if (stream.status === 200) resolve(stream);
      else response.on('end', () => resolve(stream));
    });
  });
}

/**
 * `url` with a live stream ticket of the session whose access token is
 * `accessToken` (POST /api/v1/user/stream_ticket on the same origin, ADR
 * 0074), as the web client opens its streams.
 */
export async function withTicket(url: string, accessToken: string): Promise<string> {
  const target = new URL(url);
  const answer = await fetch(`${target.origin}/api/v1/user/stream_ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const body = (await answer.json()) as { data?: { ticket?: string } };
  if (!answer.ok || !body.data?.ticket) {
    throw new Error(`no stream ticket: ${answer.status} ${JSON.stringify(body)}`);
  }
  target.searchParams.set('ticket', body.data.ticket);
  return target.toString();
}
