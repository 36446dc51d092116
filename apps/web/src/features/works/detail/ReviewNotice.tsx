import '../../../i18n/lazy/work';
import type { TWorkDetail } from '@layerline/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppealDialog } from '../../appeals/AppealDialog';

/**
 * The owner's view of a work that is not published (DESIGN 3 review states):
 * in review, or rejected with the reason and an appeal (SPEC 2, SPEC 5).
 */
export function ReviewNotice({ work }: { work: TWorkDetail }) {
  const { t } = useTranslation('work');
  const [isAppealOpen, setAppealOpen] = useState(false);
  if (work.status === 'in_review') {
    return (
      <Alert
        type="info"
        showIcon
        title={t('review.inReview')}
        description={t('review.inReviewHint')}
        data-testid="work-in-review"
      />
    );
  }
  if (work.status !== 'rejected') return null;
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title={t('review.rejected')}
        description={t('review.reason', { reason: work.rejection_reason || t('review.noReason') })}
        action={
          <Button size="small" onClick={() => setAppealOpen(true)} data-testid="work-appeal">
            {t('review.appeal')}
          </Button>
        }
        data-testid="work-rejected"
      />
      {isAppealOpen && (
        <AppealDialog
          workId={work.id}
          workTitle={work.title}
          onClose={() => setAppealOpen(false)}
        />
      )}
    </>
  );
}
