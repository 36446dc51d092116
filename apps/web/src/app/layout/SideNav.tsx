import BellOutlined from '@ant-design/icons/BellOutlined';
import CompassOutlined from '@ant-design/icons/CompassOutlined';
import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import PlusCircleOutlined from '@ant-design/icons/PlusCircleOutlined';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar';
import { InformBadge } from '../../features/notifications/InformBadge';
import { useUnreadStore } from '../../features/notifications/unread.store';
import { useLiveUnread } from '../../features/notifications/use-live-unread';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { PATHS } from '../paths';
import { LoginCard } from './LoginCard';
import { MoreMenu } from './MoreMenu';
import './side-nav.css';

type TNavKey = 'discover' | 'community' | 'aiCreate' | 'publish' | 'inform' | 'mine';

interface TNavItem {
  key: TNavKey;
  to: string;
  icon: ReactNode;
  /** SPEC 2: Publish, Inform and Mine open the login dialog for visitors. */
  needsLogin: boolean;
  isActive: (pathname: string) => boolean;
}

function navItems(myId: string, isLogin: boolean, avatar: string): TNavItem[] {
  const items: TNavItem[] = [
    {
      key: 'discover',
      to: PATHS.home,
      icon: <CompassOutlined />,
      needsLogin: false,
      isActive: (p) => p === PATHS.home,
    },
    {
      key: 'community',
      to: PATHS.community,
      icon: <MessageOutlined />,
      needsLogin: false,
      isActive: (p) => p === PATHS.community,
    },
    {
      key: 'aiCreate',
      to: PATHS.aiCreate,
      icon: <ExperimentOutlined />,
      needsLogin: false,
      isActive: (p) => p === PATHS.aiCreate,
    },
    {
      key: 'publish',
      to: PATHS.publish,
      icon: <PlusCircleOutlined />,
      needsLogin: true,
      isActive: (p) => p === PATHS.publish,
    },
    {
      key: 'inform',
      to: PATHS.inform,
      icon: <BellOutlined />,
      needsLogin: true,
      isActive: (p) => p === PATHS.inform,
    },
  ];
  // SPEC 2: Mine only when logged in, and only one's own profile highlights it.
  if (isLogin && myId) {
    const own = PATHS.profile(myId);
    items.push({
      key: 'mine',
      to: own,
      // The user's own avatar, so a profile save shows here at once.
      icon: <UserAvatar src={avatar} size={22} alt="" className="side-nav__avatar" />,
      needsLogin: true,
      isActive: (p) => p === own,
    });
  }
  return items;
}

/** Runs the Inform badge's live counts for as long as it is mounted. */
function LiveUnread() {
  useLiveUnread();
  return null;
}

interface TSideNavProps {
  /**
   * Whether this navigation runs the live unread counts. The home shell's does;
   * a second one on screen at the same time (the creation screens' bottom bar
   * on phones, while the home shell is kept alive) reads the same counts.
   */
  isLive?: boolean;
}

/** SPEC 2 side navigation. Collapses to icons on narrow windows, and to a bottom bar on phones (CSS). */
export function SideNav({ isLive = true }: TSideNavProps) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const isLogin = useSessionStore((state) => state.isLogin);
  const myId = useSessionStore((state) => state.user.userId);
  const avatar = useSessionStore((state) => state.user.avatar);
  const openLogin = useUiStore((state) => state.openLogin);
  const badgeId = useId();
  const hasUnread = useUnreadStore((state) => (state.counts?.total ?? 0) > 0);

  const handleGuardedClick = (event: MouseEvent, item: TNavItem) => {
    if (item.needsLogin && !isLogin) {
      event.preventDefault();
      openLogin(item.to);
    }
  };

  return (
    <aside className="side-nav">
      {/* Live unread counts for the Inform badge while logged in (SPEC 2). */}
      {isLive ? <LiveUnread /> : null}
      <nav aria-label={t('mainNavigation')}>
        <ul className="side-nav__list">
          {navItems(myId, isLogin, avatar).map((item) => {
            const isActive = item.isActive(pathname);
            const label = t(item.key);
            const hasBadge = item.key === 'inform' && isLogin && hasUnread;
            return (
              <li key={item.key}>
                <Link
                  to={item.to}
                  className={`side-nav__item${isActive ? ' is-active' : ''}`}
                  aria-current={isActive ? 'page' : undefined}
                  aria-label={label}
                  aria-describedby={hasBadge ? badgeId : undefined}
                  title={label}
                  data-nav={item.key}
                  onClick={(event) => handleGuardedClick(event, item)}
                >
                  <span className="side-nav__icon">
                    <span aria-hidden="true">{item.icon}</span>
                    {hasBadge && <InformBadge id={badgeId} />}
                  </span>
                  <span className="side-nav__label">{label}</span>
                  {/* Phones: a short label under the icon (the link's name is the full one). */}
                  <span className="side-nav__short" aria-hidden="true">
                    {t(`short.${item.key}`)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="side-nav__footer">
        {!isLogin && <LoginCard />}
        <MoreMenu />
      </div>
    </aside>
  );
}
