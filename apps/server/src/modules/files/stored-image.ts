import type { TProcessedImage } from './image-processor';
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
  const thumbnail = await storage.put(processed.thumbnail, {
    filename: `${base}.thumb.webp`,
    mime: 'image/webp',
  });
  return { ...image, thumbnail: thumbnail.url };
}
