import type { TComment, TReply } from '@layerline/contract';
import { displayName } from '../../kernel/display-name';
import type { TCommentRow } from './comments.repository';

/** SPEC 3 Comment and reply fields; names never show an e-mail address. */
export function toReply(row: TCommentRow): TReply {
  return {
    ID: row.id,
    Content: row.content,
    UserID: row.userId,
    NickName: displayName(row.nickname, row.email),
    Avatar: row.avatar,
    CreatedAt: row.createdAt.toISOString(),
    work_id: row.workId,
    post_id: row.postId,
    parent_id: row.parentId,
    reply_to_id: row.replyToId,
    reply_to:
      row.replyToUserId === null ? '' : displayName(row.replyNickname ?? '', row.replyEmail ?? ''),
    reply_to_uid: row.replyToUserId,
  };
}

export function toComment(row: TCommentRow, replies: TReply[], replyCount: number): TComment {
  return { ...toReply(row), Replies: replies, reply_count: replyCount };
}
