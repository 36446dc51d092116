import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useIsPageActive } from '../../app/KeepAliveOutlet';
import { noteWorks } from '../../entities/works';
import { useSessionStore } from '../../stores/session.store';
import { useFeedStore } from './feed.store';
import { feedParams, fetchFeedPage, peekFeedPage } from './feed-api';
import { queryFeedCache } from './feed-cache';
import {
  createFeedController,
  type TFeedController,
  type TFeedView,
  type TResetReason,
} from './feed-controller';
import { HOME_SESSION_KEYS, writeSessionNumber } from './home-session';

type TInputs = {
  query: string;
  category: number | null;
  sort: string | null;
  searchCount: number;
  refreshCount: number;
  isLogin: boolean;
};

/**
 * SPEC 4 Feed: the page resets to 1 on a new search, category change,
 * refresh or login change; which one decides whether the cache is emptied.
 */
function resetReason(previous: TInputs | null, next: TInputs): TResetReason {
  if (!previous) return 'change';
  if (previous.isLogin !== next.isLogin) return 'login';
  if (previous.refreshCount !== next.refreshCount) return 'refresh';
  // A search that drops the chosen category is still a search.
  if (previous.searchCount !== next.searchCount) return 'search';
  if (previous.category !== next.category) return 'change';
  if (previous.query !== next.query || previous.searchCount !== next.searchCount) return 'search';
  return 'change';
}

export type THomeFeed = { view: TFeedView; controller: TFeedController; isActive: boolean };

/**
 * Binds the feed controller to the feed store (search, category, order, the
 * logo's refreshes), the session (login changes) and the kept-alive page's
 * visibility: leaving records the time (SPEC 3 homePageLastLeaveTime), and
 * coming back within 5 minutes keeps the list as it was (SPEC 4).
 */
export function useHomeFeed(
  create: (queryClient: QueryClient) => TFeedController = defaultController,
): THomeFeed {
  const queryClient = useQueryClient();
  const [controller] = useState(() => create(queryClient));
  const view = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  const isActive = useIsPageActive();
  const query = useFeedStore((state) => state.query);
  const category = useFeedStore((state) => state.category);
  const sort = useFeedStore((state) => state.sort);
  const searchCount = useFeedStore((state) => state.searchCount);
  const refreshCount = useFeedStore((state) => state.refreshCount);
  const isLogin = useSessionStore((state) => state.isLogin);
  const previous = useRef<TInputs | null>(null);

  useEffect(() => () => controller.dispose(), [controller]);

  useEffect(() => {
    const inputs = { query, category, sort, searchCount, refreshCount, isLogin };
    const reason = resetReason(previous.current, inputs);
    previous.current = inputs;
    controller.setParams(feedParams({ query, category, sort }), reason);
  }, [controller, query, category, sort, searchCount, refreshCount, isLogin]);

  const wasActive = useRef(isActive);
  useEffect(() => {
    if (wasActive.current === isActive) return;
    wasActive.current = isActive;
    if (isActive) {
      controller.activate();
    } else {
      controller.deactivate();
      writeSessionNumber(HOME_SESSION_KEYS.lastLeaveTime, Date.now());
    }
  }, [controller, isActive]);

  // Closing or reloading the tab also leaves the page.
  useEffect(() => {
    const onPageHide = () => {
      if (wasActive.current) writeSessionNumber(HOME_SESSION_KEYS.lastLeaveTime, Date.now());
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  return { view, controller, isActive };
}

/**
 * The feed's pages kept in the app's Query cache; each answer refreshes the
 * entries of the works it shows that it is newer than (ADR 0049), and each
 * card shows its work as its entry has it.
 */
function defaultController(queryClient: QueryClient): TFeedController {
  const { query, category, sort } = useFeedStore.getState();
  return createFeedController({
    fetchPage: async (request, signal) => {
      const askedAt = Date.now();
      const page = await fetchFeedPage(request, signal);
      noteWorks(queryClient, page.data, askedAt);
      return page;
    },
    peekPage: peekFeedPage,
    cache: queryFeedCache(queryClient),
    initialParams: feedParams({ query, category, sort }),
  });
}
