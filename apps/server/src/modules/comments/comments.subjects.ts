import type { TMessageKey } from '@layerline/contract';
import type { TRepositories } from '../../db/unit-of-work';
import type { TAuth } from '../../kernel/request-auth';
import { canView } from '../works';

/** What a comment is about (ADR 0013): a work or a community post. */
export type TSubjectKind = 'work' | 'post';
export type TSubject = { kind: TSubjectKind; id: number };

/**
 * The little the comments service needs to know of a subject (ADR 0013);
 * everything else (threads, limits, words, the visitor mask, rights,
 * notifications) is one code path. The counter column is the repository's
 * (works.comment_count or posts.comment_count by `kind`).
 */
export type TSubjectAdapter = {
  kind: TSubjectKind;
  /**
   * The author of a subject that takes new comments now; undefined answers
   * 404. Called on the comment's unit of work.
   */
  commentable(tx: TRepositories, id: number): Promise<{ ownerId: number } | undefined>;
  /** Whether the viewer may read the subject's comments; false answers 404. */
  visible(tx: TRepositories, id: number, viewer: TAuth | null): Promise<boolean>;
  /** The refusal of a reply target that is gone or about another subject. */
  targetInvalid: TMessageKey;
};

const workSubject: TSubjectAdapter = {
  kind: 'work',
  // Only published works take comments; others answer as if missing.
  async commentable(tx, id) {
    const found = await tx.workRecords.findById(id);
    return found?.work.status === 'published' ? { ownerId: found.work.userId } : undefined;
  },
  // DESIGN 3: a work in review or rejected shows to its owner and moderators only.
  async visible(tx, id, viewer) {
    const found = await tx.workRecords.findById(id);
    return found !== undefined && canView(found.work, viewer);
  },
  targetInvalid: 'replyTargetInvalid',
};

/** A post has no review state: it exists (for everybody) or it is gone (hard-deleted). */
const postSubject: TSubjectAdapter = {
  kind: 'post',
  // 'key share': a deletion of the post waits for the new comment and takes it
  // along (cascade) instead of the insert failing on the foreign key.
  async commentable(tx, id) {
    const post = await tx.postRecords.find(id, { lock: 'key share' });
    return post ? { ownerId: post.userId } : undefined;
  },
  async visible(tx, id) {
    return (await tx.postRecords.find(id)) !== undefined;
  },
  targetInvalid: 'postReplyTargetInvalid',
};

export const SUBJECTS: Record<TSubjectKind, TSubjectAdapter> = {
  work: workSubject,
  post: postSubject,
};

/** The subject of a stored comment (the CHECK holds that exactly one key is set). */
export function subjectOf(row: { workId: number | null; postId: number | null }): TSubject {
  if (row.workId !== null) return { kind: 'work', id: row.workId };
  if (row.postId !== null) return { kind: 'post', id: row.postId };
  throw new Error('comment without a subject');
}

/** The subject as the foreign keys of a comment or notification row. */
export function subjectKeys(subject: TSubject): { workId: number | null; postId: number | null } {
  return {
    workId: subject.kind === 'work' ? subject.id : null,
    postId: subject.kind === 'post' ? subject.id : null,
  };
}
