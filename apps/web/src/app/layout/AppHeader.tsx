import { SearchBox } from '../../features/search/SearchBox';
import { BrandLogo } from './BrandLogo';
import { LanguageSwitch } from './LanguageSwitch';
import { UserBadge } from './UserBadge';

/** SPEC 2 header: logo with beta tag, search box, language dropdown. */
export function AppHeader() {
  return (
    <header className="app-header">
      <BrandLogo />
      <div className="app-header__search">
        <SearchBox />
      </div>
      <div className="app-header__actions">
        <LanguageSwitch />
        <UserBadge />
      </div>
    </header>
  );
}
