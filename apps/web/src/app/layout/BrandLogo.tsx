import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeedStore } from '../../features/feed/feed.store';
import { refreshHomeFeed } from '../../features/feed/feed-refresh';
import { PATHS } from '../paths';
import { getProductTitle } from '../product';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path
        d="M14 40 32 49l18-9"
        fill="none"
        stroke="#fff"
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity=".55"
      />
      <path
        d="M14 31.5 32 40.5l18-9"
        fill="none"
        stroke="#fff"
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity=".8"
      />
      <path d="M32 14 14 23l18 9 18-9z" fill="#fff" />
    </svg>
  );
}

/** SPEC 2 header: logo with beta tag; clicking it goes home and refreshes the feed. */
export function BrandLogo() {
  const { t } = useTranslation(['common', 'shell']);
  const queryClient = useQueryClient();
  const product = getProductTitle();

  // Also when already home: SPEC 2 makes the logo the feed's refresh button.
  // It goes to the plain home (/): a search ends with it, in the same render
  // as the refresh, so the feed asks once, for its default list.
  const handleClick = () => {
    useFeedStore.getState().setQuery('');
    refreshHomeFeed(queryClient);
  };

  return (
    <Link
      to={PATHS.home}
      className="brand-logo"
      onClick={handleClick}
      aria-label={t('shell:homeLink')}
    >
      <span className="brand-logo__mark">
        <LogoMark />
      </span>
      <span className="brand-logo__name">{product}</span>
      <span className="brand-logo__beta">{t('beta')}</span>
    </Link>
  );
}
