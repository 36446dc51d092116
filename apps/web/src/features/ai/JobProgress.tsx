import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import type { TAiJob } from '@layerline/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useTranslation } from 'react-i18next';
import { isActive, isLocalEngine, shownStageIndex, stagesOf } from './job-state';

type TJobProgressProps = {
  job: TAiJob;
  percent: number;
  isCancelling: boolean;
  isOffline: boolean;
  onCancel: () => void;
};

/** SPEC 4 AI progress: the stages in order, a bar, and cancel while the job runs. */
export function JobProgress({
  job,
  percent,
  isCancelling,
  isOffline,
  onCancel,
}: TJobProgressProps) {
  const { t } = useTranslation('ai');
  const { modal } = App.useApp();
  const stages = stagesOf(job);
  const current = shownStageIndex(job, stages);
  const running = isActive(job.state);
  // SPEC 4 gives 3D generation about 1-3 minutes: a provider's image-to-3D; local engines take seconds.
  const isLong = job.kind === 'image_to_3d' && !isLocalEngine(job);

  // SPEC 4: cancelling asks first (cancel, or keep waiting), the same way for every job.
  const askCancel = () => {
    void modal.confirm({
      title: t('progress.cancelTitle'),
      content: t('progress.cancelBody'),
      okText: t('progress.cancelOk'),
      cancelText: t('progress.keepWaiting'),
      okButtonProps: { danger: true },
      onOk: onCancel,
    });
  };

  return (
    <section
      className="ai-progress"
      aria-label={t('progress.title')}
      data-testid="ai-progress"
      data-state={job.state}
    >
      <div className="ai-progress__head">
        <strong>
          {job.state === 'queued'
            ? t('progress.queued')
            : t(`stages.${stages[current] ?? 'initialising'}`)}
        </strong>
        {running && (
          <Button size="small" danger loading={isCancelling} onClick={askCancel}>
            {t('progress.cancel')}
          </Button>
        )}
      </div>
      <Progress
        percent={percent}
        status={running ? 'active' : job.state === 'succeeded' ? 'success' : 'exception'}
        aria-label={t('progress.title')}
      />
      <ol className="ai-progress__stages">
        {stages.map((stage, index) => (
          <li
            key={stage}
            className={
              index < current || job.state === 'succeeded'
                ? 'ai-progress__stage ai-progress__stage--done'
                : index === current && running
                  ? 'ai-progress__stage ai-progress__stage--current'
                  : 'ai-progress__stage'
            }
          >
            {index < current || job.state === 'succeeded' ? (
              <CheckCircleFilled />
            ) : index === current && running ? (
              <LoadingOutlined />
            ) : (
              <span className="ai-progress__dot" />
            )}
            <span>{t(`stages.${stage}`)}</span>
          </li>
        ))}
      </ol>
      {running && (
        <p className="ai-progress__note">{isLong ? t('progress.longNote') : t('progress.note')}</p>
      )}
      {isOffline && (
        <p className="ai-progress__offline" role="status">
          {t('progress.offline')}
        </p>
      )}
    </section>
  );
}
