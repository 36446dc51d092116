import '../../i18n/lazy/comments';
import LockOutlined from '@ant-design/icons/LockOutlined';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { useLoginGuard } from '../social/use-login-guard';
import { useComments } from './CommentsProvider';
import { CommentThread } from './CommentThread';
import './comments.css';

/**
 * SPEC 2 comment list with replies: pages of 10 with 'load more' (a failed
 * page is asked for again, SPEC 4 rollback), and for visitors the first 2
 * comments under the mask 'Login to view all comments' (SPEC 6). SPEC 4: the
 * panel is open or closed (the bar's comment button); closed, only its title stays.
 */
export function CommentPanel() {
  const { t } = useTranslation(['comments', 'common']);
  const canAct = useLoginGuard();
  const { list, commentCount, panelRef, isPanelOpen, panelBodyId } = useComments();
  const { state, hasMore } = list;
  const shown = state.threads.length;
  const isMasked = state.limited && commentCount > shown;

  let body = (
    <div aria-busy="true" data-testid="comments-loading">
      <p className="visually-hidden" role="status">
        {t('loading')}
      </p>
      <Skeleton active avatar paragraph={{ rows: 2 }} />
    </div>
  );
  if (state.status === 'error') {
    body = (
      <div className="comment-panel__notice" role="alert">
        <p className="work-muted">{t('loadFailed')}</p>
        <Button onClick={() => void list.reload()}>{t('common:retry')}</Button>
      </div>
    );
  } else if (state.status === 'ready') {
    body = (
      <>
        {shown === 0 && !isMasked && <p className="work-muted">{t('empty')}</p>}
        {shown > 0 && (
          <ul className="comment-list" data-testid="comment-list">
            {state.threads.map((thread) => (
              <CommentThread key={thread.comment.ID} thread={thread} />
            ))}
          </ul>
        )}
        {isMasked && (
          <div className="comment-mask" data-testid="comment-mask">
            <LockOutlined aria-hidden />
            <p>{t('visitorMask')}</p>
            <Button type="primary" onClick={canAct}>
              {t('login')}
            </Button>
          </div>
        )}
        {hasMore && (
          <div className="comment-panel__more">
            {state.loadMoreFailed && <p className="work-muted">{t('loadFailed')}</p>}
            <Button
              loading={state.isLoadingMore}
              onClick={() => void list.loadMore()}
              data-testid="comments-more"
            >
              {state.loadMoreFailed ? t('common:retry') : t('loadMore')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section
      ref={panelRef}
      className="comment-panel"
      aria-label={t('title')}
      data-testid="comment-panel"
    >
      <h3 className="work-section-title">{t('titleWithCount', { count: commentCount })}</h3>
      <div
        id={panelBodyId}
        className="comment-panel__body"
        hidden={!isPanelOpen}
        data-testid="comment-panel-body"
      >
        {body}
      </div>
    </section>
  );
}
