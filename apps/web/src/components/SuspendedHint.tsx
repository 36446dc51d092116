import { useTranslation } from 'react-i18next';
import { useStandingCheck } from '../app/use-standing-check';
import { useSessionStore } from '../stores/session.store';
import './suspended-hint.css';

/**
 * ADR 0014: the reason a logged-in account is suspended, or null. Known from
 * getinfo (read again once per page load where a composer shows, ADR 0072),
 * or from the first write the server refused for it; the server still
 * refuses every closed write itself.
 */
export function useSuspendedReason(): string | null {
  useStandingCheck();
  return useSessionStore((state) =>
    state.isLogin ? (state.user.suspension?.reason ?? null) : null,
  );
}

/**
 * Beside a composer or Publish button a suspension closes (ADR 0014): why it
 * is disabled, before anything is sent. `id` lets the control name it as
 * its description.
 */
export function SuspendedHint({ reason, id }: { reason: string; id?: string }) {
  const { t } = useTranslation('shell');
  return (
    <span className="suspended-hint" id={id} data-testid="suspended-hint">
      {t('suspendedComposer', { reason })}
    </span>
  );
}
