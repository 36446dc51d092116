import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { usePageSeoStore } from './page-seo';
import { routeHandle, type TSeoPage } from './route-handle';
import { writeSeoTags } from './seo-writer';

/**
 * SPEC 2: each navigation (and each language switch) rewrites the page tags,
 * with the screen's own title (usePageSeo) once it has one for this path.
 */
export function useRouteSeo(): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const { i18n } = useTranslation();
  let page: TSeoPage = 'home';
  for (const match of matches) {
    const seo = routeHandle(match.handle).seo;
    if (seo) page = seo;
  }
  const language = i18n.resolvedLanguage;
  const named = usePageSeoStore((state) => state.page);
  const ownTitle = named?.pathname === pathname ? named.title : '';
  const ownDescription = named?.pathname === pathname ? named.description : undefined;

  useEffect(() => {
    if (!language) return;
    return writeSeoTags(({ buildSeoTags, screenTitle }) => {
      const tags = buildSeoTags({ page, pathname, origin: window.location.origin });
      return ownTitle
        ? {
            ...tags,
            title: screenTitle(ownTitle),
            description: ownDescription || tags.description,
          }
        : tags;
    });
  }, [page, pathname, language, ownTitle, ownDescription]);
}
