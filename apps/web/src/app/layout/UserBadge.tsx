import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionStore } from '../../stores/session.store';
import { PATHS } from '../paths';

/** Avatar of the logged-in user; SPEC 3: a fallback is shown when it is missing or fails. */
export function UserBadge() {
  const { t } = useTranslation('nav');
  const isLogin = useSessionStore((state) => state.isLogin);
  const { userId, avatar, nickName, name } = useSessionStore((state) => state.user);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!isLogin || !userId) return null;
  const src = avatar && avatar !== failedSrc ? avatar : undefined;

  return (
    <Link to={PATHS.profile(userId)} className="user-badge" aria-label={t('mine')}>
      <Avatar
        size={32}
        src={src}
        icon={<UserOutlined />}
        alt={nickName || name}
        onError={() => {
          setFailedSrc(avatar);
          return false;
        }}
      />
    </Link>
  );
}
