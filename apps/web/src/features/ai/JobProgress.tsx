import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import { AI_STAGES, type TAiJob } from '@layerline/contract';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import { useTranslation } from 'react-i18next';
import { displayStage, isActive, stageIndex } from './job-state';

type TJobProgressProps = {
  job: TAiJob;
  percent: number;
  /** SPEC 4: 3D generation asks before cancelling (cancel, or keep waiting). */
  confirmCancel: boolean;
  isCancelling: boolean;
  isOffline: boolean;
  onCancel: () => void;
};

/** SPEC 4 AI progress: the stages in order, a bar, and cancel while the job runs. */
export function JobProgress({
  job,
  percent,
  confirmCancel,
  isCancelling,
  isOffline,
  onCancel,
}: TJobProgressProps) {
  const { t } = useTranslation('ai');
  const { modal } = App.useApp();
  const current = stageIndex(job);
  const running = isActive(job.state);

  const askCancel = () => {
    if (!confirmCancel) {
      onCancel();
      return;
    }
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
          {job.state === 'queued' ? t('progress.queued') : t(`stages.${displayStage(job)}`)}
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
        {AI_STAGES.map((stage, index) => (
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
        <p className="ai-progress__note">
          {confirmCancel ? t('progress.longNote') : t('progress.note')}
        </p>
      )}
      {isOffline && (
        <p className="ai-progress__offline" role="status">
          {t('progress.offline')}
        </p>
      )}
    </section>
  );
}
