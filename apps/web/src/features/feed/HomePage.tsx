import '../../i18n/lazy/home';
import { Suspense, useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '../../app/antd-lazy';
import { CategoryFilterBar } from '../catalog/CategoryFilterBar';
import { HomeShowcase } from '../home/HomeShowcase';
import { usePostSearchTotal } from '../search/post-search';
import { useFeedStore } from './feed.store';
import { SearchModeSwitch, type TSearchMode } from './SearchModeSwitch';
import { storedScrollTop, useFeedScroll } from './use-feed-scroll';
import type { THomeFeed } from './use-home-feed';
import { useHomeFeed } from './use-home-feed';
import { useProgressiveCount } from './use-progressive-count';
import { WorksGrid } from './WorksGrid';
import './home-page.css';

// Only a search switched to posts shows them: the post cards (and the schema
// checks their forms bring) stay out of the home's first load.
const PostSearchResults = lazyInAntdScope(
  async () => (await import('./PostSearchResults')).PostSearchResults,
);

/** The works found, once the feed answers the current search (null while unknown). */
function worksTotal({ view }: THomeFeed, query: string): number | null {
  const isAnswered = view.page > 0 && view.status !== 'loading';
  return isAnswered && view.params?.query === query ? view.total : null;
}

/**
 * SPEC 2 Home screen content area: carousel beside at most 3 banners and the
 * collection strip (both hidden while searching), the sticky category bar
 * and the works grid with SPEC 4's infinite scroll. The page is kept alive
 * by the shell; the feed keeps its list and scroll position meanwhile.
 *
 * While searching, a Works | Posts switch (ADR 0013) shows the community
 * posts the same text finds instead of the works. The works feed keeps its
 * list meanwhile but stops following the scrolling, so it loads no pages
 * out of sight; coming back puts the works' own position back.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const rootRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // The filter bar and the grid mount in a second render that yields to the
  // browser, so the first screen (carousel, banners) commits on its own and a
  // slow phone answers taps in between (ADR 0023).
  const isListMounted = useDeferredValue(true, false);
  const feed = useHomeFeed();
  const query = useFeedStore((state) => state.query);
  const [mode, setMode] = useState<TSearchMode>('works');
  // The end of a search ends its choice: the next one starts on works.
  if (!query && mode !== 'works') setMode('works');
  const isPosts = query !== '' && mode === 'posts';
  // A page of cards renders in slices behind the urgent update (a deferred
  // value is a transition), so 50 new cards are no single long task on a slow
  // phone; the scroll position is put back once they are there.
  const view = useDeferredValue(feed.view);
  // And a batch of cards at a time, as the visitor comes near them: no single
  // commit of 50, and no work at the start for cards far below the screen
  // (use-progressive-count.ts). A position to put back after a reload needs
  // them all.
  // After a reload: the stored position, if home was left recently (read once).
  const [storedTop] = useState(storedScrollTop);
  // Counted once the list is mounted, so the end of its cards can be measured.
  const shownCount = useProgressiveCount(isListMounted ? view.items.length : 0, {
    endRef: sectionRef,
    revealAll: storedTop !== null,
  });
  const gridView =
    shownCount < view.items.length ? { ...view, items: view.items.slice(0, shownCount) } : view;
  const shown = { ...feed, view };
  // A position to put back waits for the whole page of cards.
  const isRendered = shownCount === view.items.length;
  useFeedScroll(
    rootRef,
    sectionRef,
    isPosts ? { ...shown, isActive: false } : shown,
    isRendered,
    storedTop,
  );
  const postsTotal = usePostSearchTotal(query);

  return (
    <div className="home-page" ref={rootRef}>
      <h1 className="visually-hidden">{t('feedLabel')}</h1>
      <HomeShowcase />
      {/* Categories sort works only. */}
      {!isPosts && isListMounted && <CategoryFilterBar />}
      {query && (
        <SearchModeSwitch
          mode={mode}
          onChange={setMode}
          totals={{ works: worksTotal(feed, query), posts: postsTotal }}
        />
      )}
      {isPosts ? (
        <Suspense fallback={null}>
          <PostSearchResults query={query} total={postsTotal} />
        </Suspense>
      ) : (
        isListMounted && (
          <WorksGrid view={gridView} onRetry={feed.controller.retry} sectionRef={sectionRef} />
        )
      )}
    </div>
  );
}
