import { LIMITS, THUMBNAIL_WIDTH } from '@layerline/contract';
import './collections.css';
import { SafeImage } from '../../components/SafeImage';

const TILES = Array.from({ length: LIMITS.collectionMosaic }, (_, index) => index);

/**
 * SPEC 2 and 9: a 2x2 mosaic of up to 4 cover images; missing ones are
 * plain tiles. Decorative: the title beside it names the collection.
 */
export function CollectionMosaic({
  cover,
  className,
  tileSizes = '96px',
}: {
  cover: string[];
  className?: string;
  /** A tile's width for `sizes`: the strip's cards are 196 px wide, so about 90 px. */
  tileSizes?: string;
}) {
  const covers = cover.slice(0, LIMITS.collectionMosaic);
  return (
    <div className={`collection-card__mosaic ${className ?? ''}`} data-testid="collection-mosaic">
      {TILES.map((tile) => {
        const src = covers[tile];
        return src ? (
          <SafeImage
            key={tile}
            src={src}
            alt=""
            className="collection-card__tile"
            sizes={tileSizes}
            srcWidth={THUMBNAIL_WIDTH}
          />
        ) : (
          <span key={tile} className="collection-card__tile is-empty" />
        );
      })}
    </div>
  );
}
