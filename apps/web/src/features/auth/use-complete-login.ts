import type { TTokens } from '@layerline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useFeedback } from '../../app/feedback';
import { isApiError } from '../../lib/api';
import { completeLogin } from './session-actions';

/**
 * The SPEC 4 login-success flow with its messages: `successText` once it is
 * done, and user-info errors as an error message (SPEC 8 Feature level); the
 * client reports transport failures itself.
 */
export function useCompleteLogin(): (tokens: TTokens, successText: string) => Promise<void> {
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  return useCallback(
    async (tokens, successText) => {
      await completeLogin(
        tokens,
        (error) => {
          if (isApiError(error) && error.kind === 'business') message.error(error.message);
        },
        queryClient,
      );
      message.success(successText);
    },
    [message, queryClient],
  );
}
