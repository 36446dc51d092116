import '../../../i18n/lazy/publish';
import { ZSensitiveWordsData } from '@layerline/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SuspendedHint, useSuspendedReason } from '../../../components/SuspendedHint';
import { isApiError } from '../../../lib/api';

interface TSubmitBarProps {
  isEdit: boolean;
  isUploading: boolean;
  /** The last try stopped at the form's own checks. */
  hasProblems: boolean;
  isSaving: boolean;
  /** Why the last save failed, shown above the button. */
  failure: unknown;
}

/** SPEC 8 406: the server names the refused words in `data.words`. */
function sensitiveWordsOf(failure: unknown): string[] | null {
  if (!isApiError(failure) || failure.kind !== 'sensitive') return null;
  const parsed = ZSensitiveWordsData.safeParse(failure.data);
  return parsed.success ? parsed.data.words : [];
}

function FailureAlert({ failure }: { failure: unknown }) {
  const { t } = useTranslation('publish');
  const words = sensitiveWordsOf(failure);
  if (words) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        className="publish-submit__failure"
        title={t('errors.sensitiveTitle')}
        description={
          <div className="publish-submit__words">
            <span>{t('errors.sensitiveHint')}</span>
            {words.map((word) => (
              <Tag key={word} color="error">
                {word}
              </Tag>
            ))}
          </div>
        }
      />
    );
  }
  const message = failure instanceof Error ? failure.message : String(failure);
  return (
    <Alert type="error" showIcon role="alert" className="publish-submit__failure" title={message} />
  );
}

/**
 * The publish button, disabled while any upload runs (SPEC 4, SPEC 5) with
 * the reason beside it, and the server's refusal when a save failed.
 */
export function SubmitBar({
  isEdit,
  isUploading,
  hasProblems,
  isSaving,
  failure,
}: TSubmitBarProps) {
  const { t } = useTranslation('publish');
  const hintId = useId();
  // ADR 0014: a suspended account cannot publish or edit; the bar says why.
  const suspended = useSuspendedReason();
  return (
    <div className="publish-submit">
      {failure !== null && <FailureAlert failure={failure} />}
      <div className="publish-submit__bar">
        <span id={hintId} className="publish-submit__hint" role="status">
          {suspended !== null ? (
            <SuspendedHint reason={suspended} />
          ) : isUploading ? (
            t('submit.uploading')
          ) : hasProblems ? (
            t('submit.fixErrors')
          ) : null}
        </span>
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          data-testid="publish-submit"
          disabled={isUploading || suspended !== null}
          loading={isSaving}
          aria-describedby={hintId}
        >
          {isEdit ? t('submit.save') : t('submit.publish')}
        </Button>
      </div>
    </div>
  );
}
