import '../../i18n/lazy/home';
import { BANNER_TYPES, LIMITS } from '@layerline/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonBlock } from '../../components/SkeletonBlock';
import { useBanners } from '../banners/api';
import { BannerGrid } from '../banners/BannerGrid';
import { carouselSlides, gridBanners } from '../banners/banner-view';
import { HeroCarousel } from '../banners/HeroCarousel';

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * SPEC 2: the carousel on the left and at most 3 banners on the right.
 * Skeletons while loading; on an empty or failed result the built-in slides
 * and banners (SPEC 4). A cancelled fetch is retried first (see feed-query).
 */
export function HomeHero() {
  const { t } = useTranslation('home');
  const carousel = useBanners(BANNER_TYPES.carousel);
  const banners = useBanners(BANNER_TYPES.banner);
  const slides = useMemo(() => carouselSlides(carousel.data, t), [carousel.data, t]);
  const cards = useMemo(() => gridBanners(banners.data, t), [banners.data, t]);

  return (
    <div className="home-hero">
      {carousel.isPending ? (
        <section className="home-hero__carousel" aria-label={t('carousel')} aria-busy="true">
          <SkeletonBlock className="home-hero__slide" />
        </section>
      ) : (
        <HeroCarousel slides={slides} />
      )}
      {banners.isPending ? (
        <section className="home-hero__banners" aria-label={t('banners')} aria-busy="true">
          {range(LIMITS.bannersShown).map((index) => (
            <SkeletonBlock key={index} className="home-hero__banner" />
          ))}
        </section>
      ) : (
        <BannerGrid banners={cards} />
      )}
    </div>
  );
}
