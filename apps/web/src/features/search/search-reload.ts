import type { QueryClient } from '@tanstack/react-query';
import { searchKeys } from './api';

/**
 * SPEC 4 Login and session: after login, search data reloads (the history
 * now comes from the server instead of local storage). The login flow calls
 * this with the app's Query client: the open panel asks again at once, a
 * closed one when it next opens.
 */
export function reloadSearchData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: searchKeys.all });
}
