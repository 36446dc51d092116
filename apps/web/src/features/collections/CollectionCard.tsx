import '../../i18n/lazy/home';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { useFixedT } from '../../i18n/use-fixed-t';
import type { TCollectionView } from './api';
import { CollectionMosaic } from './CollectionMosaic';

/**
 * SPEC 2: a collection card is a 2x2 mosaic of up to 4 cover images (SPEC 9),
 * the title and the work count; the whole card opens /collections/{id}.
 * A copy in the marquee's second half is hidden from the tab order.
 */
export function CollectionCard({
  collection,
  isCopy = false,
}: {
  collection: TCollectionView;
  isCopy?: boolean;
}) {
  const t = useFixedT('home');
  return (
    <li className="collection-card">
      <CollectionMosaic cover={collection.cover} />
      <div className="collection-card__body">
        <Link
          to={PATHS.collection(collection.id)}
          className="collection-card__title"
          tabIndex={isCopy ? -1 : undefined}
        >
          {collection.title || t('untitledCollection')}
        </Link>
        <span className="collection-card__count">
          {t('collectionWorks', { count: collection.count })}
        </span>
      </div>
    </li>
  );
}
