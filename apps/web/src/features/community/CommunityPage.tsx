import '../../i18n/lazy/community';
import { COMMUNITY_TABS, type TCommunityTab } from '@layerline/contract';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { lazyInAntdScope } from '../../app/antd-lazy';
import { useIsPageActive } from '../../app/KeepAliveOutlet';
import { Button } from '../../components/ui/Button';
import { Tabs } from '../../components/ui/Tabs';
import { useSessionStore } from '../../stores/session.store';
import { useLoginGuard } from '../social/use-login-guard';
import { communityKeys, fetchFeedPage } from './api';
import { PostComposerSlot } from './PostComposerSlot';
import { PostList } from './PostList';
import {
  COMMENT_PARAM,
  DEFAULT_TAB,
  isCommunityTab,
  linkedPost,
  POST_PARAM,
  TAB_PARAM,
  THREAD_PARAM,
} from './post-link';
import './community.css';

// A post's dialog (antd's Modal) comes with the first `?post=` of the visit.
const PostDialog = lazyInAntdScope(async () => (await import('./PostDialog')).PostDialog);

/** My activity for a visitor: what the tab holds, and the way in (SPEC 6). */
function LoginPrompt() {
  const { t } = useTranslation('community');
  const canAct = useLoginGuard();
  return (
    <div className="community-login" data-testid="community-login">
      <p className="community-login__title">{t('loginPrompt.title')}</p>
      <p className="community-login__body">{t('loginPrompt.body')}</p>
      <Button variant="primary" onClick={canAct}>
        {t('loginPrompt.action')}
      </Button>
    </div>
  );
}

function FeedTab({ tab }: { tab: TCommunityTab }) {
  const { t } = useTranslation('community');
  const viewer = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  const fetchPage = useMemo(() => fetchFeedPage(tab), [tab]);
  if (tab === 'mine' && !isLogin) return <LoginPrompt />;
  return (
    <PostList
      queryKey={communityKeys.feed(tab, viewer)}
      fetchPage={fetchPage}
      emptyText={t(`empty.${tab}`)}
      label={t(`tabs.${tab}`)}
      testId={`community-feed-${tab}`}
    />
  );
}

/**
 * The recommend, square and my activity tabs (WAI-ARIA tabs: arrows, Home
 * and End move between them), drawn without antd so the page paints without
 * antd's styles (docs/PERFORMANCE.md, "Community, AI creation and search
 * first load"). Only the chosen tab's list is mounted.
 */
function CommunityTabs({
  tab,
  onChange,
}: {
  tab: TCommunityTab;
  onChange: (tab: TCommunityTab) => void;
}) {
  const { t } = useTranslation('community');
  return (
    <div className="community-tabs">
      <Tabs
        tabs={COMMUNITY_TABS}
        active={tab}
        onChange={onChange}
        label={t('tabs.label')}
        renderTab={(key) => <span data-testid={`community-tab-${key}`}>{t(`tabs.${key}`)}</span>}
      >
        <FeedTab key={tab} tab={tab} />
      </Tabs>
    </div>
  );
}

/**
 * SPEC 2 /community ("Model talk"), open to visitors: the composer, and the
 * recommend, square and my activity tabs. The tab lives in `?tab=`; the page
 * is kept alive by the shell, so coming back without `?tab=` keeps the tab
 * and the scroll position (and writes the tab back into the address).
 * `?post=ID` opens a post's dialog (with `&comment=ID` highlighted).
 */
export function CommunityPage() {
  const { t } = useTranslation('community');
  const isActive = useIsPageActive();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<TCommunityTab>(() => {
    const requested = params.get(TAB_PARAM);
    return isCommunityTab(requested) ? requested : DEFAULT_TAB;
  });
  // A hidden page sees the address of the page on screen: only the active one reads it.
  const urlTab = isActive ? params.get(TAB_PARAM) : null;
  const postId = isActive ? linkedPost(params) : null;

  const writeTab = useCallback(
    (next: TCommunityTab) =>
      setParams(
        (previous) => {
          const query = new URLSearchParams(previous);
          query.set(TAB_PARAM, next);
          return query;
        },
        { replace: true },
      ),
    [setParams],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address or coming back decides; the tab itself is written by changeTab.
  useEffect(() => {
    if (!isActive) return;
    if (isCommunityTab(urlTab)) {
      setTab(urlTab);
    } else if (tab !== DEFAULT_TAB) {
      writeTab(tab);
    }
  }, [isActive, urlTab, writeTab]);

  const changeTab = (key: TCommunityTab) => {
    if (key === tab) return;
    setTab(key);
    writeTab(key);
  };

  const closePost = () =>
    setParams(
      (previous) => {
        const query = new URLSearchParams(previous);
        for (const name of [POST_PARAM, COMMENT_PARAM, THREAD_PARAM]) query.delete(name);
        return query;
      },
      { replace: true },
    );

  // A new post shows first in the square (and my activity), not among the recommendations.
  const handlePosted = () => {
    if (tab === 'recommend') changeTab('square');
  };

  return (
    <div className="community-page" data-testid="community-page">
      <header className="community-page__head">
        <h1 className="community-page__title">{t('title')}</h1>
        <p className="community-page__subtitle">{t('subtitle')}</p>
      </header>
      <PostComposerSlot onDone={handlePosted} />
      <CommunityTabs tab={tab} onChange={changeTab} />
      {postId !== null && (
        <Suspense fallback={null}>
          <PostDialog key={postId} postId={postId} onClose={closePost} />
        </Suspense>
      )}
    </div>
  );
}
