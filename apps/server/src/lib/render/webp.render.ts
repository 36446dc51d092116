import sharp from 'sharp';

/**
 * Rasterises a composed SVG to WebP. Low effort keeps the whole demo seed
 * within a few seconds; the images are previews, not archival copies.
 */
export async function svgToWebp(svg: string, quality = 80): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality, effort: 0 }).toBuffer();
}
