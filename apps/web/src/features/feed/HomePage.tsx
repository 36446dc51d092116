import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryFilterBar } from '../catalog/CategoryFilterBar';
import { HomeShowcase } from '../home/HomeShowcase';
import { useFeedScroll } from './use-feed-scroll';
import { useHomeFeed } from './use-home-feed';
import { WorksGrid } from './WorksGrid';
import './home-page.css';

/**
 * SPEC 2 Home screen content area: carousel beside at most 3 banners and the
 * collection strip (both hidden while searching), the sticky category bar
 * and the works grid with SPEC 4's infinite scroll. The page is kept alive
 * by the shell; the feed keeps its list and scroll position meanwhile.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const rootRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const feed = useHomeFeed();
  useFeedScroll(rootRef, sectionRef, feed);

  return (
    <div className="home-page" ref={rootRef}>
      <h1 className="visually-hidden">{t('feedLabel')}</h1>
      <HomeShowcase />
      <CategoryFilterBar />
      <WorksGrid view={feed.view} onRetry={feed.controller.retry} sectionRef={sectionRef} />
    </div>
  );
}
