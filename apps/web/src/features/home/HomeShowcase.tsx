import { CollectionStrip } from '../collections/CollectionStrip';
import { selectIsSearching, useFeedStore } from '../feed/feed.store';
import { HomeHero } from './HomeHero';

/**
 * The home content above the filter bar: carousel, banners and the collection
 * strip. SPEC 2: hidden while searching; its queries stay cached meanwhile.
 */
export function HomeShowcase() {
  const isSearching = useFeedStore(selectIsSearching);
  if (isSearching) return null;
  return (
    <>
      <HomeHero />
      <CollectionStrip />
    </>
  );
}
