import { type TNotificationKind, type TUnreadCounts, ZLiveEvent } from '@layerline/contract';

/** The part of EventSource the client uses, so tests can hand in a fake. */
export type TEventSourceLike = {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close: () => void;
};

export type TLiveUnreadOptions = {
  /** The session's current access token; '' when logged out. */
  getToken: () => string;
  /** A ticket that opens one stream (ADR 0074), asked through the API client. */
  getTicket: () => Promise<string>;
  streamUrl: (ticket: string) => string;
  /** Null when the browser has no EventSource: the counts are polled instead. */
  createEventSource: ((url: string) => TEventSourceLike) | null;
  /** GET unread through the API client, which also renews an expired token. */
  fetchUnread: () => Promise<TUnreadCounts>;
  onCounts: (counts: TUnreadCounts, kind: TNotificationKind | null) => void;
  pollMs?: number;
  reconnectDelaysMs?: readonly number[];
};

/** Ours: the unread endpoint is polled every 60 s while no stream is open. */
export const POLL_MS = 60_000;
/** Ours: waits before reopening a failed stream, growing to a minute. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000, 60_000] as const;

/**
 * Live unread counts (ADR 0006): an EventSource on the notification stream,
 * opened with a ticket asked for each connection (ADR 0074; never the access
 * token in the URL). The server closes a stream whose session ended, so on
 * any error the stream is closed, the counts are fetched through the API
 * client (renewing the token when it expired, which reopens the stream
 * through `renew`), and the stream is reopened after a growing delay with a
 * new ticket. While no stream is open, or when the
 * browser has none, the counts are polled every 60 s.
 */
export class LiveUnreadClient {
  private source: TEventSourceLike | null = null;
  private isRunning = false;
  private failures = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private token = '';
  /** Counts connections begun: a ticket that arrives for an older one is dropped. */
  private attempt = 0;

  constructor(private readonly options: TLiveUnreadOptions) {}

  /** The token the open stream (or the last attempt) used. */
  get currentToken(): string {
    return this.token;
  }

  get isStreaming(): boolean {
    return this.source !== null;
  }

  get isPolling(): boolean {
    return this.pollTimer !== undefined;
  }

  start(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.failures = 0;
    this.connect();
  }

  /** Logout: no stream, no timers. */
  stop(): void {
    this.isRunning = false;
    this.attempt += 1;
    this.closeSource();
    this.stopPolling();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  /** The token changed (refresh or a new login): reopen the stream with it. */
  renew(): void {
    if (!this.isRunning) {
      this.start();
      return;
    }
    if (this.source && this.options.getToken() === this.token) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.closeSource();
    this.connect();
  }

  private connect(): void {
    const token = this.options.getToken();
    this.token = token;
    this.attempt += 1;
    if (!token) return;
    const { createEventSource } = this.options;
    if (!createEventSource) {
      this.startPolling();
      return;
    }
    const attempt = this.attempt;
    const isCurrent = () => this.isRunning && attempt === this.attempt;
    this.options.getTicket().then(
      (ticket) => {
        if (isCurrent()) this.open(createEventSource, ticket);
      },
      () => {
        if (isCurrent()) this.fail();
      },
    );
  }

  private open(createEventSource: (url: string) => TEventSourceLike, ticket: string): void {
    let source: TEventSourceLike;
    try {
      source = createEventSource(this.options.streamUrl(ticket));
    } catch {
      this.fail();
      return;
    }
    this.source = source;
    source.onopen = () => {
      if (this.source !== source) return;
      this.failures = 0;
      this.stopPolling();
    };
    source.onmessage = (event) => {
      if (this.source !== source) return;
      const parsed = parseEvent(event.data);
      if (parsed) this.options.onCounts(parsed.unread, parsed.kind);
    };
    source.onerror = () => {
      if (this.source === source) this.fail();
    };
  }

  private fail(): void {
    this.closeSource();
    const delays = this.options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
    const delay = delays[Math.min(this.failures, delays.length - 1)] ?? POLL_MS;
    this.failures += 1;
    // Each failure asks at once: the call renews an expired token, which reopens the stream.
    if (this.pollTimer === undefined) this.startPolling();
    else void this.poll();
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.isRunning) this.connect();
    }, delay);
  }

  private closeSource(): void {
    const source = this.source;
    this.source = null;
    if (!source) return;
    source.onopen = null;
    source.onmessage = null;
    source.onerror = null;
    source.close();
  }

  private startPolling(): void {
    if (this.pollTimer !== undefined) return;
    void this.poll();
    this.pollTimer = setInterval(() => void this.poll(), this.options.pollMs ?? POLL_MS);
  }

  private stopPolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private async poll(): Promise<void> {
    try {
      const counts = await this.options.fetchUnread();
      if (this.isRunning) this.options.onCounts(counts, null);
    } catch {
      // The badge keeps its last counts until the next poll or stream message.
    }
  }
}

function parseEvent(
  data: unknown,
): { kind: TNotificationKind | null; unread: TUnreadCounts } | null {
  if (typeof data !== 'string') return null;
  try {
    const result = ZLiveEvent.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
