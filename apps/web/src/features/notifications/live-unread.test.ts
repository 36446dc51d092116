import type { TUnreadCounts } from '@layerline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamUrl } from './api';
import { LiveUnreadClient, POLL_MS, type TLiveUnreadOptions } from './live-unread';
import { FakeEventSource, unreadCounts } from './notifications.fakes';

let token = 'access-1';
let tickets = 0;
/** A fake ticket names the token it was asked with (the API client sends it). */
const getTicket = vi.fn(() => Promise.resolve(`ticket-${++tickets}-${token}`));
/** Lets the asked ticket arrive. */
const ticketArrives = () => vi.advanceTimersByTimeAsync(0);
let fetchUnread: ReturnType<typeof vi.fn<() => Promise<TUnreadCounts>>>;
let received: number[];

function createClient(overrides: Partial<TLiveUnreadOptions> = {}) {
  return new LiveUnreadClient({
    getToken: () => token,
    getTicket,
    streamUrl,
    createEventSource: (url) => new FakeEventSource(url),
    fetchUnread,
    onCounts: (counts) => received.push(counts.total),
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  token = 'access-1';
  tickets = 0;
  getTicket.mockClear();
  received = [];
  fetchUnread = vi.fn(() => Promise.resolve(unreadCounts({ comment: 4 })));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveUnreadClient (live unread counts, ADR 0006)', () => {
  it('opens the stream with a ticket, never the token, and passes its counts on', async () => {
    const client = createClient();
    client.start();
    expect(FakeEventSource.instances).toHaveLength(0);
    await ticketArrives();
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/v1/notify/stream?ticket=ticket-1-access-1');
    source.open();
    source.send({ kind: null, unread: unreadCounts({ liked: 2 }) });
    source.send({ kind: 'follow', unread: unreadCounts({ liked: 2, follow: 1 }) });
    source.send('not an event');
    expect(received).toEqual([2, 3]);
    expect(fetchUnread).not.toHaveBeenCalled();
    client.stop();
    expect(source.isClosed).toBe(true);
  });

  it('after an error polls at once, then reopens with a new ticket after a growing delay', async () => {
    const client = createClient();
    client.start();
    await ticketArrives();
    const first = FakeEventSource.latest();
    first.open();
    // The server ended the stream of an expired session; meanwhile the token was renewed elsewhere.
    token = 'access-2';
    first.fail();
    expect(first.isClosed).toBe(true);
    expect(client.isPolling).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchUnread).toHaveBeenCalledTimes(1);
    expect(received).toEqual([4]);

    await vi.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = FakeEventSource.latest();
    expect(second.ticket).toBe('ticket-2-access-2');

    // It fails before opening: the counts are asked again, and the next wait is longer (2 s).
    second.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchUnread).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeEventSource.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    const third = FakeEventSource.latest();
    third.open();
    expect(client.isPolling).toBe(false);
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(fetchUnread).toHaveBeenCalledTimes(2);
    client.stop();
  });

  it('reopens at once with a renewed token, and does nothing when the token is the same', async () => {
    const client = createClient();
    client.start();
    await ticketArrives();
    const first = FakeEventSource.latest();
    first.open();
    client.renew();
    await ticketArrives();
    expect(FakeEventSource.instances).toHaveLength(1);
    token = 'access-3';
    client.renew();
    expect(first.isClosed).toBe(true);
    await ticketArrives();
    expect(FakeEventSource.latest().ticket).toBe('ticket-2-access-3');
    // The old stream's late events are ignored.
    first.send({ kind: null, unread: unreadCounts({ system: 9 }) });
    expect(received).toEqual([]);
    client.stop();
  });

  it('polls every 60 s when the browser has no EventSource', async () => {
    const client = createClient({ createEventSource: null });
    client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchUnread).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(fetchUnread).toHaveBeenCalledTimes(2);
    client.stop();
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(fetchUnread).toHaveBeenCalledTimes(2);
  });

  it('stops everything on logout, including a pending reconnect', async () => {
    const client = createClient();
    client.start();
    await ticketArrives();
    FakeEventSource.latest().fail();
    client.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(client.isPolling).toBe(false);
  });

  it('drops a ticket that arrives after logout or after a newer one was asked', async () => {
    const client = createClient();
    client.start();
    client.stop();
    await ticketArrives();
    expect(FakeEventSource.instances).toHaveLength(0);
    client.start();
    token = 'access-4';
    client.renew();
    await ticketArrives();
    expect(FakeEventSource.instances.map((source) => source.ticket)).toEqual(['ticket-3-access-4']);
    client.stop();
  });

  it('polls and tries again later when no ticket can be had', async () => {
    const client = createClient({ getTicket: () => Promise.reject(new Error('offline')) });
    client.start();
    await ticketArrives();
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(client.isPolling).toBe(true);
    expect(fetchUnread).toHaveBeenCalledTimes(1);
    client.stop();
  });
});
