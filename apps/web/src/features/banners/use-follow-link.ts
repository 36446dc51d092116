import '../../i18n/lazy/home';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback';
import { followLink, openInNewTab, type TLinkTarget } from './banner-link';

/** Follows a carousel or banner link with the router, a new tab or the same tab (SPEC 4). */
export function useFollowLink(): (target: TLinkTarget) => boolean {
  const navigate = useNavigate();
  const { message } = useFeedback();
  const { t } = useTranslation('home');
  return useCallback(
    (target: TLinkTarget) =>
      followLink(target, {
        navigate: (path) => navigate(path),
        openTab: openInNewTab,
        assign: (url) => window.location.assign(url),
        onFailed: () => void message.error(t('linkFailed')),
      }),
    [navigate, message, t],
  );
}
