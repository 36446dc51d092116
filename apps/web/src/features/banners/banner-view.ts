import { ICON_TYPES, LIMITS } from '@layerline/contract';
import type { TFunction } from 'i18next';
import placeholderImage from '../../assets/image-placeholder.svg';
import type { TBannerPayload } from './api';
import bannerLaser from './art/banner-laser.svg';
import bannerPoints from './art/banner-points.svg';
import bannerTalk from './art/banner-talk.svg';
import slideAi from './art/slide-ai.svg';
import slideCommunity from './art/slide-community.svg';
import slidePublish from './art/slide-publish.svg';

export type TIconType = (typeof ICON_TYPES)[number];

/** A carousel slide or banner with every field filled in (SPEC 3). */
export interface TBannerView {
  key: string;
  img: string;
  title: string;
  subtitle: string;
  buttonText: string;
  link: string;
  titleLink: string;
  iconType: TIconType;
}

type THomeT = TFunction<'home'>;

export { placeholderImage };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function iconTypeOf(value: unknown): TIconType {
  return (ICON_TYPES as readonly unknown[]).includes(value) ? (value as TIconType) : 'default';
}

/**
 * SPEC 3 Carousel or banner item: missing values are replaced by a placeholder
 * image, default text or '#'.
 */
export function toBannerView(item: TBannerPayload, index: number, t: THomeT): TBannerView {
  const id = item.id ?? item.ID;
  return {
    key: id === undefined ? `item-${index}` : String(id),
    img: text(item.img) || placeholderImage,
    title: text(item.title) || t('bannerFallback.title'),
    subtitle: text(item.subtitle) || t('bannerFallback.subtitle'),
    buttonText: text(item.buttonText) || t('bannerFallback.buttonText'),
    link: text(item.link) || '#',
    titleLink: text(item.title_link) || '#',
    iconType: iconTypeOf(item.iconType),
  };
}

type TDefaultItem = {
  id: 'community' | 'aiCreate' | 'publish' | 'points' | 'talk' | 'laser';
  img: string;
  link: string;
  iconType: TIconType;
};

/** Built-in items for an empty or failed fetch (SPEC 4); texts from the catalog. */
const DEFAULT_SLIDES: TDefaultItem[] = [
  { id: 'community', img: slideCommunity, link: '/community', iconType: 'default' },
  { id: 'aiCreate', img: slideAi, link: '/aiCreate', iconType: 'premium' },
  { id: 'publish', img: slidePublish, link: '/publish', iconType: 'exclusive' },
];

const DEFAULT_BANNERS: TDefaultItem[] = [
  { id: 'points', img: bannerPoints, link: '/aiCreate', iconType: 'coupon' },
  { id: 'talk', img: bannerTalk, link: '/community', iconType: 'default' },
  { id: 'laser', img: bannerLaser, link: '/aiCreate', iconType: 'premium' },
];

function defaultView(item: TDefaultItem, t: THomeT): TBannerView {
  return {
    key: `default-${item.id}`,
    img: item.img,
    title: t(`defaultItems.${item.id}.title`),
    subtitle: t(`defaultItems.${item.id}.subtitle`),
    buttonText: t(`defaultItems.${item.id}.buttonText`),
    link: item.link,
    titleLink: item.link,
    iconType: item.iconType,
  };
}

/** The carousel's slides: the server's, or the built-in ones when there are none. */
export function carouselSlides(items: TBannerPayload[] | undefined, t: THomeT): TBannerView[] {
  if (items?.length) return items.map((item, index) => toBannerView(item, index, t));
  return DEFAULT_SLIDES.map((item) => defaultView(item, t));
}

/** The banner grid: at most 3 (SPEC 9), the built-in ones when there are none. */
export function gridBanners(items: TBannerPayload[] | undefined, t: THomeT): TBannerView[] {
  if (items?.length) {
    return items.slice(0, LIMITS.bannersShown).map((item, index) => toBannerView(item, index, t));
  }
  return DEFAULT_BANNERS.map((item) => defaultView(item, t));
}
