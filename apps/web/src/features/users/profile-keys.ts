import { workKeys } from '../works/keys';

/** SPEC 2: the tabs of a profile, and (ADR 0013) the maker's community posts. */
export const PROFILE_TABS = ['works', 'posts', 'collections', 'liked'] as const;
export type TProfileTab = (typeof PROFILE_TABS)[number];
/** The tabs that list works (paged works grids). */
export type TProfileWorksTab = Exclude<TProfileTab, 'posts'>;

/**
 * Under the works keys on purpose: deleting a work or appealing one
 * invalidates every works query, so the counters and tabs follow.
 */
export const profileKeys = {
  all: [...workKeys.all, 'profile'] as const,
  user: (id: number) => [...profileKeys.all, id] as const,
  header: (id: number) => [...profileKeys.user(id), 'header'] as const,
  list: (id: number, tab: TProfileWorksTab, isOwn: boolean) =>
    [...profileKeys.user(id), tab, isOwn ? 'own' : 'public'] as const,
};
