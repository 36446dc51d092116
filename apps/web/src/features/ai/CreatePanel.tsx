import './ai-page-parts.css';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import type { TAiFeature, TAiJob, TPointsSummary } from '@layerline/contract';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { currentLocale } from '../../i18n/i18n';
import { canModerate, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { currentTool, type TSourceImage, toolOptions, useAiCreateStore } from './ai-create.store';
import { effectiveTool } from './image-to-image-tool';
import { JobProgress } from './JobProgress';
import {
  fileNameOf,
  isActive,
  isSameFile,
  jobParams,
  startBlock,
  startHintKey,
  type TResultFile,
} from './job-state';
import { EarnPoints } from './PointsPanel';
import { PromptField } from './PromptField';
import { prepareWorkFromResult, workTitle } from './publish-result';
import { ResultView } from './ResultView';
import { SourceImageField } from './SourceImageField';
import { SourceSize } from './SourceSize';
import { ToolOptions } from './ToolOptions';
import { PROMPT_MACHINE } from './tool-types';
import { UnavailableNotice } from './UnavailableNotice';
import { errorText, useAiJob, useCancelJob, useStartJob, watchJob } from './use-ai-job';
import { useSourceUpload } from './use-source-upload';

// The image editor comes when opened (docs/PERFORMANCE.md).
const ImageEditModal = lazy(async () => ({
  default: (await import('./ImageEditModal')).ImageEditModal,
}));

type TCreatePanelProps = {
  features: TAiFeature[] | undefined;
  points: TPointsSummary | undefined;
};

/** One tool: its input, options, cost and start; then the job's progress and result. */
export function CreatePanel({ features, points }: TCreatePanelProps) {
  const { t } = useTranslation('ai');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const store = useAiCreateStore();
  const isLogin = useSessionStore((state) => state.isLogin);
  const isModerator = useSessionStore((state) => canModerate(state.user.role));
  const loginOpen = useUiStore((state) => state.loginDialog.open);
  const openLogin = useUiStore((state) => state.openLogin);
  const shownTool = currentTool(store);
  const options = toolOptions(store.options, shownTool);
  const feature = features?.find((item) => item.kind === shownTool.kind);
  // Image-to-image's local styles take no prompt; its generative choice does.
  const tool = effectiveTool(shownTool, options, feature);
  const optimiser = features?.find((item) => item.kind === 'prompt_optimize');
  const upload = useSourceUpload(t('input.uploadFailed'));
  const starter = useStartJob();
  const { job, percent, isOffline, accept } = useAiJob(store.jobId);
  const canceller = useCancelJob(accept);
  const [isEditing, setEditing] = useState(false);
  const [isPublishing, setPublishing] = useState(false);
  const [optimising, setOptimising] = useState(false);
  const [optimiseError, setOptimiseError] = useState<string | null>(null);
  /** The job whose cancel was asked for: if it finishes anyway, the result says so. */
  const [cancelAskedFor, setCancelAskedFor] = useState<number | null>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const balance = isLogin && points ? points.balance : null;
  const cost = feature?.cost ?? null;
  const isRunning = Boolean(job && isActive(job.state));
  const block = startBlock({
    tool,
    isLogin,
    available: feature?.available ?? false,
    hasImage: Boolean(store.source),
    isUploading: upload.isUploading,
    text: store.text,
    isRunning,
    cost,
    balance,
  });

  const start = async () => {
    if (block === 'login') {
      // SPEC 2: the page is open to visitors; starting asks them to log in, input kept,
      // and the job starts once they are in (pendingStart below).
      store.setPendingStart(`${store.machine}:${tool.id}`);
      openLogin(`${PATHS.aiCreate}?tab=${store.machine}`);
      return;
    }
    if (block) return;
    const params = jobParams({
      tool,
      options,
      imageUrl: store.source?.url ?? null,
      text: store.text,
      style: store.style,
      ratio: store.ratio,
      count: store.count,
    });
    const started = await starter.start(tool.kind, params);
    if (!started) return;
    accept(started);
    store.setJob(started.id);
  };

  // A visitor's Generate goes on once the session arrives (and their picture is uploaded).
  const pendingStart = store.pendingStart;
  const { setPendingStart } = store;
  const startRef = useRef(start);
  startRef.current = start;
  const isWaitingForInput =
    points === undefined ||
    features === undefined ||
    block === 'uploading' ||
    (tool.input.image === 'required' && Boolean(store.source) && !store.source?.url);
  useEffect(() => {
    if (!pendingStart) return;
    if (!isLogin) {
      if (!loginOpen) setPendingStart(null);
      return;
    }
    if (pendingStart !== `${store.machine}:${tool.id}` || upload.error) {
      setPendingStart(null);
      return;
    }
    if (isWaitingForInput) return;
    setPendingStart(null);
    if (block === null) void startRef.current();
  }, [
    pendingStart,
    isLogin,
    loginOpen,
    store.machine,
    tool.id,
    upload.error,
    isWaitingForInput,
    block,
    setPendingStart,
  ]);

  // Progress and results open below the fold: bring each into view as it appears.
  const shownJobId = job?.id ?? null;
  const shownState = job?.state ?? null;
  const seen = useRef<{ id: number | null; state: string | null }>({ id: null, state: null });
  useEffect(() => {
    const before = seen.current;
    seen.current = { id: shownJobId, state: shownState };
    if (shownJobId === null || shownState === null) return;
    const isNew = before.id !== shownJobId;
    if (shownState === 'succeeded' && (isNew || before.state !== 'succeeded')) {
      bringIntoView(resultRef.current, 'start');
    } else if (isNew && isActive(shownState as 'queued')) {
      bringIntoView(progressRef.current, 'nearest');
    }
  }, [shownJobId, shownState]);

  const optimise = async () => {
    if (!isLogin) {
      openLogin(`${PATHS.aiCreate}?tab=${store.machine}`);
      return;
    }
    setOptimiseError(null);
    setOptimising(true);
    const started = await starter.start('prompt_optimize', {
      prompt: store.text,
      machine: PROMPT_MACHINE[store.machine],
      locale: currentLocale(),
      ...(store.style !== 'none' ? { style: store.style } : {}),
    });
    if (!started) {
      setOptimising(false);
      return;
    }
    const watch = watchJob(started.id, (next: TAiJob) => {
      if (isActive(next.state)) return;
      setOptimising(false);
      if (next.state === 'succeeded' && next.resultText) {
        store.applyOptimised(next.resultText, next.promptAdded);
      } else {
        setOptimiseError(next.errorMessage ?? t('prompt.failed'));
      }
      watch.stop();
    });
  };

  const takeAsSource = (file: TResultFile) => {
    const name = fileNameOf(file.url);
    store.setSource({ name, preview: file.url, url: file.url, file: null });
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    void message.success(t('result.sourceSet'));
  };

  const publish = async () => {
    if (!job) return;
    setPublishing(true);
    try {
      // The job's own address of its source is the freshest signed one (ADR 0051).
      const used = job.params.imageUrl;
      const sourceUrl =
        typeof used === 'string' && isSameFile(used, store.source?.url)
          ? used
          : (store.source?.url ?? null);
      await prepareWorkFromResult(job, sourceUrl, workTitle(job, store.source));
      void navigate(PATHS.publish);
    } catch (error) {
      void message.error(errorText(error, t('result.publishFailed')));
    } finally {
      setPublishing(false);
    }
  };

  const startError = starter.error ? errorText(starter.error, t('start.failed')) : null;

  return (
    <div className="ai-panel" data-testid="ai-panel" data-tool={tool.id}>
      <header className="ai-panel__head">
        <h2 className="ai-panel__title">{t(`tools.${tool.id}.name` as 'tools.relief.name')}</h2>
        <p className="ai-panel__desc">{t(`tools.${tool.id}.desc` as 'tools.relief.desc')}</p>
      </header>
      {feature && !feature.available && (
        <UnavailableNotice setting={feature.setting} isModerator={isModerator} />
      )}
      {tool.input.image === 'required' && (
        <SourceImageField
          source={store.source}
          uploadPercent={upload.percent}
          uploadError={upload.error}
          disabled={isRunning}
          onPick={(file) =>
            store.setSource({
              name: file.name,
              preview: URL.createObjectURL(file),
              file,
              url: null,
            })
          }
          onClear={() => store.setSource(null)}
          onEdit={() => setEditing(true)}
        />
      )}
      <PromptField
        input={tool.input}
        text={store.text}
        style={store.style}
        ratio={store.ratio}
        count={store.count}
        disabled={isRunning}
        canUndo={store.textBeforeOptimise !== null}
        added={store.promptAdded}
        onRemoveAdded={store.removeAdded}
        isOptimising={optimising}
        optimiseCost={optimiser?.cost ?? null}
        optimiseAvailable={optimiser?.available ?? false}
        optimiseError={optimiseError}
        onText={store.setText}
        onStyle={store.setStyle}
        onRatio={store.setRatio}
        onCount={store.setCount}
        onOptimise={() => void optimise()}
        onUndo={store.undoOptimise}
      />
      <ToolOptions
        tool={tool}
        values={options}
        disabled={isRunning}
        onChange={(name, value) => store.setOption(tool.id, name, value)}
      />
      {tool.kind === 'vectorize' && <SourceSize source={store.source} widthMm={options.widthMm} />}
      <div className="ai-start">
        <div className="ai-start__cost" data-testid="ai-cost">
          {cost !== null && t('start.cost', { count: cost })}
          {balance !== null && (
            <span className="ai-start__balance">{t('start.balance', { count: balance })}</span>
          )}
        </div>
        <Button
          type="primary"
          size="large"
          icon={<ThunderboltOutlined />}
          loading={starter.isStarting}
          disabled={block !== null && block !== 'login'}
          onClick={() => void start()}
          data-testid="ai-start"
        >
          {t('start.button')}
        </Button>
      </div>
      {block && block !== 'insufficientPoints' && block !== 'unavailable' && (
        <p className="ai-start__hint" data-testid="ai-start-hint">
          {t(startHintKey(block, tool))}
        </p>
      )}
      {block === 'insufficientPoints' && (
        <Alert
          type="warning"
          showIcon
          data-testid="ai-insufficient"
          message={t('start.insufficient')}
          description={<EarnPoints />}
        />
      )}
      {startError && <Alert type="error" showIcon message={startError} role="alert" />}
      {job && job.state !== 'succeeded' && (
        <div ref={progressRef} className="ai-panel__part">
          <JobProgress
            job={job}
            percent={percent}
            isCancelling={canceller.isCancelling}
            isOffline={isOffline}
            onCancel={() => {
              setCancelAskedFor(job.id);
              void canceller.cancel(job.id);
            }}
          />
        </div>
      )}
      {job?.errorMessage && (
        <Alert type="error" showIcon message={job.errorMessage} data-testid="ai-job-error" />
      )}
      {canceller.error ? (
        <Alert type="error" showIcon message={errorText(canceller.error, t('start.failed'))} />
      ) : null}
      {job?.state === 'succeeded' && (
        <div ref={resultRef} className="ai-panel__part">
          {cancelAskedFor === job.id && (
            <Alert
              type="info"
              showIcon
              title={t('result.finishedBeforeCancel')}
              data-testid="ai-finished-before-cancel"
            />
          )}
          <ResultView
            job={job}
            sourcePreview={beforePicture(job, store.source)}
            isPublishing={isPublishing}
            onUseAsSource={takeAsSource}
            onPublish={() => void publish()}
          />
        </div>
      )}
      {isEditing && store.source && (
        <Suspense fallback={null}>
          <ImageEditModal
            open
            source={store.source}
            features={features}
            balance={balance}
            onApply={(url) =>
              store.setSource({
                name: fileNameOf(url),
                preview: url,
                url,
                file: null,
              })
            }
            onClose={() => setEditing(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The picture a result is compared with: the page's own copy of the picked
 * file, else the job's address of it, signed afresh with each answer (ADR 0051).
 */
function beforePicture(job: TAiJob, source: TSourceImage | null): string | null {
  const used = job.params.imageUrl;
  if (typeof used !== 'string') return null;
  return source && isSameFile(used, source.url) && source.preview.startsWith('blob:')
    ? source.preview
    : used;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Scrolls an element into view, without animation for readers who asked for less motion. */
function bringIntoView(element: HTMLElement | null, block: ScrollLogicalPosition): void {
  if (!element || typeof element.scrollIntoView !== 'function') return;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block });
}
