import WarningOutlined from '@ant-design/icons/WarningOutlined';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session.store';

/**
 * ADR 0014: a suspended user keeps reading, so the shell says once, above
 * every page, why their writes are refused and what still works. The reason
 * comes from getinfo or from the first write the server refused for it.
 */
export function SuspensionNotice() {
  const { t } = useTranslation('shell');
  const isLogin = useSessionStore((state) => state.isLogin);
  const reason = useSessionStore((state) => state.user.suspension?.reason);
  if (!isLogin || reason === undefined) return null;
  return (
    <div className="suspension-notice" role="alert" data-testid="suspension-notice">
      <WarningOutlined className="suspension-notice__icon" aria-hidden />
      <div>
        <p className="suspension-notice__title">{t('suspendedTitle', { reason })}</p>
        <p className="suspension-notice__body">{t('suspendedBody')}</p>
      </div>
    </div>
  );
}
