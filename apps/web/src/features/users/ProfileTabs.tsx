import '../../i18n/lazy/profile';
import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { useSessionStore } from '../../stores/session.store';
import { PagedWorksGrid } from '../collections/PagedWorksGrid';
import { type TFetchWorksPage, usePagedWorks } from '../collections/paged-works';
import { communityKeys, fetchUserPostsPage } from '../community/api';
import { PostList } from '../community/PostList';
import { fetchProfileTabPage } from './profile-api';
import { profileKeys, type TProfileTab, type TProfileWorksTab } from './profile-keys';

/**
 * The tabs a profile offers (SPEC 2: works, collections, liked; ADR 0013:
 * posts). Another maker's profile shows their works and posts, their
 * collections when they made their favourites public (ADR 0010, `GET
 * /favor/{uid}`) and their liked works when they made those public (ADR 0019).
 */
export function profileTabs(
  isOwn: boolean,
  likesPublic = false,
  favorPublic = false,
): TProfileTab[] {
  if (isOwn) return ['works', 'posts', 'collections', 'liked'];
  return [
    'works',
    'posts',
    ...(favorPublic ? (['collections'] as const) : []),
    ...(likesPublic ? (['liked'] as const) : []),
  ];
}

/** What another maker's public tab says: their choice that others see it. */
const PUBLIC_NOTE: Partial<Record<TProfileTab, 'likedPublicNote' | 'collectionsPublicNote'>> = {
  liked: 'likedPublicNote',
  collections: 'collectionsPublicNote',
};

/** ADR 0013: the maker's community posts, newest first, as the community's own list of cards. */
function PostsTab({ userId, isOwn }: { userId: number; isOwn: boolean }) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  // `is_like` on each card is the viewer's.
  const viewer = useSessionStore((state) => state.user.userId);
  const fetchPage = useMemo(() => fetchUserPostsPage(userId), [userId]);
  return (
    <PostList
      queryKey={communityKeys.user(userId, viewer)}
      fetchPage={fetchPage}
      label={t('tabs.posts')}
      emptyText={t(`empty.posts.${isOwn ? 'own' : 'other'}`)}
      emptyAction={
        isOwn ? (
          <Button type="primary" onClick={() => void navigate(PATHS.community)}>
            {t('postFirst')}
          </Button>
        ) : null
      }
      testId="profile-list-posts"
    />
  );
}

function TabList({
  tab,
  userId,
  isOwn,
}: {
  tab: TProfileWorksTab;
  userId: number;
  isOwn: boolean;
}) {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const fetchPage = useCallback<TFetchWorksPage>(
    (page, pageSize, signal) => fetchProfileTabPage(tab, userId, isOwn, page, pageSize, signal),
    [tab, userId, isOwn],
  );
  const list = usePagedWorks({ queryKey: profileKeys.list(userId, tab, isOwn), fetchPage });
  const whose = isOwn ? 'own' : 'other';
  const grid = (
    <PagedWorksGrid
      list={list}
      label={t(`tabs.${tab}`)}
      emptyText={t(`empty.${tab}.${whose}`)}
      emptyAction={
        isOwn && tab === 'works' ? (
          <Button type="primary" onClick={() => void navigate(PATHS.publish)}>
            {t('publishFirst')}
          </Button>
        ) : null
      }
      testId={`profile-list-${tab}`}
    />
  );
  const note = PUBLIC_NOTE[tab];
  if (isOwn || !note) return grid;
  // ADR 0019: the tab says whose choice it is that others see it.
  return (
    <>
      <p className="profile-tab-note" data-testid={`profile-${tab}-note`}>
        {t(note)}
      </p>
      {grid}
    </>
  );
}

/**
 * SPEC 2 profile tabs: works, posts (ADR 0013), collections (the works the
 * user collected) and liked (one's own, or another maker's public ones). Each tab is a paged list
 * with infinite scroll; only the open tab is rendered, so only it listens to
 * scrolling.
 */
export function ProfileTabs({
  userId,
  isOwn,
  likesPublic = false,
  favorPublic = false,
  tab,
  onTabChange,
}: {
  userId: number;
  isOwn: boolean;
  /** The maker made their liked works public (ADR 0019): others get the Liked tab. */
  likesPublic?: boolean;
  /** The maker made their favourites public (ADR 0010): others get the Collections tab. */
  favorPublic?: boolean;
  tab: TProfileTab;
  onTabChange: (tab: TProfileTab) => void;
}) {
  const { t } = useTranslation('profile');
  const tabs = profileTabs(isOwn, likesPublic, favorPublic);
  const active = tabs.includes(tab) ? tab : 'works';
  return (
    <Tabs
      className="profile-tabs"
      activeKey={active}
      onChange={(key) => {
        const next = tabs.find((item) => item === key);
        if (next) onTabChange(next);
      }}
      items={tabs.map((item) => ({
        key: item,
        label: (
          <span
            data-testid={`profile-tab-${item}`}
            title={!isOwn && PUBLIC_NOTE[item] ? t(PUBLIC_NOTE[item]) : undefined}
          >
            {t(`tabs.${item}`)}
          </span>
        ),
        children:
          item !== active ? null : item === 'posts' ? (
            <div className="profile-posts">
              <PostsTab userId={userId} isOwn={isOwn} />
            </div>
          ) : (
            <TabList tab={item} userId={userId} isOwn={isOwn} />
          ),
      }))}
    />
  );
}
