import Button from 'antd/es/button';
import Tabs from 'antd/es/tabs';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { PagedWorksGrid } from '../collections/PagedWorksGrid';
import { type TFetchWorksPage, usePagedWorks } from '../collections/paged-works';
import { fetchProfileTabPage, profileKeys, type TProfileTab } from './profile-api';

/**
 * The tabs a profile offers. The liked and collected lists are private
 * (ADR 0010): the server lists them to their owner only, so another maker's
 * profile shows their works alone.
 */
export function profileTabs(isOwn: boolean): TProfileTab[] {
  return isOwn ? ['works', 'collections', 'liked'] : ['works'];
}

function TabList({ tab, userId, isOwn }: { tab: TProfileTab; userId: number; isOwn: boolean }) {
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
 * SPEC 2 profile tabs: works, collections (the works the user collected) and,
 * on one's own profile, liked. Each tab is a paged grid with infinite scroll;
 * only the open tab is rendered, so only it listens to scrolling.
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
        children: item === active ? <TabList tab={item} userId={userId} isOwn={isOwn} /> : null,
      }))}
    />
  );
}
