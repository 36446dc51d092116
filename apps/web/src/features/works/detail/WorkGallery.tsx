import '../../../i18n/lazy/work';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../../components/SafeImage';
import './work-gallery.css';

/** Cover images first, then the other images, each once. */
export function galleryImages(cover: readonly string[], images: readonly string[]): string[] {
  const seen = new Set<string>();
  return [...cover, ...images].filter((url) => {
    const key = url.trim();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * SPEC 2 product detail: image carousel with a counter (n/N) and dots.
 * Arrows wrap around; there is no autoplay, the maker is reading.
 */
export function WorkGallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation('work');
  const [index, setIndex] = useState(0);
  const total = images.length;
  const current = total ? Math.min(index, total - 1) : 0;
  const go = (next: number) => setIndex((next + total) % total);

  if (total === 0) {
    return (
      <div className="work-gallery work-gallery--empty">
        <PictureOutlined aria-hidden />
        <span>{t('gallery.empty')}</span>
      </div>
    );
  }

  return (
    <section
      className="work-gallery"
      aria-roledescription={t('gallery.role')}
      aria-label={t('gallery.label')}
    >
      <div className="work-gallery__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {images.map((url, position) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group with roledescription 'slide' in the WAI-ARIA carousel pattern.
          <div
            key={url}
            className="work-gallery__slide"
            role="group"
            aria-roledescription={t('gallery.slideRole')}
            aria-label={t('gallery.slideLabel', { index: position + 1, total })}
            aria-hidden={position !== current}
            inert={position !== current}
          >
            <SafeImage
              src={url}
              alt={t('gallery.imageAlt', { index: position + 1, title })}
              className="work-gallery__image"
              loading={position === 0 ? 'eager' : 'lazy'}
              // The cover is the page's largest paint; the server's page fetches it already (ADR 0058).
              fetchPriority={position === 0 ? 'high' : undefined}
            />
          </div>
        ))}
      </div>
      <span className="work-gallery__counter" data-testid="work-gallery-counter">
        {t('gallery.counter', { index: current + 1, total })}
      </span>
      {total > 1 && (
        <>
          <button
            type="button"
            className="work-gallery__arrow work-gallery__arrow--prev"
            aria-label={t('gallery.previous')}
            onClick={() => go(current - 1)}
          >
            <LeftOutlined aria-hidden />
          </button>
          <button
            type="button"
            className="work-gallery__arrow work-gallery__arrow--next"
            aria-label={t('gallery.next')}
            onClick={() => go(current + 1)}
          >
            <RightOutlined aria-hidden />
          </button>
          {/* biome-ignore lint/a11y/useSemanticElements: the dots are not form fields, so no fieldset. */}
          <div className="work-gallery__dots" role="group" aria-label={t('gallery.controls')}>
            {images.map((url, position) => (
              <button
                key={url}
                type="button"
                className={`work-gallery__dot${position === current ? ' is-active' : ''}`}
                aria-label={t('gallery.goTo', { index: position + 1 })}
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
