import '../../i18n/lazy/feed';
import { FEED_SORTS, type TFeedSort } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../components/ui/Segmented';
import { selectIsSearching, useFeedStore } from './feed.store';

/**
 * Order of the works grid (the server's documented `sort` of GET
 * /works/home). 'Best match' exists only while searching; the server's
 * default (newest, or best match while searching) is stored as no order.
 */
export function FeedSortControl() {
  const { t } = useTranslation('feed');
  const isSearching = useFeedStore(selectIsSearching);
  const sort = useFeedStore((state) => state.sort);
  const setSort = useFeedStore((state) => state.setSort);
  const fallback: TFeedSort = isSearching ? 'relevance' : 'newest';
  const value = sort === 'relevance' && !isSearching ? fallback : (sort ?? fallback);
  const options = FEED_SORTS.filter((item) => isSearching || item !== 'relevance').map((item) => ({
    value: item,
    label: t(`sort.${item}`),
  }));

  return (
    <Segmented<TFeedSort>
      size="small"
      className="works-section__sort"
      aria-label={t('sortLabel')}
      options={options}
      value={value}
      onChange={(next) => setSort(next === fallback ? null : next)}
    />
  );
}
