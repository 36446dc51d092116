import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { routeHandle, type TSeoPage } from './route-handle';
import { applySeoTags, buildSeoTags } from './seo';

/** SPEC 2: each navigation (and each language switch) rewrites the page tags. */
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

  useEffect(() => {
    if (!language) return;
    applySeoTags(buildSeoTags({ page, pathname, origin: window.location.origin }));
  }, [page, pathname, language]);
}
