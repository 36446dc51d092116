import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';
import { Button } from '../../components/ui/Button';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { preloadLogin } from '../root-dialogs';
import { AccountMenu } from './AccountMenu';

/**
 * Header end: a login button for visitors, the user's avatar once logged in
 * (SPEC 3: with the fallback avatar) opening the account menu. Both read the session store, so a
 * login, logout or profile save shows here at once.
 */
export function UserBadge() {
  const { t } = useTranslation('nav');
  const isLogin = useSessionStore((state) => state.isLogin);
  const { userId, avatar, nickName, name } = useSessionStore((state) => state.user);
  const openLogin = useUiStore((state) => state.openLogin);

  if (!isLogin) {
    return (
      <Button
        variant="primary"
        onClick={() => openLogin()}
        onPointerEnter={preloadLogin}
        onFocus={preloadLogin}
        className="user-badge__login"
      >
        {t('headerLogin')}
      </Button>
    );
  }
  const avatarElement = (
    <UserAvatar src={avatar} alt={t('avatarAlt', { name: nickName || name })} />
  );
  // Until user info arrives there is no profile to link to.
  if (!userId) return <span className="user-badge">{avatarElement}</span>;
  return <AccountMenu userId={userId} />;
}
