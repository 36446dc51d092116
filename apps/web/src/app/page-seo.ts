import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { create } from 'zustand';
import { useIsPageActive } from './KeepAliveOutlet';

/** What a screen knows about itself once its data has loaded. */
export interface TPageSeo {
  /** The page part of '{page} - {product}': a collection's title, a maker's name. */
  title: string;
  description?: string;
}

type TNamedPage = TPageSeo & { pathname: string };

/** The shown screen's own title, for the path it was given on. */
export const usePageSeoStore = create<{ page: TNamedPage | null }>()(() => ({ page: null }));

/**
 * SPEC 2: each navigation sets the page tags. The route gives the generic
 * ones ('Collection', 'Maker profile'); a screen that knows more names
 * itself here and useRouteSeo uses that for the same path. Kept-alive pages
 * only while they are shown: coming back to one names it again.
 */
export function usePageSeo(seo: TPageSeo | null | undefined): void {
  const { pathname } = useLocation();
  const isActive = useIsPageActive();
  const title = seo?.title ?? '';
  const description = seo?.description;
  useEffect(() => {
    if (!isActive || !title) return;
    const page: TNamedPage = { pathname, title, description };
    usePageSeoStore.setState({ page });
    return () => {
      if (usePageSeoStore.getState().page === page) usePageSeoStore.setState({ page: null });
    };
  }, [isActive, pathname, title, description]);
}
