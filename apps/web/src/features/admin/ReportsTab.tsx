import {
  REPORT_ITEM_KINDS,
  REPORT_STATUSES,
  type TReportItemKind,
  type TReportStatus,
} from '@layerline/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { formatDateTime } from '../../i18n/format';
import { postPath } from '../community/post-link';
import { type TAdminReport, useAdminList, useCloseReport } from './api';
import { ItemHistory, ListFrame, useFilterPage } from './parts';
import { ReasonDialog } from './ReasonDialog';

type TClosing = { report: TAdminReport; status: 'resolved' | 'dismissed' };

/** Where a reported item can be seen, when it still exists. */
function itemLink(report: TAdminReport): string | null {
  if (!report.item || report.item.removed) return null;
  if (report.kind === 'work') return PATHS.work(report.item_id);
  if (report.kind === 'post') return postPath(report.item_id);
  if (report.item.work_id !== null) return PATHS.work(report.item.work_id);
  if (report.item.post_id !== null) return postPath(report.item.post_id);
  return null;
}

/** Reported works, posts and comments, by state and kind: resolve or dismiss. */
export function ReportsTab() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const { filter, choose, page, setPage } = useFilterPage<{
    status: TReportStatus;
    kind: TReportItemKind | 'all';
  }>({ status: 'open', kind: 'all' });
  const { status, kind } = filter;
  const list = useAdminList('admin.reports', {
    status,
    kind: kind === 'all' ? undefined : kind,
    page,
  });
  const close = useCloseReport();
  const [closing, setClosing] = useState<TClosing | null>(null);
  const reports = list.data?.data ?? [];
  const counts = list.data?.counts ?? {};

  return (
    <>
      <div className="admin-filters">
        <Segmented
          value={status}
          options={REPORT_STATUSES.map((value) => ({
            value,
            label: t(`reports.statuses.${value}`),
          }))}
          onChange={(value) => choose({ ...filter, status: value })}
        />
        <Select<TReportItemKind | 'all'>
          aria-label={t('common.kind')}
          className="admin-filters__select"
          value={kind}
          onChange={(value) => choose({ ...filter, kind: value })}
          options={[
            { value: 'all', label: t('common.all') },
            ...REPORT_ITEM_KINDS.map((value) => ({
              value,
              label: `${t(`reports.kinds.${value}`)} (${counts[value] ?? 0})`,
            })),
          ]}
        />
      </div>
      <ListFrame list={list} page={page} onPage={setPage}>
        {reports.map((report) => {
          const link = itemLink(report);
          return (
            <article key={report.id} className="admin-card" data-testid={`report-${report.id}`}>
              <div className="admin-card__body">
                <p className="admin-card__meta">
                  <Tag>{t(`reports.kinds.${report.kind}`)}</Tag>
                  <Tag color="red">{t(`reports.reasons.${report.reason}`)}</Tag>
                  {t('reports.reporter', {
                    name: report.reporter?.nickname ?? t('common.unknownUser'),
                  })}{' '}
                  · {formatDateTime(report.created_at)}
                </p>
                {report.detail && <p className="admin-card__note">{report.detail}</p>}
                {report.item ? (
                  <p className="admin-card__text">
                    {report.item.removed && <Tag>{t('reports.removed')}</Tag>}
                    {link ? (
                      <a href={link} target="_blank" rel="noreferrer">
                        {report.item.text}
                      </a>
                    ) : (
                      report.item.text
                    )}
                  </p>
                ) : (
                  <p className="admin-card__text">{t('reports.gone')}</p>
                )}
                <ItemHistory kind="report" id={report.id} />
              </div>
              {report.status === 'open' && (
                <div className="admin-card__actions">
                  <Button type="primary" onClick={() => setClosing({ report, status: 'resolved' })}>
                    {t('reports.resolve')}
                  </Button>
                  <Button onClick={() => setClosing({ report, status: 'dismissed' })}>
                    {t('reports.dismiss')}
                  </Button>
                </div>
              )}
            </article>
          );
        })}
      </ListFrame>
      {closing && (
        <ReasonDialog
          title={t(closing.status === 'resolved' ? 'reports.resolve' : 'reports.dismiss')}
          isPending={close.isPending}
          onClose={() => setClosing(null)}
          onSubmit={(reason) =>
            close.mutate(
              { id: closing.report.id, status: closing.status, reason },
              {
                onSuccess: () => {
                  void message.success(t('common.done'));
                  setClosing(null);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
