import { LIMITS } from '@layerline/contract';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonBlock } from '../../components/SkeletonBlock';
import { WorkCardSkeleton } from '../../components/WorkCardSkeleton';
import { useFeedRefresh } from './feed-refresh';
import './home-page.css';

const COLLECTION_PLACEHOLDERS = 6;
const CATEGORY_PLACEHOLDERS = 6;

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * SPEC 2 Home screen content area, in the layout the discovery data fills:
 * carousel beside at most 3 banners, the collection strip, the sticky
 * category bar and the works grid with its 10 loading cards.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const rootRef = useRef<HTMLDivElement>(null);
  const handleRefresh = useCallback(() => {
    rootRef.current?.closest('main')?.scrollTo({ top: 0 });
  }, []);
  useFeedRefresh(handleRefresh);

  return (
    <div className="home-page" ref={rootRef} aria-busy="true">
      <h1 className="visually-hidden">{t('feedLabel')}</h1>
      <div className="home-hero">
        <section className="home-hero__carousel" aria-label={t('carousel')}>
          <SkeletonBlock className="home-hero__slide" />
        </section>
        <section className="home-hero__banners" aria-label={t('banners')}>
          {range(LIMITS.bannersShown).map((index) => (
            <SkeletonBlock key={index} className="home-hero__banner" />
          ))}
        </section>
      </div>

      <section className="home-section" aria-labelledby="home-collections-title">
        <h2 id="home-collections-title" className="home-section__title">
          {t('collections')}
        </h2>
        <div className="collection-strip">
          {range(COLLECTION_PLACEHOLDERS).map((index) => (
            <div key={index} className="collection-strip__card">
              <div className="collection-strip__mosaic">
                {range(LIMITS.collectionMosaic).map((tile) => (
                  <SkeletonBlock key={tile} />
                ))}
              </div>
              <SkeletonBlock className="collection-strip__name" />
            </div>
          ))}
        </div>
      </section>

      <nav className="category-bar" aria-label={t('categories')}>
        <span className="category-bar__chip is-active">{t('allCategories')}</span>
        {range(CATEGORY_PLACEHOLDERS).map((index) => (
          <SkeletonBlock key={index} className="category-bar__chip-skeleton" />
        ))}
      </nav>

      <section className="home-section" aria-labelledby="home-works-title">
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
