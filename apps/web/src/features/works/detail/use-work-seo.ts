import type { TWorkDetail } from '@layerline/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { writeSeoTags } from '../../../app/seo-writer';

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
    return writeSeoTags(({ buildSeoTags, screenTitle }) => {
      const origin = window.location.origin;
      const tags = buildSeoTags({ page: 'work', pathname, origin });
      return {
        ...tags,
        title: screenTitle(work.title),
        description: work.summary.trim() || tags.description,
        image: absolute(work.cover[0], origin) ?? tags.image,
      };
    });
  }, [work, pathname]);
}
