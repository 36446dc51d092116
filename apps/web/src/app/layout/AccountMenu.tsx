import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';
import { useDismiss } from '../../components/ui/use-dismiss';
import { useLogout } from '../../features/auth/use-logout';
import { useFeedbackDialog } from '../../features/feedback/feedback-dialog.store';
import { useChangeLanguage } from '../../i18n/change-language';
import { useLocale } from '../../i18n/use-locale';
import { useSessionStore } from '../../stores/session.store';
import { requestFeedbackHost } from '../feedback';
import { navigateTo } from '../navigation';
import { PATHS } from '../paths';
import { preloadFeedbackDialog } from '../root-dialogs';
import './account-menu.css';

export type TAccountKey =
  | 'profile'
  | 'works'
  | 'aiRecords'
  | 'points'
  | 'feedback'
  | 'language'
  | 'logout';

/** The menu's entries, in order (the destinations that also live under More and the side navigation). */
export const ACCOUNT_KEYS: readonly TAccountKey[] = [
  'profile',
  'works',
  'aiRecords',
  'points',
  'feedback',
  'language',
  'logout',
];

/**
 * The header avatar's menu for a logged-in user: their profile, their works,
 * AI records, points (shown on their profile, SPEC 3), feedback, the other
 * language and log out. Built by hand like the More menu: any press outside
 * it or Escape closes it.
 */
export function AccountMenu({ userId }: { userId: string }) {
  const { t } = useTranslation(['nav', 'language']);
  const locale = useLocale();
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { avatar, nickName, name, points } = useSessionStore((state) => state.user);
  const logout = useLogout();
  const changeLanguage = useChangeLanguage();
  const other = locale === 'zh' ? 'en' : 'zh';

  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, close, containerRef);

  const actions: Record<TAccountKey, () => void> = {
    profile: () => navigateTo(PATHS.profile(userId)),
    works: () => navigateTo(`${PATHS.profile(userId)}?tab=works`),
    aiRecords: () => navigateTo(PATHS.aiCreate),
    points: () => navigateTo(PATHS.profile(userId)),
    feedback: () => useFeedbackDialog.getState().open(),
    language: () => void changeLanguage(other),
    logout,
  };
  const labels: Record<TAccountKey, string> = {
    profile: t('account.profile'),
    works: t('account.works'),
    aiRecords: t('account.aiRecords'),
    points: t('account.points', {
      points: points.toLocaleString(locale === 'zh' ? 'zh-CN' : 'en'),
    }),
    feedback: t('feedback'),
    language: t('account.language', { language: t(`language:${other}`) }),
    logout: t('logout'),
  };

  return (
    <div className="account-menu" ref={containerRef}>
      <button
        type="button"
        ref={toggleRef}
        className="user-badge account-menu__toggle"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={t('account.menu')}
        data-testid="account-menu-toggle"
        onClick={() => {
          // Feedback and the logout confirmation are antd's: load them on the way.
          if (!isOpen) {
            preloadFeedbackDialog();
            requestFeedbackHost();
          }
          setIsOpen(!isOpen);
        }}
      >
        <UserAvatar src={avatar} alt={t('avatarAlt', { name: nickName || name })} />
      </button>
      {isOpen && (
        <div
          className="account-menu__panel"
          id={menuId}
          role="menu"
          aria-label={t('account.menu')}
          data-testid="account-menu"
        >
          {ACCOUNT_KEYS.map((key) => (
            <button
              key={key}
              type="button"
              role="menuitem"
              data-key={key}
              lang={key === 'language' ? other : undefined}
              className={`account-menu__item${key === 'logout' ? ' is-danger' : ''}`}
              onClick={() => {
                setIsOpen(false);
                toggleRef.current?.focus();
                actions[key]();
              }}
            >
              {labels[key]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
