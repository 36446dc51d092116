import { vi } from 'vitest';

/**
 * The network boundary of the web tests: `fetch` and `XMLHttpRequest` are
 * replaced by a scripted server, so the real API client (headers, queue,
 * refresh, envelope rules) runs unchanged. A request no route answers stays
 * pending, like a server that has not answered yet; nothing leaves the process.
 */
export type TNetworkRequest = {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** Parsed JSON for JSON bodies, the FormData itself for uploads. */
  body: unknown;
  authorization: string | null;
};

export type TRouteHandler = (request: TNetworkRequest) => Response | Promise<Response>;

type TRoute = { method: string; path: string | RegExp; handler: TRouteHandler };

export function jsonReply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** DESIGN 3 envelope; business codes (10xx) answer HTTP 400, others mirror the code. */
export function envelopeReply(
  data: unknown = null,
  code = 200,
  msg = 'success',
  extra: Record<string, unknown> = {},
): Response {
  const status = code >= 1000 ? 400 : code;
  return jsonReply({ code, msg, data, ...extra }, status);
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** Never settles, except that aborting (timeout, cancel) rejects like fetch does. */
function silence(signal: AbortSignal | null | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), {
      once: true,
    });
  });
}

export class FakeNetwork {
  readonly calls: TNetworkRequest[] = [];
  private readonly routes: TRoute[] = [];

  /** Later routes win over earlier ones for the same request. */
  on(method: string, path: string | RegExp, handler: TRouteHandler): this {
    this.routes.unshift({ method: method.toUpperCase(), path, handler });
    return this;
  }

  callsTo(method: string, path: string | RegExp): TNetworkRequest[] {
    return this.calls.filter((call) => matches(call, method.toUpperCase(), path));
  }

  /** The answer of the first matching route, or null when none matches. */
  handle(request: TNetworkRequest): Promise<Response> | null {
    this.calls.push(request);
    const route = this.routes.find((item) => matches(request, item.method, item.path));
    if (!route) return null;
    return Promise.resolve().then(() => route.handler(request));
  }

  readonly fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const request = toRequest(String(input), init.method ?? 'GET', new Headers(init.headers));
    request.body = parseBody(init.body);
    return this.handle(request) ?? silence(init.signal);
  };
}

function matches(call: TNetworkRequest, method: string, path: string | RegExp): boolean {
  if (call.method !== method) return false;
  return typeof path === 'string' ? call.path === path : path.test(call.path);
}

function toRequest(url: string, method: string, headers: Headers): TNetworkRequest {
  const parsed = new URL(url, 'http://layerline.test');
  return {
    method: method.toUpperCase(),
    url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers,
    body: null,
    authorization: headers.get('Authorization'),
  };
}

type TProgressListener = (event: {
  loaded: number;
  total: number;
  lengthComputable: boolean;
}) => void;

/** The part of XMLHttpRequest the upload path uses, answered by the same routes. */
function fakeXhrClass(network: FakeNetwork) {
  return class FakeXhr {
    method = '';
    url = '';
    responseType = '';
    status = 0;
    responseText = '';
    private contentType = '';
    private readonly headers = new Headers();
    private readonly controller = new AbortController();
    upload: { onprogress: TProgressListener | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? this.contentType : null;
    }
    abort() {
      this.controller.abort();
      this.onabort?.();
    }
    send(body: unknown) {
      const request = toRequest(this.url, this.method, this.headers);
      request.body = body;
      const size = body instanceof FormData ? formSize(body) : 0;
      this.upload.onprogress?.({
        loaded: Math.floor(size / 2),
        total: size,
        lengthComputable: true,
      });
      const answer = network.handle(request);
      if (!answer) return;
      answer.then(
        async (response) => {
          if (this.controller.signal.aborted) return;
          this.upload.onprogress?.({ loaded: size, total: size, lengthComputable: true });
          this.status = response.status;
          this.contentType = response.headers.get('content-type') ?? '';
          this.responseText = await response.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  };
}

function formSize(form: FormData): number {
  let size = 0;
  for (const [, value] of form) size += typeof value === 'string' ? value.length : value.size;
  return size;
}

let current = new FakeNetwork();

/** Called before every test by the setup file. */
export function installFakeNetwork(): FakeNetwork {
  current = new FakeNetwork();
  vi.stubGlobal('fetch', current.fetch);
  vi.stubGlobal('XMLHttpRequest', fakeXhrClass(current));
  return current;
}

/** The scripted server of the running test. */
export function fakeNetwork(): FakeNetwork {
  return current;
}
