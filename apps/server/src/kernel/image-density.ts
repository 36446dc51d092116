/**
 * The resolution a picture declares (DPI): what laser and UV software reads
 * to size it, and what "Vectorise" sizes its SVG by (DESIGN 5). Read from
 * the file's own header, never from sharp's metadata: libvips reports 72 DPI
 * for a JPEG and for a PNG that declare none. A JPEG declares one in a JFIF
 * density in inches or centimetres or an EXIF XResolution, a PNG in pHYs
 * (pixels per metre); the other upload formats (WebP, GIF) declare none.
 * This one reader serves uploads, the engines and their results alike.
 */

/** Declared densities outside this range are treated as none (a 1 DPI JFIF is an aspect ratio). */
const MIN_DPI = 10;
const MAX_DPI = 100_000;

/** libvips writes 1 pixel per mm (25.4 DPI) when a picture made from raw pixels was given none. */
const LIBVIPS_UNSET_DPI = 25.4;

const plausible = (dpi: number | undefined): number | undefined =>
  dpi !== undefined &&
  Number.isFinite(dpi) &&
  dpi >= MIN_DPI &&
  dpi <= MAX_DPI &&
  Math.abs(dpi - LIBVIPS_UNSET_DPI) > 0.01
    ? dpi
    : undefined;

/** The JFIF density in DPI, if the APP0 segment gives one in inches or centimetres. */
function jfifDpi(segment: Buffer): number | undefined {
  if (segment.length < 12 || segment.toString('latin1', 0, 5) !== 'JFIF\0') return undefined;
  const units = segment[7];
  const x = segment.readUInt16BE(8);
  if (units === 1) return x;
  if (units === 2) return x * 2.54;
  return undefined;
}

/** EXIF IFD0 XResolution (tag 0x011A) in DPI, by ResolutionUnit (0x0128: 2 inch, 3 cm). */
function exifDpi(segment: Buffer): number | undefined {
  if (segment.length < 14 || segment.toString('latin1', 0, 6) !== 'Exif\0\0') return undefined;
  const tiff = segment.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const le = order === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const entries = u16(ifd);
  let resolution: number | undefined;
  let unit = 2;
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    const tag = u16(entry);
    if (tag === 0x011a) {
      const offset = u32(entry + 8);
      if (offset + 8 > tiff.length) return undefined;
      const denominator = u32(offset + 4);
      if (denominator > 0) resolution = u32(offset) / denominator;
    } else if (tag === 0x0128) {
      unit = u16(entry + 8);
    }
  }
  if (resolution === undefined) return undefined;
  if (unit === 2) return resolution;
  if (unit === 3) return resolution * 2.54;
  return undefined;
}

/** A JPEG's declared DPI from its JFIF or EXIF header; undefined when it declares none. */
export function jpegDeclaredDpi(data: Buffer): number | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  let jfif: number | undefined;
  let exif: number | undefined;
  let at = 2;
  while (at + 4 <= data.length && data[at] === 0xff) {
    const marker = data[at + 1] as number;
    // Start of scan or end of image: the headers are over.
    if (marker === 0xda || marker === 0xd9) break;
    const length = data.readUInt16BE(at + 2);
    if (length < 2) break;
    const segment = data.subarray(at + 4, Math.min(data.length, at + 2 + length));
    if (marker === 0xe0) jfif ??= jfifDpi(segment);
    else if (marker === 0xe1) exif ??= exifDpi(segment);
    at += 2 + length;
  }
  // EXIF is what cameras and scanners write last; JFIF is the older header.
  return plausible(exif) ?? plausible(jfif);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const METRES_PER_INCH = 0.0254;

/** A PNG's pHYs in DPI, if it gives one per metre (PNG spec: it comes before the first IDAT). */
function pngDeclaredDpi(data: Buffer): number | undefined {
  for (let at = 8; at + 8 <= data.length; ) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'pHYs' && length >= 9 && at + 17 <= data.length && data[at + 16] === 1) {
      return roundDpi(data.readUInt32BE(at + 8) * METRES_PER_INCH);
    }
    at += 12 + length;
  }
  return undefined;
}

/**
 * The DPI a picture declares, from its header only (no pixels are decoded);
 * undefined when it declares none or is neither a PNG nor a JPEG.
 */
export function declaredDpi(data: Buffer): number | undefined {
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return plausible(pngDeclaredDpi(data));
  return jpegDeclaredDpi(data);
}

/** A DPI rounded to 0.01, as stored and shown. */
export function roundDpi(dpi: number): number {
  return Math.round(dpi * 100) / 100;
}
