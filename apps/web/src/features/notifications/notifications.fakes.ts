import type { TNotification, TUnreadCounts } from '@layerline/contract';
import { vi } from 'vitest';
import { envelopeReply, fakeNetwork } from '../../test/fake-network';
import type { TEventSourceLike } from './live-unread';

/** An EventSource the test drives: open it, send messages, fail it. */
export class FakeEventSource implements TEventSourceLike {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  isClosed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  close() {
    this.isClosed = true;
  }

  open() {
    this.onopen?.(new Event('open'));
  }

  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }

  fail() {
    this.onerror?.(new Event('error'));
  }

  /** The ticket in ?ticket= (ADR 0074). */
  get ticket() {
    return new URL(this.url, 'http://layerline.test').searchParams.get('ticket');
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }

  /**
   * Replaces the browser's EventSource for this test, and has the scripted
   * server hand out stream tickets (ADR 0074: every stream opens with one),
   * `ticket-<n>`, or what a test's own route answers instead.
   */
  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    let tickets = 0;
    fakeNetwork().on('POST', '/api/v1/user/stream_ticket', () => {
      tickets += 1;
      return envelopeReply({ ticket: `ticket-${tickets}`, expiresIn: 60 });
    });
  }
}

export function unreadCounts(overrides: Partial<TUnreadCounts> = {}): TUnreadCounts {
  const counts = { comment: 0, liked: 0, favor: 0, follow: 0, system: 0, ...overrides };
  const total = counts.comment + counts.liked + counts.favor + counts.follow + counts.system;
  return { ...counts, total: overrides.total ?? total };
}

/** An item of the SPEC 7 notification lists (contract ZNotification). */
export function createNotification(overrides: Partial<TNotification> = {}): TNotification {
  return {
    id: 1,
    kind: 'comment',
    is_read: false,
    CreatedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
    user_id: 12,
    nickname: 'Bob',
    avatar: '',
    work_id: 5,
    work_title: 'Lithophane lamp',
    work_cover: '/files/lamp-cover.png',
    post_id: null,
    post_excerpt: '',
    post_image: '',
    comment_id: 101,
    parent_id: 100,
    is_reply: true,
    is_follow: false,
    system_type: null,
    title: '',
    content: 'Printed it too!',
    ...overrides,
  };
}

/** A comment (a reply by default) on one of the caller's community posts (ADR 0013). */
export function createPostNotification(overrides: Partial<TNotification> = {}): TNotification {
  return createNotification({
    work_id: null,
    work_title: '',
    work_cover: '',
    post_id: 7,
    post_excerpt: 'First print on the new bed, any tips for warping?',
    post_image: '/files/post-bed.webp',
    comment_id: 301,
    parent_id: 300,
    content: 'Try a brim',
    ...overrides,
  });
}
