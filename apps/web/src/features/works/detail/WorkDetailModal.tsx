import '../../../i18n/lazy/work';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '../../../app/antd-lazy';
import { useIsMobile } from '../../../app/layout/use-is-mobile';
import { navigateTo404 } from '../../../app/navigation';
import { SkeletonBlock } from '../../../components/SkeletonBlock';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useWorkState } from '../../../entities/works';
import { isApiError } from '../../../lib/api';
import { useWork } from '../api';
import { WorkDetailContent } from './WorkDetailContent';
import type { TPreviewFile } from './WorkFiles';
import './work-detail.css';

// The viewers (three.js and friends) load only when a file is previewed, in antd's scope.
const WorkFilePreview = lazyInAntdScope(
  async () => (await import('./WorkFilePreview')).WorkFilePreview,
);

/** SPEC 9: the product detail modal is 62% wide. */
export const WORK_MODAL_WIDTH = '62%';

function DetailSkeleton() {
  const { t } = useTranslation('work');
  return (
    <div className="work-detail__skeleton" aria-busy="true" data-testid="work-detail-loading">
      <p className="visually-hidden" role="status">
        {t('loading')}
      </p>
      <SkeletonBlock className="work-detail__skeleton-image" />
      <div className="work-detail__skeleton-side">
        <SkeletonBlock className="work-detail__skeleton-line" />
        <SkeletonBlock className="work-detail__skeleton-line" />
        <SkeletonBlock className="work-detail__skeleton-line" />
      </div>
    </div>
  );
}

/**
 * SPEC 2 product detail modal of one work. A skeleton while it loads; a
 * work that is gone or not visible (404) sends the browser to /404, as every
 * not-found answer does (SPEC 2); other failures offer a retry. The file
 * preview opens on top of it.
 */
export function WorkDetailModal({ workId, onClose }: { workId: number; onClose: () => void }) {
  const { t } = useTranslation(['work', 'common']);
  const query = useWork(workId);
  // Below SPEC 9's mobile threshold the detail is a full-screen sheet.
  const isMobile = useIsMobile();
  const [previewFile, setPreviewFile] = useState<TPreviewFile | null>(null);
  // Mounted from the first preview on, so the viewer can animate closed.
  const [hasPreviewed, setPreviewed] = useState(false);
  const handlePreview = useCallback((file: TPreviewFile) => {
    setPreviewed(true);
    setPreviewFile(file);
  }, []);
  const isNotFound = isApiError(query.error) && query.error.kind === 'notFound';
  // Its counts and the viewer's like and collect as the work's entry has them (ADR 0049).
  const work = useWorkState(query.data);

  useEffect(() => {
    if (isNotFound) navigateTo404();
  }, [isNotFound]);

  let body = <DetailSkeleton />;
  if (work) {
    body = (
      <WorkDetailContent key={work.id} work={work} onClose={onClose} onPreview={handlePreview} />
    );
  } else if (query.isError && !isNotFound) {
    body = (
      <div className="work-detail__failed" role="alert">
        <p className="work-detail__failed-title">{t('loadFailed')}</p>
        <p className="work-detail__failed-reason">{query.error.message}</p>
        <Button variant="primary" onClick={() => void query.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  }

  return (
    <>
      <Dialog
        open
        width={isMobile ? '100%' : WORK_MODAL_WIDTH}
        title={
          work ? (
            <span className="work-detail__title" data-testid="work-title">
              {work.title}
            </span>
          ) : (
            t('dialogLabel')
          )
        }
        onClose={onClose}
        className={isMobile ? 'work-detail-modal work-detail-modal--sheet' : 'work-detail-modal'}
      >
        <div className="work-detail" data-testid="work-detail" data-work-id={workId}>
          {body}
        </div>
      </Dialog>
      {hasPreviewed && (
        <Suspense fallback={null}>
          <WorkFilePreview
            workId={workId}
            file={previewFile}
            onClose={() => setPreviewFile(null)}
          />
        </Suspense>
      )}
    </>
  );
}
