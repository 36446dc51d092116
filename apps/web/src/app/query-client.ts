import { LIMITS } from '@layerline/contract';
import { QueryClient } from '@tanstack/react-query';

/**
 * Retries, de-duplication and GET caching are the API client's job (SPEC 7),
 * so TanStack Query does not retry on its own and treats data as fresh for the
 * feed cache window of SPEC 4.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: LIMITS.feedCacheMs, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
