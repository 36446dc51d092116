import { LIMITS, THUMBNAIL_WIDTH } from '@layerline/contract';
import './collections.css';
import { SafeImage } from '../../components/SafeImage';

/** A tile's width for `sizes`: the strip's cards (196 px) and a collection's header (180 px) hold tiles of about 90 px. */
const TILE_SIZES = '96px';

const TILES = Array.from({ length: LIMITS.collectionMosaic }, (_, index) => index);

/**
 * SPEC 2 and 9: a 2x2 mosaic of up to 4 cover images; missing ones are
 * plain tiles. Decorative: the title beside it names the collection.
 */
export function CollectionMosaic({ cover, className }: { cover: string[]; className?: string }) {
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
            sizes={TILE_SIZES}
            srcWidth={THUMBNAIL_WIDTH}
          />
        ) : (
          <span key={tile} className="collection-card__tile is-empty" />
        );
      })}
    </div>
  );
}
