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
import {
  fetchProfileTabPage,
  profileKeys,
  type TProfileTab,
  type TProfileWorksTab,
} from './profile-api';

/**
 * The tabs a profile offers. The liked and collected lists are private
 * (ADR 0010): the server lists them to their owner only, so another maker's
 * profile shows their works and their community posts (ADR 0013) alone.
 */
export function profileTabs(isOwn: boolean): TProfileTab[] {
  return isOwn ? ['works', 'posts', 'collections', 'liked'] : ['works', 'posts'];
}

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
  return (
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
}

/**
 * SPEC 2 profile tabs: works, posts (ADR 0013), collections (the works the
 * user collected) and, on one's own profile, liked. Each tab is a paged list
 * with infinite scroll; only the open tab is rendered, so only it listens to
 * scrolling.
 */
export function ProfileTabs({
  userId,
  isOwn,
  tab,
  onTabChange,
}: {
  userId: number;
  isOwn: boolean;
  tab: TProfileTab;
  onTabChange: (tab: TProfileTab) => void;
}) {
  const { t } = useTranslation('profile');
  const tabs = profileTabs(isOwn);
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
        label: <span data-testid={`profile-tab-${item}`}>{t(`tabs.${item}`)}</span>,
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
