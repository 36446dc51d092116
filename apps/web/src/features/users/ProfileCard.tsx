import '../../i18n/lazy/profile';
import EditOutlined from '@ant-design/icons/EditOutlined';
import type { TFollowResult, TUserProfile } from '@layerline/contract';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonBlock } from '../../components/SkeletonBlock';
import { UserAvatar } from '../../components/UserAvatar';
import { useSessionStore } from '../../stores/session.store';
import { FollowButton } from '../works/detail/FollowButton';
import { displayNickname } from '../works/work-format';
import { useMyProfile } from './api';
import { ProfileCounters } from './ProfileCounters';
import { profileKeys } from './profile-keys';

/** What the head shows, whoever's profile it is. */
interface THeadView {
  name: string;
  account: string;
  avatar: string;
  bio: string;
  tag: string;
}

/**
 * One's own head: name and avatar come from the session, so an edit shows
 * here at once; bio and tag from the full user info (also updated by a save),
 * else from the profile answer.
 */
function useOwnHead(profile: TUserProfile | undefined): THeadView & { points: number } {
  const { name, nickName, avatar, points } = useSessionStore((state) => state.user);
  const { data: info } = useMyProfile();
  const displayName = nickName || name;
  return {
    name: displayName,
    account: nickName && name && nickName !== name ? name : '',
    avatar,
    bio: info?.bio ?? profile?.bio ?? '',
    tag: info?.tag ?? profile?.creatorTag ?? '',
    points: profile?.points ?? info?.points ?? points,
  };
}

function Head({ view, children }: { view: THeadView; children?: ReactNode }) {
  const { t } = useTranslation('profile');
  return (
    <>
      <UserAvatar src={view.avatar} size={80} alt={t('avatarAlt', { name: view.name })} />
      <div className="profile-card__text">
        <h2 className="profile-card__name">
          {view.name}
          {view.tag ? <Tag className="profile-card__tag">{view.tag}</Tag> : null}
        </h2>
        {view.account ? <p className="profile-card__account">{view.account}</p> : null}
        <p className="profile-card__bio">{view.bio || t('noBio')}</p>
        {children}
      </div>
    </>
  );
}

/** SPEC 2 'Edit profile' entry and the counters of one's own profile. */
export function OwnProfileCard({
  profile,
  onEdit,
}: {
  profile: TUserProfile | undefined;
  onEdit: () => void;
}) {
  const { t } = useTranslation('profile');
  const { points, ...view } = useOwnHead(profile);
  return (
    <section className="profile-card" aria-label={view.name} data-testid="profile-card">
      <Head view={view}>
        <ProfileCounters profile={profile} points={points} />
      </Head>
      <Button icon={<EditOutlined />} onClick={onEdit} className="profile-card__edit">
        {t('edit')}
      </Button>
    </section>
  );
}

/**
 * Another maker's head: avatar (fallback on failure), nickname (an e-mail
 * shortened before '@', SPEC 3), creator tag, bio, counters and the follow
 * button (follow / following / mutual, SPEC 4). A follow updates the state
 * and the fan count in place.
 */
export function UserProfileCard({ userId, profile }: { userId: number; profile?: TUserProfile }) {
  const queryClient = useQueryClient();
  if (!profile) {
    return (
      <section className="profile-card" aria-busy="true" data-testid="profile-card-loading">
        <SkeletonBlock className="profile-card__avatar-skeleton" />
        <div className="profile-card__text">
          <SkeletonBlock className="profile-card__line-skeleton" />
          <SkeletonBlock className="profile-card__line-skeleton is-short" />
        </div>
      </section>
    );
  }
  const view: THeadView = {
    name: displayNickname(profile.nickname),
    account: '',
    avatar: profile.avatar,
    bio: profile.bio,
    tag: profile.creatorTag,
  };
  const onFollowed = (result: TFollowResult) =>
    queryClient.setQueryData<TUserProfile>(profileKeys.header(userId), (current) =>
      current
        ? {
            ...current,
            is_follow: result.is_follow,
            follow_state: result.follow_state,
            fans: result.fans_count,
            fans_count: result.fans_count,
          }
        : current,
    );
  return (
    <section className="profile-card" aria-label={view.name} data-testid="profile-card">
      <Head view={view}>
        <ProfileCounters profile={profile} points={null} />
      </Head>
      <div className="profile-card__edit">
        <FollowButton userId={userId} state={profile.follow_state} onFollowed={onFollowed} />
      </div>
    </section>
  );
}
