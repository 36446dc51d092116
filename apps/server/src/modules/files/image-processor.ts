import {
  AVATAR_SIZE,
  IMAGE_VARIANT_WIDTHS,
  THUMBNAIL_WIDTH,
  type TImageVariantWidth,
} from '@layerline/contract';
import sharp from 'sharp';
import { declaredDpi, roundDpi } from '../../kernel/image-density';

/** Refuse decompression bombs before decoding (a 10MB file can claim billions of pixels). */
export const MAX_INPUT_PIXELS = 40_000_000;

export type TImagePreset = 'cover' | 'feedback' | 'ai' | 'post';
export type TEncoded = { data: Buffer; ext: string; mime: string };
export type TProcessedImage = {
  image: TEncoded;
  thumbnail: Buffer;
  /** The stored picture's size in pixels. */
  width: number;
  height: number;
  /**
   * The DPI the source declared, scaled by any resize so the stored picture
   * keeps the source's size in mm; null when the source declared none.
   */
  dpi: number | null;
};

/**
 * Per use: the longest side kept and the output. Covers and feedback pictures
 * are shown, so WebP; the AI source image is worked on, so it keeps more
 * pixels and is always a lossless PNG (DESIGN 5): a JPEG re-encode put
 * artefacts into scans and line art before thresholding and vectorising, and
 * the eraser's untouched pixels would differ from the upload's.
 */
const PRESETS: Record<TImagePreset, { maxSide: number }> = {
  cover: { maxSide: 2560 },
  feedback: { maxSide: 2048 },
  /** Community post images: shown in a grid and a lightbox. */
  post: { maxSide: 2048 },
  ai: { maxSide: 4096 },
};

const INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };

/**
 * Re-encodes an uploaded image (DESIGN 4): turned upright by its EXIF
 * orientation, every metadata block dropped (sharp writes none unless asked),
 * first frame only, bounded in size; plus a WebP thumbnail 480px wide.
 * Throws when the bytes do not decode.
 */
export async function processImage(data: Buffer, preset: TImagePreset): Promise<TProcessedImage> {
  const { maxSide } = PRESETS[preset];
  const meta = await sharp(data, INPUT).metadata();
  const sourceDpi = declaredDpi(data);
  // A scan shrunk to fit keeps its size in mm: its DPI shrinks with it.
  const scale = Math.min(1, maxSide / Math.max(meta.width, meta.height));
  const dpi = sourceDpi === undefined ? null : roundDpi(sourceDpi * scale);
  let upright = sharp(data, INPUT)
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  let image: TEncoded;
  if (preset === 'ai') {
    // The AI source keeps its DPI in the file as well as in its record
    // (vectorise and laser output are sized by it, DESIGN 5); a fresh EXIF
    // block holding only the resolution, so nothing else of the source's
    // metadata is written.
    if (dpi !== null) upright = upright.withExif({ IFD0: {} }).withDensity(dpi);
    const png = await upright.png().toBuffer();
    // libvips writes a pHYs for any PNG (72 DPI for a JPEG that declared
    // none): a source without a DPI is stored without one.
    image = {
      data: dpi === null ? withoutPngChunk(png, 'pHYs') : png,
      ext: '.png',
      mime: 'image/png',
    };
  } else {
    image = {
      data: await upright.webp({ quality: 86 }).toBuffer(),
      ext: '.webp',
      mime: 'image/webp',
    };
  }
  const { width, height } = await sharp(image.data).metadata();
  return { image, thumbnail: await thumbnailOf(image.data), width, height, dpi };
}

/**
 * A PNG without its header chunk of `type`, such as pHYs (PNG spec: chunks
 * are length, type, body, CRC, and pHYs comes before the first IDAT). Only
 * the header is walked and the bytes are copied once, or not at all when
 * the chunk is absent: a 4096 px source is tens of MB, and this runs on the
 * request's thread.
 */
export function withoutPngChunk(png: Buffer, type: string): Buffer {
  for (let at = 8; at + 8 <= png.length; ) {
    const chunkType = png.toString('latin1', at + 4, at + 8);
    if (chunkType === 'IDAT' || chunkType === 'IEND') break;
    const end = at + 12 + png.readUInt32BE(at);
    if (chunkType === type) return Buffer.concat([png.subarray(0, at), png.subarray(end)]);
    at = end;
  }
  return png;
}

/** The WebP preview of an image, 480 px wide at most: what cards and grids show. */
export function thumbnailOf(data: Buffer): Promise<Buffer> {
  return sharp(data, INPUT)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

/**
 * A raster design file is kept byte for byte (its DPI matters to lasers), so
 * only its header is read here: it must be an image sharp understands.
 */
export async function assertImageFile(file: string): Promise<void> {
  const meta = await sharp(file, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height) throw new Error('image without dimensions');
}

/** A GIF stays animated only when it is small enough to re-encode quickly (DESIGN 4). */
const MAX_ANIMATED_FRAMES = 60;
const MAX_ANIMATED_PIXELS = 25_000_000;

/** SPEC 5 avatar: at most 512x512 WebP; a simple animated GIF stays animated. */
export async function encodeAvatar(data: Buffer, isGif: boolean): Promise<Buffer> {
  let isAnimated = false;
  if (isGif) {
    const meta = await sharp(data, INPUT).metadata();
    const frames = meta.pages ?? 1;
    isAnimated =
      frames > 1 &&
      frames <= MAX_ANIMATED_FRAMES &&
      meta.width * (meta.pageHeight ?? meta.height) * frames <= MAX_ANIMATED_PIXELS;
  }
  return sharp(data, { ...INPUT, animated: isAnimated })
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer();
}

/**
 * The smaller copies of a shown WebP (a card thumbnail, an avatar) that pages
 * offer in `srcset` (contract IMAGE_VARIANT_WIDTHS), never wider than the
 * image itself; an animated avatar stays animated.
 */
export async function encodeVariants(
  data: Buffer,
  widths: readonly TImageVariantWidth[] = IMAGE_VARIANT_WIDTHS,
): Promise<{ width: TImageVariantWidth; data: Buffer }[]> {
  return Promise.all(
    widths.map(async (width) => ({
      width,
      data: await sharp(data, { ...INPUT, animated: true })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    })),
  );
}
