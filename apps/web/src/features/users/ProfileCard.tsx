import '../../i18n/lazy/profile';
import EditOutlined from '@ant-design/icons/EditOutlined';
import type { TUserProfile } from '@layerline/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonBlock } from '../../components/SkeletonBlock';
import { UserAvatar } from '../../components/UserAvatar';
import { Button } from '../../components/ui/Button';
import { useMakerState } from '../../entities/makers';
import { useSessionStore } from '../../stores/session.store';
import { displayNickname } from '../works/work-format';
import { useMyProfile } from './api';
import { ProfileCounters } from './ProfileCounters';
import { ProfileFollowButton } from './ProfileFollowButton';

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
          {/* Drawn as antd's Tag was, without antd (ADR 0058). */}
          {view.tag ? <span className="profile-card__tag">{view.tag}</span> : null}
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
 * button (follow / following / mutual, SPEC 4). The follow state and the fan
 * count are the maker's entry once a follow changed them (ADR 0049).
 */
export function UserProfileCard({ userId, profile }: { userId: number; profile?: TUserProfile }) {
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
  return <MakerProfileCard userId={userId} answer={profile} />;
}

function MakerProfileCard({ userId, answer }: { userId: number; answer: TUserProfile }) {
  const maker = useMakerState(userId, answer);
  const profile = { ...maker, fans: maker.fans_count };
  const view: THeadView = {
    name: displayNickname(profile.nickname),
    account: '',
    avatar: profile.avatar,
    bio: profile.bio,
    tag: profile.creatorTag,
  };
  return (
    <section className="profile-card" aria-label={view.name} data-testid="profile-card">
      <Head view={view}>
        <ProfileCounters profile={profile} points={null} />
      </Head>
      <div className="profile-card__edit">
        <ProfileFollowButton userId={userId} state={profile.follow_state} />
      </div>
    </section>
  );
}
