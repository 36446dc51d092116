import CodeSandboxOutlined from '@ant-design/icons/CodeSandboxOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import type { TAiJob } from '@layerline/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Popconfirm from 'antd/es/popconfirm';
import Tag from 'antd/es/tag';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { deleteJob, RECORDS_PAGE_SIZE, useRecords, useRefreshAiData } from './api';
import { isActive, resultFiles } from './job-state';
import { toolOfJob } from './tools';
import { errorText } from './use-ai-job';

const STATE_COLORS = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
} as const;

type TRecordsPanelProps = {
  currentJobId: number | null;
  onOpen: (job: TAiJob) => void;
  onRerun: (job: TAiJob) => void;
};

/**
 * SPEC 3 AI records: prompt, style, ratio, count, type, format, size and
 * time of each of the maker's jobs, newest first, paged; open one again,
 * run it again with the same settings, or delete it.
 */
export function RecordsPanel({ currentJobId, onOpen, onRerun }: TRecordsPanelProps) {
  const { t } = useTranslation('ai');
  const [page, setPage] = useState(1);
  const records = useRecords(page);
  const refresh = useRefreshAiData();
  const { message } = App.useApp();

  const remove = async (job: TAiJob) => {
    try {
      await deleteJob(job.id);
      void message.success(t('records.deleted'));
    } catch (error) {
      void message.error(errorText(error, t('records.deleteFailed')));
    }
    refresh();
  };

  const items = records.data?.data ?? [];
  const total = records.data?.total ?? 0;
  // "Run again" waits while a job of the same tool runs (one job per tool at a time).
  const busyTools = new Set(
    items.filter((job) => isActive(job.state)).map((job) => recordTool(job)),
  );

  return (
    <section className="ai-records" aria-labelledby="ai-records-title" data-testid="ai-records">
      <h2 id="ai-records-title" className="ai-records__title">
        {t('records.title')}
      </h2>
      {records.isError && (
        <p role="alert" className="ai-records__error">
          {errorText(records.error, t('records.loadFailed'))}
        </p>
      )}
      {!records.isLoading && items.length === 0 && !records.isError && (
        <Empty description={t('records.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <ul className="ai-records__list">
        {items.map((job) => {
          const files = resultFiles(job);
          const thumb = files.find((file) => file.kind === 'image' || file.kind === 'svg');
          return (
            <li
              key={job.id}
              className={`ai-record${job.id === currentJobId ? ' ai-record--current' : ''}`}
              data-testid="ai-record"
              data-job-id={job.id}
              data-state={job.state}
            >
              <div className="ai-record__thumb">
                {thumb ? <img src={thumb.url} alt="" loading="lazy" /> : <CodeSandboxOutlined />}
              </div>
              <div className="ai-record__body">
                <div className="ai-record__head">
                  <strong>{recordName(job, t)}</strong>
                  <Tag color={STATE_COLORS[job.state]}>{t(`states.${job.state}`)}</Tag>
                </div>
                {job.prompt && (
                  <p className="ai-record__prompt" title={job.prompt}>
                    {job.prompt}
                  </p>
                )}
                <dl className="ai-record__meta">
                  {job.style && (
                    <>
                      <dt>{t('records.style')}</dt>
                      <dd>
                        {t(`styles.${job.style}` as 'styles.none', { defaultValue: job.style })}
                      </dd>
                    </>
                  )}
                  {job.ratio && (
                    <>
                      <dt>{t('records.ratio')}</dt>
                      <dd>{job.ratio}</dd>
                    </>
                  )}
                  <dt>{t('records.count')}</dt>
                  <dd>{job.count}</dd>
                  {job.format && (
                    <>
                      <dt>{t('records.format')}</dt>
                      <dd>{job.format}</dd>
                    </>
                  )}
                  {job.size && (
                    <>
                      <dt>{t('records.size')}</dt>
                      <dd>{job.size}</dd>
                    </>
                  )}
                  <dt>{t('records.time')}</dt>
                  <dd>{formatDateTime(job.createdAt)}</dd>
                  <dt>{t('records.cost')}</dt>
                  <dd>
                    {job.state === 'failed' || job.state === 'cancelled'
                      ? t('records.refunded')
                      : t('records.points', { count: job.cost })}
                  </dd>
                </dl>
                {/* SPEC 8's message, in the language the list was read in (its query is per locale). */}
                {job.errorMessage && <p className="ai-record__error">{job.errorMessage}</p>}
              </div>
              <div className="ai-record__actions">
                <Button
                  size="small"
                  icon={<EyeOutlined />}
                  onClick={() => onOpen(job)}
                  aria-label={t('records.open')}
                >
                  {t('records.open')}
                </Button>
                <Button
                  size="small"
                  icon={<RedoOutlined />}
                  onClick={() => onRerun(job)}
                  disabled={busyTools.has(recordTool(job))}
                  title={busyTools.has(recordTool(job)) ? t('records.rerunBusy') : undefined}
                  aria-label={t('records.rerun')}
                >
                  {t('records.rerun')}
                </Button>
                <Popconfirm
                  title={t('records.deleteConfirm')}
                  okText={t('records.delete')}
                  cancelText={t('records.keep')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(job)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('records.delete')}
                    disabled={job.state === 'queued' || job.state === 'running'}
                  />
                </Popconfirm>
              </div>
            </li>
          );
        })}
      </ul>
      {total > RECORDS_PAGE_SIZE && (
        <Pagination
          simple
          current={page}
          pageSize={RECORDS_PAGE_SIZE}
          total={total}
          onChange={setPage}
          className="ai-records__pages"
        />
      )}
    </section>
  );
}

/** The tool a record came from (its kind and fixed params), or its kind where no tool shows it. */
function recordTool(job: TAiJob): string {
  return toolOfJob(job, 'laser')?.tool.id ?? job.kind;
}

/** A record is named as the tool that made it ("Laser-ready image"), as the page names them. */
function recordName(job: TAiJob, t: TFunction<'ai'>): string {
  const found = toolOfJob(job, 'laser');
  return found ? t(`tools.${found.tool.id}.name` as 'tools.relief.name') : t(`kinds.${job.kind}`);
}
