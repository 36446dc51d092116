import { NOTIFICATION_KINDS, type TNotificationKind } from '@layerline/contract';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsPageActive } from '../../app/KeepAliveOutlet';
import { formatBadge } from '../social/badge';
import { fetchUnread } from './api';
import { firstTabWithUnread } from './first-tab';
import { NotificationList } from './NotificationList';
import { useUnreadStore } from './unread.store';
import { useMarkReadOnOpen } from './use-mark-read';
import './count-badge.css';
import './notifications.css';

const isKind = (value: string | null): value is TNotificationKind =>
  (NOTIFICATION_KINDS as readonly (string | null)[]).includes(value);

/**
 * Which tab is open. `?tab=` picks it; without one the page opens on the
 * first tab with unread items, once the unread counts are known (asked here
 * when the live counts have not answered yet), and keeps it: marking that
 * tab read must not move the page to the next one.
 */
function useOpenTab(): [TNotificationKind | null, (kind: TNotificationKind) => void] {
  const [search] = useSearchParams();
  const [kind, setKind] = useState<TNotificationKind | null>(() => {
    const tab = search.get('tab');
    return isKind(tab) ? tab : null;
  });
  const counts = useUnreadStore((state) => state.counts);
  useEffect(() => {
    if (kind !== null) return;
    if (counts !== null) {
      setKind(firstTabWithUnread(counts));
      return;
    }
    let isCurrent = true;
    fetchUnread()
      .then((fresh) => {
        if (!isCurrent) return;
        const store = useUnreadStore.getState();
        if (store.counts === null) store.setCounts(fresh);
        else setKind(firstTabWithUnread(store.counts));
      })
      .catch(() => {
        if (isCurrent) setKind(firstTabWithUnread(null));
      });
    return () => {
      isCurrent = false;
    };
  }, [kind, counts]);
  return [kind, setKind];
}

/**
 * SPEC 2 /inform: the five kinds (comment, liked, favor, follow, system) as
 * tabs with their unread badges (SPEC 9 max 99). The tab bar wraps on a
 * phone, so every tab and its badge stays in sight. The page is kept alive,
 * so the tab is its own state afterwards.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [kind, setKind] = useOpenTab();
  const isActive = useIsPageActive();
  const counts = useUnreadStore((state) => state.counts);
  const tabsRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  // Nothing is marked read until the tab is chosen.
  useMarkReadOnOpen(kind ?? NOTIFICATION_KINDS[0], isActive && kind !== null);

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined || kind === null) return;
    event.preventDefault();
    const count = NOTIFICATION_KINDS.length;
    const next = NOTIFICATION_KINDS[(NOTIFICATION_KINDS.indexOf(kind) + step + count) % count];
    if (!next) return;
    setKind(next);
    tabsRef.current?.querySelector<HTMLButtonElement>(`[data-kind="${next}"]`)?.focus();
  };

  return (
    <div className="page notifications-page">
      <h1 className="notifications-page__title">{t('title')}</h1>
      <div
        className="notifications-tabs"
        role="tablist"
        aria-label={t('title')}
        ref={tabsRef}
        onKeyDown={handleKeyDown}
      >
        {NOTIFICATION_KINDS.map((item) => {
          const unread = counts?.[item] ?? 0;
          const isSelected = item === kind;
          return (
            <button
              key={item}
              type="button"
              role="tab"
              id={`${baseId}-${item}`}
              aria-selected={isSelected}
              aria-controls={isSelected ? `${baseId}-panel` : undefined}
              tabIndex={isSelected || (kind === null && item === NOTIFICATION_KINDS[0]) ? 0 : -1}
              className={`notifications-tabs__tab${isSelected ? ' is-active' : ''}`}
              data-kind={item}
              onClick={() => setKind(item)}
            >
              <span className="notifications-tab" data-testid={`inform-tab-${item}`}>
                {t(`tabs.${item}`)}
                {unread > 0 && (
                  <span className="count-badge" data-testid="inform-tab-badge">
                    {formatBadge(unread)}
                    <span className="visually-hidden">{t('unreadCount', { count: unread })}</span>
                  </span>
                )}
              </span>
            </button>
          );
        })}
      </div>
      <div
        className="notifications-panel"
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={kind ? `${baseId}-${kind}` : undefined}
        aria-busy={kind === null}
      >
        {kind !== null && <NotificationList key={kind} kind={kind} />}
      </div>
    </div>
  );
}
