import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { useSessionStore } from '../../stores/session.store';

/**
 * ADR 0014: a suspended user keeps reading, so the shell says once, above
 * every page, why their writes are refused. One line (the reason, cut to
 * fit) with a "Details" toggle that opens what still works; never wider
 * than the narrowest content column (the community feed's). The reason
 * comes from getinfo or from the first write the server refused for it.
 */
export function SuspensionNotice() {
  const { t } = useTranslation('shell');
  const isLogin = useSessionStore((state) => state.isLogin);
  const reason = useSessionStore((state) => state.user.suspension?.reason);
  const until = useSessionStore((state) => state.user.suspension?.until);
  const [isOpen, setOpen] = useState(false);
  const detailsId = useId();
  if (!isLogin || reason === undefined) return null;
  const title = until
    ? `${t('suspendedTitle', { reason })} · ${t('suspendedUntil', { time: formatDateTime(until) })}`
    : t('suspendedTitle', { reason });
  return (
    <div
      className={`suspension-notice${isOpen ? ' is-open' : ''}`}
      role="alert"
      data-testid="suspension-notice"
    >
      <div className="suspension-notice__line">
        <WarningOutlined className="suspension-notice__icon" aria-hidden />
        <p className="suspension-notice__title" title={title}>
          {title}
        </p>
        <button
          type="button"
          className="suspension-notice__toggle"
          aria-expanded={isOpen}
          aria-controls={detailsId}
          onClick={() => setOpen(!isOpen)}
          data-testid="suspension-details"
        >
          {isOpen ? t('suspendedHide') : t('suspendedDetails')}
        </button>
      </div>
      <div id={detailsId} className="suspension-notice__details" hidden={!isOpen}>
        <p className="suspension-notice__reason">{title}</p>
        <p className="suspension-notice__body">{t('suspendedBody')}</p>
      </div>
    </div>
  );
}
