import '../../i18n/lazy/home';
import { LIMITS } from '@layerline/contract';
import { useTranslation } from 'react-i18next';
import { useIsPageActive } from '../../app/KeepAliveOutlet';
import { SkeletonBlock } from '../../components/SkeletonBlock';
import { useCollections } from './api';
import { CollectionCard } from './CollectionCard';
import { useMarquee } from './use-marquee';
import './collections.css';

const PLACEHOLDER_CARDS = 6;
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * SPEC 2 collection strip: collections with count 0 are hidden (the api does
 * that), the rest scroll by themselves. Nothing is shown when none are left.
 */
export function CollectionStrip() {
  const { t } = useTranslation(['home', 'common']);
  const isPageActive = useIsPageActive();
  const { data, isPending, isError, refetch } = useCollections();
  const { viewportRef, trackRef, copyRef, isLooping, pauseHandlers } = useMarquee(
    isPageActive,
    data,
  );

  if (!isPending && !isError && !data?.length) return null;

  return (
    <section className="home-section" aria-labelledby="home-collections-title">
      <h2 id="home-collections-title" className="home-section__title">
        {t('collections')}
      </h2>
      {isPending && (
        <div className="collection-strip" aria-busy="true">
          <div className="collection-strip__track">
            {range(PLACEHOLDER_CARDS).map((index) => (
              <div key={index} className="collection-card">
                <div className="collection-card__mosaic">
                  {range(LIMITS.collectionMosaic).map((tile) => (
                    <SkeletonBlock key={tile} />
                  ))}
                </div>
                <SkeletonBlock className="collection-card__name-skeleton" />
              </div>
            ))}
          </div>
        </div>
      )}
      {isError && !data && (
        <p className="collection-strip__error" role="alert">
          {t('collectionsFailed')}
          <button type="button" className="collection-strip__retry" onClick={() => void refetch()}>
            {t('common:retry')}
          </button>
        </p>
      )}
      {data && data.length > 0 && (
        <div
          className={`collection-strip${isLooping ? ' is-looping' : ''}`}
          ref={viewportRef}
          {...pauseHandlers}
        >
          <div className="collection-strip__track" ref={trackRef}>
            <ul className="collection-strip__group" ref={copyRef}>
              {data.map((collection) => (
                <CollectionCard key={collection.id} collection={collection} />
              ))}
            </ul>
            {isLooping && (
              <ul className="collection-strip__group" aria-hidden="true" inert>
                {data.map((collection) => (
                  <CollectionCard key={collection.id} collection={collection} isCopy />
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
