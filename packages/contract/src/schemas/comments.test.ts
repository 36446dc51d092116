import { describe, expect, it } from 'vitest';
import { message } from '../messages';
import { ZCommentPageQuery, ZCreateCommentRequest } from './comments';
import { ZMarkReadRequest, ZNotificationQuery } from './notifications';

const issueOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('comment schemas (SPEC 3 create payload, SPEC 5 rules)', () => {
  it('trims the content and reads pre_next and replyTo as sent', () => {
    expect(
      ZCreateCommentRequest.parse({
        work_id: '7',
        content: '  hello  ',
        user_id: 3,
        pre_next: '12',
        replyTo: '@Alice',
      }),
    ).toEqual({ work_id: 7, content: 'hello', user_id: 3, pre_next: 12, replyTo: '@Alice' });
    expect(ZCreateCommentRequest.parse({ work_id: 7, content: 'x', pre_next: null })).toMatchObject(
      { pre_next: null },
    );
  });

  it('refuses empty and too long content with catalogue keys', () => {
    expect(issueOf(ZCreateCommentRequest.safeParse({ work_id: 1, content: '   ' }))).toBe(
      'commentRequired',
    );
    expect(issueOf(ZCreateCommentRequest.safeParse({ work_id: 1 }))).toBe('commentRequired');
    expect(
      issueOf(ZCreateCommentRequest.safeParse({ work_id: 1, content: 'x'.repeat(1001) })),
    ).toBe('commentTooLong');
    expect(message('zh', 'commentTooLong')).toBe('评论不能超过 1000 个字符');
  });

  it('pages comments by 10 and notifications by 20 by default (SPEC 9, ours)', () => {
    expect(ZCommentPageQuery.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(ZNotificationQuery.parse({ page: '2' })).toEqual({ page: 2, pageSize: 20 });
    expect(ZMarkReadRequest.parse({})).toEqual({ kind: 'all' });
    expect(ZMarkReadRequest.safeParse({ kind: 'likes' }).success).toBe(false);
  });
});
