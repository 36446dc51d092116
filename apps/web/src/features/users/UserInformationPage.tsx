import '../../i18n/lazy/feed';
import '../../i18n/lazy/pages';
import '../../i18n/lazy/profile';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { lazyInAntdScope } from '../../app/antd-lazy';
import { usePageSeo } from '../../app/page-seo';
import { EDIT_PROFILE_PARAM, PATHS } from '../../app/paths';
import { Button } from '../../components/ui/Button';
import { useSessionStore } from '../../stores/session.store';
import { parseRouteId } from '../collections/api';
import { listErrorText } from '../collections/PagedWorksGrid';
import { OwnProfileCard, UserProfileCard } from './ProfileCard';
import { ProfileTabs } from './ProfileTabs';
import { useUserProfile } from './profile-api';
import { PROFILE_TABS, type TProfileTab } from './profile-keys';
import { useRefreshOnReturn } from './use-refresh-on-return';
import './profile.css';

// The editor brings antd, the date picker and the form rules: its own chunk,
// rendered in antd's scope (the page itself is drawn without antd, ADR 0058).
const EditProfileDialog = lazyInAntdScope(
  async () => (await import('./EditProfileDialog')).EditProfileDialog,
);

const EDITING = 'profile';
const TAB_PARAM = 'tab';

const isTab = (value: string | null): value is TProfileTab =>
  (PROFILE_TABS as readonly (string | null)[]).includes(value);

function ProfileFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('feed');
  return (
    <div className="profile-card profile-card--failed" role="alert">
      <span>{listErrorText(error, t)}</span>
      <Button onClick={onRetry}>{t('retry')}</Button>
    </div>
  );
}

/**
 * SPEC 2 /userInfor/:id, open to visitors (SPEC 1, 6; ADR 0016). One's own profile: the head from
 * the session, counters with points, the 'Edit profile' entry (`?edit=profile`)
 * and the works (every review state), posts, collections and liked tabs.
 * Another maker's: their head, counters, the follow button and the works
 * (published) and posts tabs (ADR 0013). `?tab=` picks the first tab; the page is
 * kept alive, so the tab is its own state afterwards. The side navigation's
 * 'Mine' lights up on the own profile only (SideNav compares the path).
 */
export function UserInformationPage() {
  const { t } = useTranslation(['pages', 'profile']);
  const { id = '' } = useParams();
  const userId = parseRouteId(id);
  const [params, setParams] = useSearchParams();
  const myId = useSessionStore((state) => state.user.userId);
  const isOwn = myId !== '' && id === myId;
  const isEditRequested = params.get(EDIT_PROFILE_PARAM) === EDITING;
  const [tab, setTab] = useState<TProfileTab>(() => {
    const requested = params.get(TAB_PARAM);
    return isTab(requested) ? requested : 'works';
  });
  const profile = useUserProfile(userId);
  useRefreshOnReturn(userId);
  // SPEC 2 page tags: '{maker's name} - {product}' once the profile has loaded.
  usePageSeo(profile.data?.nickname ? { title: profile.data.nickname } : null);

  const openEditor = () =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(EDIT_PROFILE_PARAM, EDITING);
      return next;
    });
  const closeEditor = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(EDIT_PROFILE_PARAM);
        return next;
      },
      { replace: true },
    );

  if (userId === null) return <Navigate to={PATHS.notFound} replace />;
  // One address per maker (a leading zero would not light up 'Mine').
  if (String(userId) !== id) {
    const search = params.toString();
    return <Navigate to={`${PATHS.profile(userId)}${search ? `?${search}` : ''}`} replace />;
  }

  return (
    <div className="page profile-page" data-user-id={id}>
      <h1 className="visually-hidden">{t('profile.title')}</h1>
      {/* SPEC 5: only one's own profile may be edited. */}
      {isEditRequested && myId !== '' && !isOwn && (
        <div className="profile-notice" role="alert">
          <ExclamationCircleFilled className="profile-notice__icon" aria-hidden />
          <span>{t('profile:errors.editOwnProfileOnly')}</span>
        </div>
      )}
      {isOwn ? (
        <OwnProfileCard profile={profile.data} onEdit={openEditor} />
      ) : profile.isError && !profile.data ? (
        <ProfileFailed error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <UserProfileCard userId={userId} profile={profile.data} />
      )}
      <ProfileTabs
        userId={userId}
        isOwn={isOwn}
        likesPublic={profile.data?.likesPublic === true}
        favorPublic={profile.data?.favorPublic === true}
        tab={tab}
        onTabChange={setTab}
      />
      {isEditRequested && isOwn && (
        <Suspense fallback={null}>
          <EditProfileDialog onClose={closeEditor} />
        </Suspense>
      )}
    </div>
  );
}
