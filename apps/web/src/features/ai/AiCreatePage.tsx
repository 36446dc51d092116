import './i18n';
import './ai-create.css';
import type { TAiJob } from '@layerline/contract';
import App from 'antd/es/app';
import Tabs from 'antd/es/tabs';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StandaloneFrame } from '../../app/layout/StandaloneFrame';
import { useSessionStore } from '../../stores/session.store';
import { currentTool, useAiCreateStore } from './ai-create.store';
import { useAiFeatures, usePoints } from './api';
import { CreatePanel } from './CreatePanel';
import { optionsOfJob } from './image-to-image-tool';
import { fileNameOf, isSameFile } from './job-state';
import { PointsBalance } from './PointsPanel';
import { MACHINES } from './tool-types';
import { isMachine, TOOLS_BY_MACHINE, toolOfJob } from './tools';
import { errorText, findRunningJob, useStartJob } from './use-ai-job';

// The records list (a signed-in maker's, under the panel) comes in its own chunk.
const RecordsPanel = lazy(async () => ({ default: (await import('./RecordsPanel')).RecordsPanel }));

/**
 * SPEC 2 /aiCreate: AI creation with laser, 3D printer and UV printer tabs,
 * open to visitors (starting a job asks them to log in). `?tab=` opens a
 * tab, so carousel slides and banners can point at one.
 */
export function AiCreatePage() {
  const { t } = useTranslation('ai');
  const { modal, message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const store = useAiCreateStore();
  const isLogin = useSessionStore((state) => state.isLogin);
  const features = useAiFeatures();
  const points = usePoints();
  const starter = useStartJob();

  const tab = params.get('tab');
  const { setMachine, setJob, jobId } = store;
  useEffect(() => {
    if (isMachine(tab)) setMachine(tab);
  }, [tab, setMachine]);

  // Coming back to the page shows the job that is still running.
  useEffect(() => {
    if (!isLogin || jobId !== null) return;
    let isCurrent = true;
    findRunningJob()
      .then((job) => {
        if (isCurrent && job && useAiCreateStore.getState().jobId === null) setJob(job.id);
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [isLogin, jobId, setJob]);

  const applyJob = (job: TAiJob) => {
    const found = toolOfJob(job, store.machine);
    if (!found) return;
    store.setMachine(found.machine);
    store.setTool(found.tool.id);
    const { imageUrl, prompt, text, ratio, count } = job.params;
    const { options, promptStyle } = optionsOfJob(job.kind, job.params);
    store.setOptions(found.tool.id, options);
    if (typeof prompt === 'string') store.setText(prompt);
    if (typeof text === 'string') store.setText(text);
    if (promptStyle !== null) store.setStyle(promptStyle);
    if (typeof ratio === 'string') store.setRatio(ratio);
    if (typeof count === 'number') store.setCount(count);
    // The same file under a newer signature is the same source (ADR 0051).
    if (typeof imageUrl === 'string' && !isSameFile(imageUrl, store.source?.url)) {
      store.setSource({
        name: fileNameOf(imageUrl),
        preview: imageUrl,
        url: imageUrl,
        file: null,
      });
    }
  };

  const open = (job: TAiJob) => {
    applyJob(job);
    // The panel brings the job's progress or result into view.
    store.setJob(job.id);
  };

  const rerun = (job: TAiJob) => {
    const cost = features.data?.find((item) => item.kind === job.kind)?.cost ?? job.cost;
    void modal.confirm({
      title: t('records.rerunTitle'),
      content: t('records.rerunBody', { count: cost }),
      okText: t('records.rerun'),
      cancelText: t('records.keep'),
      onOk: async () => {
        applyJob(job);
        const started = await starter.start(job.kind, job.params);
        if (started) store.setJob(started.id);
      },
    });
  };

  useEffect(() => {
    if (starter.error) void message.error(errorText(starter.error, t('start.failed')));
  }, [starter.error, message, t]);

  return (
    <StandaloneFrame>
      <div className="page ai-page" data-testid="ai-page">
        <header className="ai-page__header">
          <div>
            <h1 className="ai-page__title">{t('title')}</h1>
            <p className="ai-page__subtitle">{t('subtitle')}</p>
          </div>
          <PointsBalance summary={points.data} isLogin={isLogin} />
        </header>
        <Tabs
          activeKey={store.machine}
          onChange={(key) => {
            if (!isMachine(key)) return;
            store.setMachine(key);
            setParams({ tab: key }, { replace: true });
          }}
          items={MACHINES.map((machine) => ({ key: machine, label: t(`tabs.${machine}`) }))}
        />
        <div className="ai-page__body">
          <nav className="ai-tools" aria-label={t('toolsLabel')}>
            {TOOLS_BY_MACHINE[store.machine].map((tool) => {
              const feature = features.data?.find((item) => item.kind === tool.kind);
              const isCurrent = tool.id === currentTool(store).id;
              return (
                <button
                  type="button"
                  key={tool.id}
                  className={`ai-tool${isCurrent ? ' ai-tool--current' : ''}${
                    feature && !feature.available ? ' ai-tool--off' : ''
                  }`}
                  aria-pressed={isCurrent}
                  data-testid={`ai-tool-${tool.id}`}
                  onClick={() => store.setTool(tool.id)}
                >
                  <span className="ai-tool__name">
                    {t(`tools.${tool.id}.name` as 'tools.relief.name')}
                  </span>
                  <span className="ai-tool__meta">
                    {feature
                      ? feature.available
                        ? t('start.cost', { count: feature.cost })
                        : t('unavailable.short')
                      : null}
                  </span>
                </button>
              );
            })}
          </nav>
          <CreatePanel features={features.data} points={points.data} />
        </div>
        {isLogin ? (
          <Suspense fallback={null}>
            <RecordsPanel currentJobId={store.jobId} onOpen={open} onRerun={rerun} />
          </Suspense>
        ) : (
          <p className="ai-page__visitor">{t('records.visitor')}</p>
        )}
      </div>
    </StandaloneFrame>
  );
}
