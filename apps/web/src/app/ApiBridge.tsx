import { useEffect } from 'react';
import { setupApiClient } from './api-setup';
import { feedback } from './feedback';

/** Hands the API client the app's messages and dialogs (app/feedback.ts) once the app mounts. */
export function ApiBridge() {
  useEffect(() => {
    setupApiClient({
      notify: (kind, text) => feedback.message[kind](text),
      warnDialog: (title, content) => feedback.modal.warning({ title, content }),
    });
  }, []);
  return null;
}
