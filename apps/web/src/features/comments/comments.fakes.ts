import { apiPath, type TComment, type TReply } from '@layerline/contract';
import { envelopeReply, type FakeNetwork, fakeNetwork } from '../../test/fake-network';

/** Five minutes ago: reads as '5 minutes ago' (SPEC 9 time display). */
const RECENT = () => new Date(Date.now() - 5 * 60_000).toISOString();

/** A reply as withsub and sub send it (contract ZReply). */
export function createReply(overrides: Partial<TReply> = {}): TReply {
  return {
    ID: 101,
    Content: 'Printed it too!',
    UserID: 12,
    NickName: 'Bob',
    Avatar: '',
    CreatedAt: RECENT(),
    work_id: 5,
    post_id: null,
    parent_id: 100,
    reply_to_id: 100,
    reply_to: 'Alice',
    reply_to_uid: 11,
    ...overrides,
  };
}

/** A comment with its first reply (contract ZComment). */
export function createComment(overrides: Partial<TComment> = {}): TComment {
  const replies = overrides.Replies ?? [];
  return {
    ID: 100,
    Content: 'Great lamp',
    UserID: 11,
    NickName: 'Alice',
    Avatar: '',
    CreatedAt: RECENT(),
    work_id: 5,
    post_id: null,
    parent_id: null,
    reply_to_id: null,
    reply_to: '',
    reply_to_uid: null,
    Replies: replies,
    reply_count: replies.length,
    ...overrides,
  };
}

/** `count` replies of thread `threadId`, oldest first, ids threadId*10 + 1 ... */
export function createReplies(threadId: number, count: number): TReply[] {
  return Array.from({ length: count }, (_, index) =>
    createReply({
      ID: threadId * 10 + index + 1,
      parent_id: threadId,
      reply_to_id: threadId,
      Content: `Reply ${index + 1}`,
    }),
  );
}

/**
 * Answers withsub for work 5 (or `options.path`, a post's list) by page and
 * pageSize; the totals default to the list's.
 */
export function serveComments(
  comments: TComment[],
  options: { limited?: boolean; total?: number; commentTotal?: number; path?: string } = {},
  network: FakeNetwork = fakeNetwork(),
) {
  network.on('GET', options.path ?? apiPath('comments.list', { workId: 5 }), (request) => {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('pageSize') ?? 10);
    const data = comments.slice((page - 1) * size, page * size);
    const total = options.total ?? comments.length;
    const replies = comments.reduce((sum, comment) => sum + comment.reply_count, 0);
    return envelopeReply(data, 200, 'success', {
      total,
      comment_total: options.commentTotal ?? total + replies,
      limited: options.limited ?? false,
    });
  });
}

/**
 * Answers sub for one thread by page and pageSize (`endpoint`: a post's
 * thread is community.replies).
 */
export function serveReplies(
  threadId: number,
  replies: TReply[],
  network: FakeNetwork = fakeNetwork(),
  endpoint: 'comments.replies' | 'community.replies' = 'comments.replies',
) {
  network.on('GET', apiPath(endpoint, { commentId: threadId }), (request) => {
    const page = Number(request.query.get('page') ?? 1);
    const size = Number(request.query.get('pageSize') ?? 10);
    const data = { ID: threadId, Replies: replies.slice((page - 1) * size, page * size) };
    return envelopeReply({ ...data, total: replies.length }, 200, 'success', {
      total: replies.length,
    });
  });
}
