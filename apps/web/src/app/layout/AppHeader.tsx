import CloseOutlined from '@ant-design/icons/CloseOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SearchBox } from '../../features/search/SearchBox';
import { BrandLogo } from './BrandLogo';
import { LanguageSwitch } from './LanguageSwitch';
import { UserBadge } from './UserBadge';

/**
 * SPEC 2 header: logo with beta tag, search box, language dropdown. Below
 * SPEC 9's mobile threshold (shell.css) the search box folds into an icon;
 * the icon opens it over the whole header, full width with its panel, and
 * the close button, Escape or another page folds it again.
 */
export function AppHeader() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const [isSearchOpen, setSearchOpen] = useState(false);
  const searchRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isSearchOpen) searchRef.current?.querySelector('input')?.focus();
  }, [isSearchOpen]);

  // A chosen result opens another page: the header comes back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new page
  useEffect(() => {
    setSearchOpen(false);
  }, [pathname]);

  // The box closes its own panel on Escape first (its handler, run by React at
  // the root, marks the key used); a second Escape folds the search.
  useEffect(() => {
    if (!isSearchOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (!searchRef.current?.contains(event.target as Node)) return;
      setSearchOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isSearchOpen]);

  const close = () => {
    setSearchOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <header className={`app-header${isSearchOpen ? ' app-header--search-open' : ''}`}>
      <BrandLogo />
      <div className="app-header__search" ref={searchRef} data-testid="header-search">
        <SearchBox />
        <button
          type="button"
          className="app-header__search-close"
          aria-label={t('closeSearch')}
          onClick={close}
          data-testid="header-search-close"
        >
          <CloseOutlined aria-hidden />
        </button>
      </div>
      <button
        type="button"
        ref={toggleRef}
        className="app-header__search-toggle"
        aria-label={t('openSearch')}
        aria-expanded={isSearchOpen}
        onClick={() => setSearchOpen(true)}
        data-testid="header-search-toggle"
      >
        <SearchOutlined aria-hidden />
      </button>
      <div className="app-header__actions">
        <LanguageSwitch />
        <UserBadge />
      </div>
    </header>
  );
}
