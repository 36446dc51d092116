import '../../i18n/lazy/auth';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { authErrorText, type TAuthAction } from './auth-errors';

/** Shows a failed auth call as an error toast with its SPEC 8 wording. */
export function useAuthFeedback(): (error: unknown, action: TAuthAction) => void {
  const { message } = useFeedback();
  const { t } = useTranslation('auth');
  return useCallback(
    (error, action) => {
      const text = authErrorText(error, action, (key) => t(`errors.${key}`));
      if (text) message.error(text);
    },
    [message, t],
  );
}
