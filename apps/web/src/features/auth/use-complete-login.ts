import type { TTokens } from '@layerline/contract';
import App from 'antd/es/app';
import { useCallback } from 'react';
import { isApiError } from '../../lib/api';
import { completeLogin } from './session-actions';

/**
 * The SPEC 4 login-success flow with its messages: `successText` once it is
 * done, and user-info errors as an error message (SPEC 8 Feature level); the
 * client reports transport failures itself.
 */
export function useCompleteLogin(): (tokens: TTokens, successText: string) => Promise<void> {
  const { message } = App.useApp();
  return useCallback(
    async (tokens, successText) => {
      await completeLogin(tokens, (error) => {
        if (isApiError(error) && error.kind === 'business') void message.error(error.message);
      });
      void message.success(successText);
    },
    [message],
  );
}
