import App from 'antd/es/app';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { SafeImage } from '../../components/SafeImage';
import { formatDateTime } from '../../i18n/format';
import {
  type TAdminAppeal,
  type TAppealStatus,
  useAdminList,
  useApproveWork,
  useRejectWork,
} from './api';
import { ItemHistory, ListFrame, useFilterPage } from './parts';
import { RejectDialog } from './RejectDialog';

const STATUSES: TAppealStatus[] = ['open', 'accepted', 'rejected'];

/** Appeals: the author's reason beside the rejection appealed and the work as it is now. */
export function AppealsTab() {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const { filter: status, choose, page, setPage } = useFilterPage<TAppealStatus>('open');
  const list = useAdminList('admin.appeals', { status, page });
  const approve = useApproveWork();
  const reject = useRejectWork();
  const [rejecting, setRejecting] = useState<TAdminAppeal | null>(null);
  const appeals = list.data?.data ?? [];

  return (
    <>
      <Segmented
        className="admin-filter"
        value={status}
        options={STATUSES.map((value) => ({ value, label: t(`appeals.statuses.${value}`) }))}
        onChange={choose}
      />
      <ListFrame list={list} page={page} onPage={setPage}>
        {appeals.map((appeal) => (
          <article
            key={appeal.id}
            className="admin-card admin-appeal"
            data-testid={`appeal-${appeal.id}`}
          >
            <div className="admin-appeal__columns">
              <section>
                <h4>{t('appeals.appeal')}</h4>
                <p className="admin-card__meta">
                  {t('common.by', { name: appeal.user?.nickname ?? t('common.unknownUser') })} ·{' '}
                  {formatDateTime(appeal.created_at)}
                </p>
                <p className="admin-card__text">{appeal.reason}</p>
              </section>
              <section>
                <h4>{t('appeals.rejection')}</h4>
                <p className="admin-card__text">{appeal.rejection_reason}</p>
              </section>
              <section>
                <h4>{t('appeals.work')}</h4>
                {appeal.work.cover[0] && (
                  <SafeImage className="admin-card__cover" src={appeal.work.cover[0]} alt="" />
                )}
                <a href={PATHS.work(appeal.work.id)} target="_blank" rel="noreferrer">
                  {appeal.work.title}
                </a>
                <p className="admin-card__text">{appeal.work.summary}</p>
                <p className="admin-card__meta">
                  {t('review.updated', { time: formatDateTime(appeal.work.updated_at) })}
                </p>
              </section>
              <ItemHistory kind="work" id={appeal.work.id} />
            </div>
            {appeal.status === 'open' && (
              <div className="admin-card__actions">
                <Button
                  type="primary"
                  loading={approve.isPending && approve.variables === appeal.work.id}
                  onClick={() =>
                    // Publishing puts the work before everyone: asked first.
                    void modal.confirm({
                      title: t('appeals.confirmTitle', { title: appeal.work.title }),
                      content: t('appeals.confirmBody'),
                      okText: t('appeals.approve'),
                      cancelText: t('common.cancel'),
                      onOk: () =>
                        approve.mutateAsync(appeal.work.id).then(
                          () => void message.success(t('review.approved')),
                          () => undefined,
                        ),
                    })
                  }
                >
                  {t('appeals.approve')}
                </Button>
                <Button danger onClick={() => setRejecting(appeal)}>
                  {t('appeals.rejectAgain')}
                </Button>
              </div>
            )}
          </article>
        ))}
      </ListFrame>
      {rejecting && (
        <RejectDialog
          title={rejecting.work.title}
          isPending={reject.isPending}
          onClose={() => setRejecting(null)}
          onSubmit={(rejection) =>
            reject.mutate(
              { id: rejecting.work.id, ...rejection },
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
