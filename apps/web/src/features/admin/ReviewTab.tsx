import App from 'antd/es/app';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { SafeImage } from '../../components/SafeImage';
import { formatDateTime } from '../../i18n/format';
import { type TModerationItem, useApproveWork, useRejectWork, useReviewQueue } from './api';
import { ItemHistory, ListFrame } from './parts';
import { RejectDialog } from './RejectDialog';

/** Works in review, oldest change first: approve, or reject with a reason. */
export function ReviewTab() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const queue = useReviewQueue(page);
  const approve = useApproveWork();
  const reject = useRejectWork();
  const [rejecting, setRejecting] = useState<TModerationItem | null>(null);
  const works = queue.data?.data ?? [];

  return (
    <>
      <ListFrame list={queue} page={page} onPage={setPage}>
        {works.map((work) => (
          <article key={work.id} className="admin-card" data-testid={`review-${work.id}`}>
            {work.cover[0] && (
              <SafeImage className="admin-card__cover" src={work.cover[0]} alt="" />
            )}
            <div className="admin-card__body">
              <a
                className="admin-card__title"
                href={PATHS.work(work.id)}
                target="_blank"
                rel="noreferrer"
              >
                {work.title}
              </a>
              <p className="admin-card__meta">
                {t('common.by', { name: work.nickname })} ·{' '}
                {t('review.updated', { time: formatDateTime(work.UpdatedAt) })}
              </p>
              {work.summary && <p className="admin-card__text">{work.summary}</p>}
              {work.appeal_reason && (
                <p className="admin-card__note">
                  {t('review.appealNote', { reason: work.appeal_reason })}
                </p>
              )}
              <ItemHistory kind="work" id={work.id} />
            </div>
            <div className="admin-card__actions">
              <Button
                type="primary"
                loading={approve.isPending && approve.variables === work.id}
                onClick={() =>
                  approve.mutate(work.id, {
                    onSuccess: () => void message.success(t('review.approved')),
                  })
                }
              >
                {t('review.approve')}
              </Button>
              <Button danger onClick={() => setRejecting(work)}>
                {t('review.reject')}
              </Button>
            </div>
          </article>
        ))}
      </ListFrame>
      {rejecting && (
        <RejectDialog
          title={rejecting.title}
          isPending={reject.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(rejection) =>
            reject.mutate(
              { id: rejecting.id, ...rejection },
              {
                onSuccess: () => {
                  void message.success(t('review.rejected'));
                  setRejecting(null);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
