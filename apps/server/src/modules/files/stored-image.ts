import { encodeVariants, type TProcessedImage } from './image-processor';
import type { FileStorage, TStoredObject } from './storage';

/**
 * Puts a re-encoded image and its WebP thumbnail into storage under one base
 * name: what a cover upload and a generated cover both leave behind.
 */
export async function storeProcessedImage(
  storage: FileStorage,
  processed: TProcessedImage,
  base: string,
): Promise<TStoredObject & { thumbnail: string }> {
  const image = await storage.put(processed.image.data, {
    filename: `${base}${processed.image.ext}`,
    mime: processed.image.mime,
  });
  const thumbnail = await storeShownWebp(storage, processed.thumbnail, `${base}.thumb.webp`);
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
