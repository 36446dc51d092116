import { LIMITS } from '@layerline/contract';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkCardSkeleton } from '../../components/WorkCardSkeleton';
import { CategoryFilterBar } from '../catalog/CategoryFilterBar';
import { HomeShowcase } from '../home/HomeShowcase';
import { useFeedRefresh } from './feed-refresh';
import './home-page.css';

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * SPEC 2 Home screen content area: carousel beside at most 3 banners, the
 * collection strip, the sticky category bar and the works grid with its 10
 * loading cards (the grid's data arrives with the works feed).
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const rootRef = useRef<HTMLDivElement>(null);
  const handleRefresh = useCallback(() => {
    rootRef.current?.closest('main')?.scrollTo({ top: 0 });
  }, []);
  useFeedRefresh(handleRefresh);

  return (
    <div className="home-page" ref={rootRef}>
      <h1 className="visually-hidden">{t('feedLabel')}</h1>
      <HomeShowcase />
      <CategoryFilterBar />
      <section className="home-section" aria-labelledby="home-works-title" aria-busy="true">
        <h2 id="home-works-title" className="home-section__title">
          {t('works')}
        </h2>
        <p className="visually-hidden" role="status">
          {t('loading')}
        </p>
        <div className="works-grid">
          {range(LIMITS.skeletonCards).map((index) => (
            <WorkCardSkeleton key={index} />
          ))}
        </div>
      </section>
    </div>
  );
}
