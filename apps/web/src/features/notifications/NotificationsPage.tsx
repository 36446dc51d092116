import { NOTIFICATION_KINDS, type TNotificationKind } from '@layerline/contract';
import Tabs from 'antd/es/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsPageActive } from '../../app/KeepAliveOutlet';
import { formatBadge } from '../social/badge';
import { NotificationList } from './NotificationList';
import { useUnreadStore } from './unread.store';
import { useMarkReadOnOpen } from './use-mark-read';
import './count-badge.css';
import './notifications.css';

const isKind = (value: string | null): value is TNotificationKind =>
  (NOTIFICATION_KINDS as readonly (string | null)[]).includes(value);

/**
 * SPEC 2 /inform: the five kinds (comment, liked, favor, follow, system) as
 * tabs with their unread badges (SPEC 9 max 99). `?tab=` picks the first tab;
 * the page is kept alive, so the tab is its own state afterwards.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [search] = useSearchParams();
  const [kind, setKind] = useState<TNotificationKind>(() => {
    const tab = search.get('tab');
    return isKind(tab) ? tab : 'comment';
  });
  const isActive = useIsPageActive();
  const counts = useUnreadStore((state) => state.counts);
  useMarkReadOnOpen(kind, isActive);

  return (
    <div className="page notifications-page">
      <h1 className="notifications-page__title">{t('title')}</h1>
      <Tabs
        activeKey={kind}
        onChange={(key) => {
          if (isKind(key)) setKind(key);
        }}
        items={NOTIFICATION_KINDS.map((item) => {
          const unread = counts?.[item] ?? 0;
          return {
            key: item,
            label: (
              <span className="notifications-tab" data-testid={`inform-tab-${item}`}>
                {t(`tabs.${item}`)}
                {unread > 0 && (
                  <span className="count-badge" data-testid="inform-tab-badge">
                    {formatBadge(unread)}
                    <span className="visually-hidden">{t('unreadCount', { count: unread })}</span>
                  </span>
                )}
              </span>
            ),
            children: item === kind ? <NotificationList kind={item} /> : null,
          };
        })}
      />
    </div>
  );
}
