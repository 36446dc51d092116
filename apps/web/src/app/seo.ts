import '../i18n/lazy/seo';
import { i18n } from '../i18n/i18n';
import type { TSeoPage } from './route-handle';

export interface TSeoTags {
  title: string;
  description: string;
  url: string;
  image: string;
  type: 'website';
  locale: string;
  twitterCard: 'summary_large_image';
}

export interface TSeoInput {
  page: TSeoPage;
  origin: string;
  pathname: string;
  product?: string;
}

/** SPEC 2: a screen's own title as a page title, '{page} - {product}'. */
export function screenTitle(page: string): string {
  return i18n.t('seo:pageTitle', { page });
}

/** SPEC 2: '{product} - Home' on home, '{page} - {product}' elsewhere. */
export function buildSeoTags({ page, origin, pathname, product }: TSeoInput): TSeoTags {
  const vars = product ? { product } : {};
  const pageTitle = i18n.t(`seo:pages.${page}.title`, vars);
  const title =
    page === 'home'
      ? i18n.t('seo:homeTitle', vars)
      : i18n.t('seo:pageTitle', { ...vars, page: pageTitle });
  const url = new URL(pathname, origin).toString();
  return {
    title,
    description: i18n.t(`seo:pages.${page}.description`, vars),
    url,
    image: new URL('/og-image.png', origin).toString(),
    type: 'website',
    locale: i18n.resolvedLanguage === 'zh' ? 'zh_CN' : 'en_US',
    twitterCard: 'summary_large_image',
  };
}

function upsertMeta(doc: Document, attribute: 'name' | 'property', key: string, content: string) {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(attribute, key);
    doc.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function upsertCanonical(doc: Document, href: string) {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = doc.createElement('link');
    link.setAttribute('rel', 'canonical');
    doc.head.appendChild(link);
  }
  link.setAttribute('href', href);
}

/** Writes the title, description, Open Graph, Twitter and canonical tags. */
export function applySeoTags(tags: TSeoTags, doc: Document = document): void {
  doc.title = tags.title;
  upsertMeta(doc, 'name', 'description', tags.description);
  upsertMeta(doc, 'property', 'og:title', tags.title);
  upsertMeta(doc, 'property', 'og:description', tags.description);
  upsertMeta(doc, 'property', 'og:url', tags.url);
  upsertMeta(doc, 'property', 'og:image', tags.image);
  upsertMeta(doc, 'property', 'og:type', tags.type);
  upsertMeta(doc, 'property', 'og:locale', tags.locale);
  upsertMeta(doc, 'name', 'twitter:card', tags.twitterCard);
  upsertMeta(doc, 'name', 'twitter:title', tags.title);
  upsertMeta(doc, 'name', 'twitter:description', tags.description);
  upsertMeta(doc, 'name', 'twitter:image', tags.image);
  upsertCanonical(doc, tags.url);
}
