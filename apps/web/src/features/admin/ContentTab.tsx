import App from 'antd/es/app';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { formatDateTime } from '../../i18n/format';
import { postPath } from '../community/post-link';
import { type TAdminComment, type TAdminPost, useAdminList, useDeleteContent } from './api';
import { ItemHistory, ListFrame, useFilterPage } from './parts';
import { ReasonDialog } from './ReasonDialog';

type TKind = 'post' | 'comment';
type TRow = { id: number; text: string; meta: string; time: string; link: string | null };

function postRow(post: TAdminPost): TRow {
  return {
    id: post.id,
    text: post.content,
    meta: post.user.nickname,
    time: post.created_at,
    link: postPath(post.id),
  };
}

function commentRow(comment: TAdminComment): TRow {
  const link =
    comment.work_id !== null
      ? PATHS.work(comment.work_id)
      : comment.post_id !== null
        ? postPath(comment.post_id)
        : null;
  return {
    id: comment.id,
    text: comment.content,
    meta: comment.user.nickname,
    time: comment.created_at,
    link,
  };
}

/** Recent posts and comments, newest first, with delete (a reason, then a confirmation). */
export function ContentTab() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { filter: kind, choose, page, setPage } = useFilterPage<TKind>('post');
  // Only the list on show is fetched.
  const list = useAdminList(kind === 'post' ? 'admin.posts' : 'admin.comments', { page });
  const remove = useDeleteContent();
  const [deleting, setDeleting] = useState<TRow | null>(null);
  const items = list.data?.data ?? [];
  const rows: TRow[] =
    kind === 'post'
      ? (items as TAdminPost[]).map(postRow)
      : (items as TAdminComment[]).map(commentRow);

  return (
    <>
      <Segmented<TKind>
        className="admin-filter"
        value={kind}
        options={[
          { value: 'post', label: t('content.posts') },
          { value: 'comment', label: t('content.comments') },
        ]}
        onChange={choose}
      />
      <ListFrame list={list} page={page} onPage={setPage}>
        {rows.map((row) => (
          <article key={row.id} className="admin-card" data-testid={`${kind}-${row.id}`}>
            <div className="admin-card__body">
              <p className="admin-card__meta">
                {t('common.by', { name: row.meta })} · {formatDateTime(row.time)}
              </p>
              <p className="admin-card__text">
                {row.link ? (
                  <a href={row.link} target="_blank" rel="noreferrer">
                    {row.text}
                  </a>
                ) : (
                  row.text
                )}
              </p>
              <ItemHistory kind={kind} id={row.id} />
            </div>
            <div className="admin-card__actions">
              <Button danger onClick={() => setDeleting(row)}>
                {t('content.delete')}
              </Button>
            </div>
          </article>
        ))}
      </ListFrame>
      {deleting && (
        <ReasonDialog
          title={t('content.deleteTitle')}
          okText={t('content.delete')}
          danger
          isPending={remove.isPending}
          onClose={() => setDeleting(null)}
          onSubmit={(reason) =>
            remove.mutate(
              { kind, id: deleting.id, reason },
              {
                onSuccess: () => {
                  void message.success(t('content.deleted'));
                  setDeleting(null);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
