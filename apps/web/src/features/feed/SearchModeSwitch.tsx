import '../../i18n/lazy/feed';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../components/ui/Segmented';
import { formatCount } from '../../i18n/format';
import { useLocale } from '../../i18n/use-locale';

/** ADR 0013: while searching, the home page shows the works or the community posts found. */
const SEARCH_MODES = ['works', 'posts'] as const;
export type TSearchMode = (typeof SEARCH_MODES)[number];

/**
 * The Works | Posts switch above the search results, each with the number
 * found once it is known (an unknown count shows nothing rather than 0).
 */
export function SearchModeSwitch({
  mode,
  totals,
  onChange,
}: {
  mode: TSearchMode;
  totals: Record<TSearchMode, number | null>;
  onChange: (mode: TSearchMode) => void;
}) {
  const { t } = useTranslation('feed');
  const locale = useLocale();
  return (
    <Segmented<TSearchMode>
      className="search-mode-switch"
      aria-label={t('searchModes.label')}
      data-testid="search-mode-switch"
      value={mode}
      onChange={onChange}
      options={SEARCH_MODES.map((item) => {
        const total = totals[item];
        return {
          value: item,
          label: (
            <span className="search-mode-switch__option" data-testid={`search-mode-${item}`}>
              {t(`searchModes.${item}`)}
              {total !== null && (
                <span
                  className="search-mode-switch__count"
                  data-testid={`search-mode-${item}-count`}
                >
                  {formatCount(total, locale)}
                </span>
              )}
            </span>
          ),
        };
      })}
    />
  );
}
