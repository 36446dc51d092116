import App from 'antd/es/app';
import { useEffect } from 'react';
import { setupApiClient } from './api-setup';

/** Hands the API client antd's context-aware message and modal once the app mounts. */
export function ApiBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setupApiClient({
      notify: (kind, text) => void message[kind](text),
      warnDialog: (title, content) => void modal.warning({ title, content }),
    });
  }, [message, modal]);
  return null;
}
