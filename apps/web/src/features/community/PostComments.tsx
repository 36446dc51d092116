import type { TPost } from '@layerline/contract';
import { useMemo } from 'react';
import { CommentComposer } from '../comments/CommentComposer';
import { CommentPanel } from '../comments/CommentPanel';
import { CommentsProvider } from '../comments/CommentsProvider';

/**
 * A post's comments (ADR 0013): the works' comment panel and input on the
 * post's paths, with the same threads, '@name ' replies, deletion rights and
 * visitor mask ('Login to view all comments', SPEC 6). A new count goes to
 * the post's entry, so every card of the post shows it (ADR 0049).
 * `followLink`: this panel answers `?comment=` (the post dialog).
 */
export function PostComments({
  post,
  followLink = false,
}: {
  post: Pick<TPost, 'id' | 'comment_count'>;
  followLink?: boolean;
}) {
  const { id, comment_count } = post;
  const subject = useMemo(
    () => ({ kind: 'post' as const, id, comment_count }),
    [id, comment_count],
  );
  return (
    <div className="post-comments" data-testid="post-comments">
      <CommentsProvider subject={subject} followLink={followLink}>
        <CommentPanel />
        <div className="post-comments__input">
          <CommentComposer />
        </div>
      </CommentsProvider>
    </div>
  );
}
