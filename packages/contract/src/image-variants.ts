/**
 * Smaller copies of a shown image (docs/PERFORMANCE.md, "Image variants"):
 * every card thumbnail and avatar is also stored at these widths, WebP,
 * beside the original and named after it, so a page can offer them in
 * `srcset` and a phone fetches the one its box needs.
 */
export const IMAGE_VARIANT_WIDTHS = [96, 160, 320] as const;
/** The width of a cover's thumbnail, the image cards and mosaics show (and the largest in their srcset). */
export const THUMBNAIL_WIDTH = 480;
/** The largest side of a stored avatar (SPEC 5: at most 512x512). */
export const AVATAR_SIZE = 512;
export type TImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** A stored WebP's address: '<64 hex>.webp' at the end of the path, before any query. */
const STORED_WEBP = /([0-9a-f]{64})\.webp(?=$|[?#])/;

/**
 * The address of an image's copy `width` pixels wide ('<hash>.w320.webp'
 * beside '<hash>.webp'); '' for an address that is not a stored WebP (a data
 * URL, an SVG, a file of another kind), which has no copies.
 */
export function imageVariantUrl(url: string, width: TImageVariantWidth): string {
  if (!STORED_WEBP.test(url)) return '';
  return url.replace(STORED_WEBP, `$1.w${width}.webp`);
}

/** The widths a stored variant key names ('ab/<hash>.w320.webp' -> 320), else null. */
export function variantWidthOf(key: string): TImageVariantWidth | null {
  const match = /^[0-9a-f]{2}\/[0-9a-f]{64}\.w(\d{2,4})\.webp$/.exec(key);
  const width = Number(match?.[1]);
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)
    ? (width as TImageVariantWidth)
    : null;
}
