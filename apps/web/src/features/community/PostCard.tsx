import '../../i18n/lazy/community';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import type { TPost } from '@layerline/contract';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyInAntdScope } from '../../app/antd-lazy';
import { UserAvatar } from '../../components/UserAvatar';
import { Button } from '../../components/ui/Button';
import { usePostState } from '../../entities/posts';
import { formatBadge } from '../social/badge';
import { LikeToggle } from '../social/LikeButton';
import { TimeAgo } from '../social/TimeAgo';
import { useOpenProfile } from '../works/use-open-work';
import { displayNickname } from '../works/work-format';
import { PostBody } from './PostBody';
import { postImages } from './PostImages';
import { PostMenuButton } from './PostMenuButton';
import { postPath } from './post-link';
import { useLikePost, usePostRights } from './use-post-actions';
import '../social/social.css';
import './community.css';

// The editor brings the upload list and the works picker: loaded when an author edits.
const PostEditDialog = lazyInAntdScope(
  async () => (await import('./PostEditDialog')).PostEditDialog,
);
// The comment panel and its composer are drawn with antd: loaded when they open, so a
// list of posts paints without antd (docs/PERFORMANCE.md, "Community, AI creation and
// search first load").
const loadComments = async () => (await import('./PostComments')).PostComments;
const PostComments = lazyInAntdScope(loadComments);

function LikeButton({ post }: { post: TPost }) {
  const { toggle, isPending } = useLikePost(post);
  return (
    <LikeToggle
      isLiked={post.is_like}
      count={post.like}
      onToggle={toggle}
      isPending={isPending}
      className="post-card__action"
      testId="post-like"
      countTestId="post-likes"
    />
  );
}

export type TPostCardProps = {
  post: TPost;
  /** The post dialog: text unfolded, comments open and answering `?comment=`. */
  isDetail?: boolean;
  /** After the post was deleted (the dialog closes). */
  onDeleted?: () => void;
};

/**
 * A community post (SPEC 3 Post, ADR 0013): author (their profile, or the
 * login dialog for visitors, as on work cards), time ago (SPEC 9), the text
 * folded when long, topic, pictures with a lightbox, the linked work, the
 * like button (optimistic, login for visitors) and the comment count, which
 * opens the comment panel under the card. The ⋯ menu edits (author) and
 * deletes (author, moderators and admins). The post shows as its entry has
 * it (ADR 0049): a like, a comment count or an edit made anywhere shows
 * here, and a deleted post's card goes.
 */
export function PostCard({ post: answer, isDetail = false, onDeleted }: TPostCardProps) {
  const { t } = useTranslation('community');
  const post = usePostState(answer);
  const openAuthor = useOpenProfile();
  const [isCommentsOpen, setCommentsOpen] = useState(isDetail);
  const [isEditing, setEditing] = useState(false);
  const commentsId = useId();
  const name = displayNickname(post.nickname);
  // My activity: a post of someone else's is there because I commented on it.
  const { isAuthor } = usePostRights(post);
  const isCommented = post.activity === 'commented' && !isAuthor;
  if (post.removed) return null;

  return (
    <article
      className={`post-card${isDetail ? ' post-card--detail' : ''}`}
      aria-label={name}
      data-testid="post-card"
      data-post-id={post.id}
    >
      <header className="post-card__head">
        <div className="post-card__byline">
          {/* The name is the way in for keyboards and readers; the avatar is a larger target. */}
          <button
            type="button"
            className="post-card__avatar"
            tabIndex={-1}
            aria-hidden
            onClick={() => openAuthor(post.user_id)}
          >
            <UserAvatar src={post.avatar} size={40} alt="" />
          </button>
          <button
            type="button"
            className="post-card__name"
            onClick={() => openAuthor(post.user_id)}
            data-testid="post-author"
          >
            {name}
          </button>
          <span className="post-card__meta">
            {isCommented && <span className="post-card__activity">{t('card.commented')}</span>}
            {isDetail ? (
              <TimeAgo className="post-card__time" value={post.CreatedAt} />
            ) : (
              // The post's own address: its dialog, to share or to read it on its own.
              <Link to={postPath(post.id)} className="post-card__time-link" data-testid="post-link">
                <TimeAgo className="post-card__time" value={post.CreatedAt} />
              </Link>
            )}
          </span>
        </div>
        <PostMenuButton post={post} onEdit={() => setEditing(true)} onDeleted={onDeleted} />
      </header>
      <PostBody
        content={post.content}
        topic={post.topic}
        images={postImages(post)}
        work={post.work}
        isClamped={!isDetail}
      />
      <footer className="post-card__actions">
        <LikeButton post={post} />
        <Button
          variant="text"
          className={`social-button post-card__action${isCommentsOpen ? ' is-on' : ''}`}
          icon={<MessageOutlined aria-hidden />}
          title={t(isCommentsOpen ? 'card.hideComments' : 'card.showComments')}
          aria-expanded={isCommentsOpen}
          aria-controls={commentsId}
          onPointerEnter={() => void loadComments()}
          onClick={() => setCommentsOpen((open) => !open)}
          data-testid="post-comment-button"
        >
          <span className="visually-hidden">{t('card.comments')}</span>
          <span data-testid="post-comment-count">{formatBadge(post.comment_count)}</span>
        </Button>
      </footer>
      <div id={commentsId} hidden={!isCommentsOpen}>
        {isCommentsOpen && (
          <Suspense fallback={null}>
            <PostComments post={post} followLink={isDetail} />
          </Suspense>
        )}
      </div>
      {isEditing && (
        <Suspense fallback={null}>
          <PostEditDialog post={post} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </article>
  );
}
