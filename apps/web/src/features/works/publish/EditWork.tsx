import '../../../i18n/lazy/publish';
import type { TWorkDetail } from '@layerline/contract';
import Button from 'antd/es/button';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../app/paths';
import { isApiError } from '../../../lib/api';
import { useSessionStore } from '../../../stores/session.store';
import { useWorkForEdit } from '../publish-api';
import { PublishForm } from './PublishForm';
import { fromDetail } from './publish-form';
import { usePublishMessage } from './use-publish-rules';

const parseId = (value: string) => (/^[1-9]\d{0,15}$/.test(value) ? Number(value) : null);

type TProblem = 'notFound' | 'notOwner' | 'failed';

function LoadProblem({ problem, onRetry }: { problem: TProblem; onRetry: () => void }) {
  const { t } = useTranslation(['publish', 'common']);
  const say = usePublishMessage();
  const title =
    problem === 'notOwner'
      ? say('workNotOwner')
      : problem === 'notFound'
        ? t('load.notFound')
        : t('load.failed');
  return (
    <div className="publish-problem" role="alert">
      <Result
        status={problem === 'notOwner' ? '403' : problem === 'notFound' ? '404' : 'warning'}
        title={title}
        extra={
          <div className="publish-result__actions">
            {problem === 'failed' && <Button onClick={onRetry}>{t('common:retry')}</Button>}
            <Link className="button-link" to={PATHS.home}>
              {t('common:backHome')}
            </Link>
          </div>
        }
      />
    </div>
  );
}

function problemOf(error: unknown): TProblem {
  if (!isApiError(error)) return 'failed';
  if (error.kind === 'notFound') return 'notFound';
  return error.kind === 'forbidden' ? 'notOwner' : 'failed';
}

/**
 * SPEC 2 ?productId: loads the work and fills the form with every saved
 * field. SPEC 6: only the owner (created_by) edits; anybody else, and a work
 * that does not exist, sees why instead of a form.
 */
export function EditWork({
  productId,
  onSaved,
}: {
  productId: string;
  onSaved: (work: TWorkDetail) => void;
}) {
  const { t } = useTranslation('publish');
  const id = parseId(productId);
  const userId = useSessionStore((state) => state.user.userId);
  const work = useWorkForEdit(id);
  const initial = useMemo(() => (work.data ? fromDetail(work.data) : null), [work.data]);

  if (id === null) return <LoadProblem problem="notFound" onRetry={() => {}} />;
  if (work.isError) {
    return <LoadProblem problem={problemOf(work.error)} onRetry={() => void work.refetch()} />;
  }
  if (!work.data || !initial) {
    return (
      <div className="publish-loading" role="status" aria-label={t('loading')}>
        <Spin />
      </div>
    );
  }
  // The server refuses a stranger's save (403); the form is not offered at all.
  if (userId && String(work.data.created_by) !== userId) {
    return <LoadProblem problem="notOwner" onRetry={() => {}} />;
  }
  return <PublishForm initial={initial} workId={work.data.id} onSaved={onSaved} />;
}
