import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setupApiClient } from './api-setup';
import { feedback } from './feedback';
import { markReadsOld } from './query-client';

/**
 * Hands the API client the app's messages and dialogs (app/feedback.ts) once
 * the app mounts, and the Query client that learns of every write.
 */
export function ApiBridge() {
  const queryClient = useQueryClient();
  useEffect(() => {
    setupApiClient(
      {
        notify: (kind, text) => feedback.message[kind](text),
        warnDialog: (title, content) => feedback.modal.warning({ title, content }),
      },
      () => markReadsOld(queryClient),
    );
  }, [queryClient]);
  return null;
}
