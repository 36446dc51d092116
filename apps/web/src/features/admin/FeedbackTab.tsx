import App from 'antd/es/app';
import Image from 'antd/es/image';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { type TFeedbackStatus, useAdminList, useFeedbackStatus } from './api';
import { ItemHistory, ListFrame, useFilterPage } from './parts';

const STATUSES: TFeedbackStatus[] = ['open', 'answered', 'closed'];

/** The feedback inbox by state, with its pictures (thumbnails open full size). */
export function FeedbackTab() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { filter: status, choose, page, setPage } = useFilterPage<TFeedbackStatus>('open');
  const list = useAdminList('admin.feedback', { status, page });
  const change = useFeedbackStatus();
  const items = list.data?.data ?? [];
  const counts = list.data?.counts ?? {};

  return (
    <>
      <Segmented
        className="admin-filter"
        value={status}
        options={STATUSES.map((value) => ({
          value,
          label: `${t(`feedback.statuses.${value}`)} (${counts[value] ?? 0})`,
        }))}
        onChange={choose}
      />
      <ListFrame list={list} page={page} onPage={setPage}>
        {items.map((item) => (
          <article key={item.id} className="admin-card" data-testid={`feedback-${item.id}`}>
            <div className="admin-card__body">
              <p className="admin-card__meta">
                {t('common.by', { name: item.user?.nickname ?? t('feedback.visitor') })} ·{' '}
                {formatDateTime(item.created_at)} · {item.locale}
              </p>
              <p className="admin-card__text">{item.suggestion}</p>
              {item.contact && (
                <p className="admin-card__meta">
                  {t('feedback.contact', { contact: item.contact })}
                </p>
              )}
              {item.pictures.length > 0 && (
                <Image.PreviewGroup>
                  <div className="admin-card__pictures">
                    {item.pictures.map((src, index) => (
                      <Image
                        key={src}
                        src={src}
                        width={72}
                        height={72}
                        alt={t('feedback.picture', { n: index + 1 })}
                      />
                    ))}
                  </div>
                </Image.PreviewGroup>
              )}
              <ItemHistory kind="feedback" id={item.id} />
            </div>
            <div className="admin-card__actions">
              <Select<TFeedbackStatus>
                aria-label={t('common.status')}
                value={item.status}
                disabled={change.isPending}
                onChange={(next) =>
                  change.mutate(
                    { id: item.id, status: next },
                    { onSuccess: () => void message.success(t('common.done')) },
                  )
                }
                options={STATUSES.map((value) => ({
                  value,
                  label: t(`feedback.statuses.${value}`),
                }))}
              />
            </div>
          </article>
        ))}
      </ListFrame>
    </>
  );
}
