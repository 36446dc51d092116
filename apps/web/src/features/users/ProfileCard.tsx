import EditOutlined from '@ant-design/icons/EditOutlined';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/UserAvatar';
import { useSessionStore } from '../../stores/session.store';
import { useMyProfile } from './api';

/**
 * The head of one's own profile page: name, avatar, bio, tag and points. Name
 * and avatar come from the session, so an edit shows here at once; bio and
 * tag come from the full profile.
 */
export function ProfileCard({ onEdit }: { onEdit: () => void }) {
  const { t } = useTranslation('profile');
  const { name, nickName, avatar, points } = useSessionStore((state) => state.user);
  const { data } = useMyProfile();
  const displayName = nickName || name;

  return (
    <section className="profile-card" aria-label={displayName}>
      <UserAvatar src={avatar} size={80} alt={t('avatarAlt', { name: displayName })} />
      <div className="profile-card__text">
        <h2 className="profile-card__name">
          {displayName}
          {data?.tag ? <Tag className="profile-card__tag">{data.tag}</Tag> : null}
        </h2>
        {nickName && name && nickName !== name ? (
          <p className="profile-card__account">{name}</p>
        ) : null}
        <p className="profile-card__bio">{data?.bio || t('noBio')}</p>
        <p className="profile-card__points">
          <span>{t('points')}</span>
          <strong data-testid="profile-points">{data?.points ?? points}</strong>
        </p>
      </div>
      <Button icon={<EditOutlined />} onClick={onEdit} className="profile-card__edit">
        {t('edit')}
      </Button>
    </section>
  );
}
