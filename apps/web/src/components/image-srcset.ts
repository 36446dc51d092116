import { IMAGE_VARIANT_WIDTHS, imageVariantUrl } from '@layerline/contract';

/**
 * `srcset` for a stored WebP shown small (a card thumbnail, an avatar): its
 * smaller copies, stored beside it at upload (docs/PERFORMANCE.md, "Image
 * variants"), and the image itself at `width`, its own width. Undefined for an
 * address that has no copies.
 */
export function variantSrcSet(src: string, width: number): string | undefined {
  const candidates = IMAGE_VARIANT_WIDTHS.filter((variant) => variant < width).map(
    (variant) => `${imageVariantUrl(src, variant)} ${variant}w`,
  );
  if (candidates.length === 0 || !imageVariantUrl(src, IMAGE_VARIANT_WIDTHS[0])) return undefined;
  return [...candidates, `${src} ${width}w`].join(', ');
}
