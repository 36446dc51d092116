import '../../i18n/lazy/home';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { LIMITS } from '@layerline/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPageActive } from '../../app/KeepAliveOutlet';
import { SafeImage } from '../../components/SafeImage';
import { BannerLink } from './BannerLink';
import type { TBannerView } from './banner-view';
import { IconTypeBadge } from './IconTypeBadge';
import './hero-carousel.css';

/**
 * SPEC 4 carousel: autoplay every 5000 ms, paused on hover (and while focus is
 * inside, so keyboard users can read), wrap-around arrows and indicators. The
 * timer restarts after every change, so a manual step gets a full interval.
 */
export function HeroCarousel({ slides }: { slides: TBannerView[] }) {
  const { t } = useTranslation('home');
  const isPageActive = useIsPageActive();
  const [index, setIndex] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [hasFocus, setFocus] = useState(false);
  const total = slides.length;
  const current = total ? index % total : 0;
  const isPaused = isHovered || hasFocus || !isPageActive;
  // A slide's picture is fetched once it is shown or next in line: a phone
  // opening the home loads two pictures, not every slide's (a hidden slide
  // shows its colours until then).
  const [reached, setReached] = useState(0);
  if (current > reached) setReached(current);

  useEffect(() => {
    if (total < 2 || isPaused) return;
    const timer = window.setTimeout(
      () => setIndex((current + 1) % total),
      LIMITS.carouselIntervalMs,
    );
    return () => window.clearTimeout(timer);
  }, [current, total, isPaused]);

  const go = (next: number) => setIndex((next + total) % total);

  return (
    <section
      className="hero-carousel"
      aria-roledescription={t('carouselRole')}
      aria-label={t('carousel')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocus(false);
      }}
    >
      <div className="hero-carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {slides.map((slide, position) => {
          const isShown = position === current;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group with roledescription 'slide' in the WAI-ARIA carousel pattern; a fieldset is for form controls.
            <div
              key={slide.key}
              className="hero-slide"
              role="group"
              aria-roledescription={t('slideRole')}
              aria-label={t('slideLabel', { index: position + 1, total })}
              aria-hidden={!isShown}
              inert={!isShown}
            >
              {position <= reached + 1 && (
                <SafeImage
                  src={slide.img}
                  alt=""
                  className="hero-slide__image"
                  loading={position === 0 ? 'eager' : 'lazy'}
                  fetchPriority={position === 0 ? 'high' : undefined}
                />
              )}
              <div className="hero-slide__content">
                <IconTypeBadge type={slide.iconType} />
                <h3 className="hero-slide__title">
                  <BannerLink link={slide.titleLink} className="hero-slide__title-link">
                    {slide.title}
                  </BannerLink>
                </h3>
                <p className="hero-slide__subtitle">{slide.subtitle}</p>
                <BannerLink link={slide.link} className="hero-slide__button">
                  {slide.buttonText}
                </BannerLink>
              </div>
            </div>
          );
        })}
      </div>
      {total > 1 && (
        <>
          <button
            type="button"
            className="hero-carousel__arrow hero-carousel__arrow--prev"
            aria-label={t('previousSlide')}
            onClick={() => go(current - 1)}
          >
            <LeftOutlined aria-hidden />
          </button>
          <button
            type="button"
            className="hero-carousel__arrow hero-carousel__arrow--next"
            aria-label={t('nextSlide')}
            onClick={() => go(current + 1)}
          >
            <RightOutlined aria-hidden />
          </button>
          {/* biome-ignore lint/a11y/useSemanticElements: the indicator buttons are not form fields, so no fieldset. */}
          <div className="hero-carousel__dots" role="group" aria-label={t('slideControls')}>
            {slides.map((slide, position) => (
              <button
                key={slide.key}
                type="button"
                className={`hero-carousel__dot${position === current ? ' is-active' : ''}`}
                aria-label={t('goToSlide', { index: position + 1 })}
                aria-current={position === current ? 'true' : undefined}
                onClick={() => go(position)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
