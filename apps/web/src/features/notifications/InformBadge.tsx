import { useTranslation } from 'react-i18next';
import { formatBadge } from '../social/badge';
import { useUnreadStore } from './unread.store';
import './count-badge.css';
import './inform-badge.css';

/** SPEC 2 side navigation: the total unread notifications on 'Inform' (SPEC 9 max 99). */
export function InformBadge({ id }: { id: string }) {
  const { t } = useTranslation('notifications');
  const total = useUnreadStore((state) => state.counts?.total ?? 0);
  if (total <= 0) return null;
  return (
    <span id={id} className="count-badge inform-badge" data-testid="inform-badge">
      <span aria-hidden="true">{formatBadge(total)}</span>
      <span className="visually-hidden">{t('badge', { count: total })}</span>
    </span>
  );
}
