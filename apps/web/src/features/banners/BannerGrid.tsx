import '../../i18n/lazy/home';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../components/SafeImage';
import { BannerLink } from './BannerLink';
import type { TBannerView } from './banner-view';
import { IconTypeBadge } from './IconTypeBadge';
import './banner-grid.css';

/** SPEC 2: the banner grid beside the carousel; the caller passes at most 3 (SPEC 9). */
export function BannerGrid({ banners }: { banners: TBannerView[] }) {
  const { t } = useTranslation('home');
  return (
    <section className="banner-grid" aria-label={t('banners')}>
      {banners.map((banner) => (
        <article key={banner.key} className="banner-card">
          <SafeImage src={banner.img} alt="" className="banner-card__image" />
          <div className="banner-card__overlay">
            <div className="banner-card__content">
              <IconTypeBadge type={banner.iconType} />
              <h3 className="banner-card__title">
                <BannerLink link={banner.titleLink} className="banner-card__title-link">
                  {banner.title}
                </BannerLink>
              </h3>
              <p className="banner-card__subtitle">{banner.subtitle}</p>
            </div>
            <BannerLink link={banner.link} className="banner-card__button">
              {banner.buttonText}
            </BannerLink>
          </div>
        </article>
      ))}
    </section>
  );
}
