import '../../i18n/lazy/feed';
import '../../i18n/lazy/community';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { notePosts } from '../../entities/posts';
import { isApiError } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { retryCancelled } from '../feed/feed-query';
import { communityKeys, fetchPost } from './api';
import { PostCard } from './PostCard';
import './community.css';

/**
 * A post on its own (`/community?post=ID`, where notifications lead): the
 * card with its text unfolded and its comments open; `&comment=ID` pages to
 * that comment or reply and highlights it for 3000 ms (SPEC 4, SPEC 9).
 * Closing, or deleting the post, drops the post from the address.
 */
export function PostDialog({ postId, onClose }: { postId: number; onClose: () => void }) {
  const { t } = useTranslation(['community', 'feed']);
  const viewer = useSessionStore((state) => state.user.userId);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: communityKeys.post(postId, viewer),
    // The post's own answer makes its entry, which its card shows (ADR 0049).
    queryFn: async ({ signal }) => {
      const askedAt = Date.now();
      const post = await fetchPost(postId, signal);
      notePosts(queryClient, [post], askedAt, { create: true });
      return post;
    },
    ...retryCancelled,
  });

  let body = (
    <div className="post-dialog__state" aria-busy="true" data-testid="post-dialog-loading">
      <Skeleton active avatar paragraph={{ rows: 3 }} />
    </div>
  );
  if (query.data) {
    body = <PostCard post={query.data} isDetail onDeleted={onClose} />;
  } else if (query.isError) {
    const isMissing = isApiError(query.error) && query.error.kind === 'notFound';
    body = (
      <div className="post-dialog__state" role="alert" data-testid="post-dialog-error">
        <p>{isMissing ? t('dialog.notFound') : t('dialog.failed')}</p>
        {!isMissing && <Button onClick={() => void query.refetch()}>{t('feed:retry')}</Button>}
      </div>
    );
  }

  return (
    <Modal
      open
      title={t('dialog.title')}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
      className="post-dialog"
    >
      {/* antd's Modal does not pass data attributes on to what it renders. */}
      <div data-testid="post-dialog">{body}</div>
    </Modal>
  );
}
