import { encodeVariants, type TProcessedImage } from './image-processor';
import type { FileStorage, TStoredObject } from './storage';

/**
 * Puts a re-encoded image and its WebP thumbnail into storage under one base
 * name: what a cover upload and a generated cover both leave behind. A
 * cover's thumbnail is what cards show, so it gets its smaller copies too
 * (`withCopies`); pictures of posts and feedback are shown at their own size.
 * An AI source picture and its thumbnail are its owner's alone (`ownerOnly`,
 * ADR 0051).
 */
export async function storeProcessedImage(
  storage: FileStorage,
  processed: Pick<TProcessedImage, 'image' | 'thumbnail'>,
  base: string,
  { withCopies = false, ownerOnly = false }: { withCopies?: boolean; ownerOnly?: boolean } = {},
): Promise<TStoredObject & { thumbnail: string }> {
  const image = await storage.put(processed.image.data, {
    filename: `${base}${processed.image.ext}`,
    mime: processed.image.mime,
    ...(ownerOnly ? { ownerOnly } : {}),
  });
  const thumbnailName = `${base}.thumb.webp`;
  const thumbnail = withCopies
    ? await storeShownWebp(storage, processed.thumbnail, thumbnailName)
    : await storage.put(processed.thumbnail, {
        filename: thumbnailName,
        mime: 'image/webp',
        ...(ownerOnly ? { ownerOnly } : {}),
      });
  return { ...image, thumbnail: thumbnail.url };
}

/**
 * Stores a WebP that pages show small (a card thumbnail, an avatar) with its
 * smaller copies beside it (image-processor encodeVariants), so that what
 * names the image also names its copies.
 */
export async function storeShownWebp(
  storage: FileStorage,
  data: Buffer,
  filename: string,
): Promise<TStoredObject> {
  const [stored, variants] = await Promise.all([
    storage.put(data, { filename, mime: 'image/webp' }),
    encodeVariants(data),
  ]);
  await Promise.all(
    variants.map((variant) => storage.putVariant(stored.key, variant.width, variant.data)),
  );
  return stored;
}
