import type { TWorkDetail } from '@layerline/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applySeoTags, buildSeoTags } from '../../../app/seo';
import { i18n } from '../../../i18n/i18n';

function absolute(url: string | undefined, origin: string): string | null {
  if (!url) return null;
  try {
    return new URL(url, origin).toString();
  } catch {
    return null;
  }
}

/**
 * SPEC 2: each navigation sets the page tags. /work/:id first gets the
 * generic 'Work' tags from the route; once the work has loaded its title,
 * summary and cover take their place. A language switch loads the work again
 * (its names are localised), which applies the tags again after the route's.
 */
export function useWorkSeo(work: TWorkDetail | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!work) return;
    const origin = window.location.origin;
    const tags = buildSeoTags({ page: 'work', pathname, origin });
    applySeoTags({
      ...tags,
      title: i18n.t('seo:pageTitle', { page: work.title }),
      description: work.summary.trim() || tags.description,
      image: absolute(work.cover[0], origin) ?? tags.image,
    });
  }, [work, pathname]);
}
