import '../../i18n/lazy/community';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyInAntdScope } from '../../app/antd-lazy';
import { SafeImage } from '../../components/SafeImage';

// antd's lightbox comes with the first press on a picture, so a list of posts paints
// without antd (docs/PERFORMANCE.md, "Community, AI creation and search first load").
const loadPreview = async () => (await import('./PostImagesPreview')).PostImagesPreview;
const PostImagesPreview = lazyInAntdScope(loadPreview);

export type TPostImage = { thumb: string; full: string };

/** The post's images paired with their WebP previews (ADR 0013: `thumbs` follow `images`). */
export function postImages(post: { images: string[]; thumbs: string[] }): TPostImage[] {
  return post.images.map((full, index) => ({ full, thumb: post.thumbs[index] || full }));
}

/** One picture large, 2 and 4 in a 2x2 grid, the others in a 3x3 grid. */
function layoutOf(count: number): 'single' | 'double' | 'triple' {
  if (count === 1) return 'single';
  return count === 2 || count === 4 ? 'double' : 'triple';
}

/**
 * A post's pictures as thumbnails (SPEC 8 'load failed' with retry on each);
 * a click opens the lightbox on the full images, where arrows move between
 * them.
 */
export function PostImages({ images, alt }: { images: TPostImage[]; alt: string }) {
  const { t } = useTranslation('community');
  const [current, setCurrent] = useState<number | null>(null);
  // Once opened, the lightbox stays mounted, so it closes with its animation.
  const [isPreviewWanted, setPreviewWanted] = useState(false);
  if (images.length === 0) return null;
  const count = images.length;

  return (
    <div className={`post-images post-images--${layoutOf(count)}`} data-testid="post-images">
      {images.map((image, index) => {
        const label = t('card.image', { index: index + 1, count });
        return (
          <button
            // The same address may be shown twice; the index keeps the keys apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: images of a post have no ids
            key={`${index}:${image.thumb}`}
            type="button"
            className="post-images__cell"
            aria-label={label}
            onPointerEnter={() => void loadPreview()}
            onClick={() => {
              setPreviewWanted(true);
              setCurrent(index);
            }}
            data-testid="post-image"
          >
            <SafeImage src={image.thumb} alt={count === 1 ? alt : label} />
          </button>
        );
      })}
      {isPreviewWanted && (
        <Suspense fallback={null}>
          <PostImagesPreview images={images} current={current} onChange={setCurrent} />
        </Suspense>
      )}
    </div>
  );
}
