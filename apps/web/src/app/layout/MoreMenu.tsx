import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../../components/ui/use-dismiss';
import { useLogout } from '../../features/auth/use-logout';
import { useFeedbackDialog } from '../../features/feedback/feedback-dialog.store';
import { canModerate, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { requestFeedbackHost } from '../feedback';
import { navigateTo } from '../navigation';
import { PATHS } from '../paths';
import { preloadFeedbackDialog } from '../root-dialogs';

type TMoreKey =
  | 'userAgreement'
  | 'privacyPolicy'
  | 'feedback'
  | 'loginNow'
  | 'accountManage'
  | 'adminConsole'
  | 'logout';

/**
 * SPEC 2 'More' menu, with the feedback dialog (SPEC 1, 2) for everyone. Built by hand rather than with a dropdown so the
 * outside-click rule is explicit: any press outside the menu closes it.
 */
export function MoreMenu() {
  const { t } = useTranslation('nav');
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const isLogin = useSessionStore((state) => state.isLogin);
  const isModerator = useSessionStore((state) => canModerate(state.user.role));
  const { openLogin, openLegal } = useUiStore.getState();
  const logout = useLogout();

  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, close, containerRef);

  const actions: Record<TMoreKey, () => void> = {
    userAgreement: () => openLegal('agreement'),
    privacyPolicy: () => openLegal('privacy'),
    feedback: () => useFeedbackDialog.getState().open(),
    loginNow: () => openLogin(),
    // SPEC 2: account management needs an account; logged in it opens password change.
    accountManage: () => (isLogin ? openLogin(null, 'setPassword') : openLogin()),
    adminConsole: () => navigateTo(PATHS.admin),
    logout,
  };
  const keys: TMoreKey[] = isLogin
    ? [
        'userAgreement',
        'privacyPolicy',
        'feedback',
        'accountManage',
        // The moderation console (ADR 0014), for moderators and admins only.
        ...(isModerator ? (['adminConsole'] as const) : []),
        'logout',
      ]
    : ['userAgreement', 'privacyPolicy', 'feedback', 'loginNow', 'accountManage'];

  return (
    <div className="more-menu" ref={containerRef}>
      {isOpen && (
        <div className="more-menu__panel" id={menuId} role="menu" aria-label={t('more')}>
          {keys.map((key) => (
            <button
              key={key}
              type="button"
              role="menuitem"
              className={`more-menu__item${key === 'logout' ? ' is-danger' : ''}`}
              onClick={() => {
                setIsOpen(false);
                actions[key]();
              }}
            >
              {t(key)}
            </button>
          ))}
        </div>
      )}
      <button
        type="button"
        className={`side-nav__item more-menu__toggle${isOpen ? ' is-open' : ''}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={t('more')}
        title={t('more')}
        onClick={() => {
          // Its entries open the feedback dialog and the logout confirmation, both antd's.
          if (!isOpen) {
            preloadFeedbackDialog();
            requestFeedbackHost();
          }
          setIsOpen(!isOpen);
        }}
      >
        <span className="side-nav__icon" aria-hidden="true">
          <EllipsisOutlined />
        </span>
        <span className="side-nav__label">{t('more')}</span>
        <span className="side-nav__short" aria-hidden="true">
          {t('short.more')}
        </span>
      </button>
    </div>
  );
}
