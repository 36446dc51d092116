import { z } from 'zod';

/**
 * Options of the local image engines (DESIGN 5, SPEC 1 "image editing" and the
 * laser-ready image): background removal, eraser, vectorisation and laser/UV
 * preparation. Each job's params are its options plus the stored file urls it
 * works on (`imageUrl`, and `maskUrl` for the eraser). Every field has a
 * default, so `{ imageUrl }` alone is a valid job.
 */

/** A stored file the job reads (an upload result's `url`). */
const ZFileRef = z.string().min(1).max(500);

/** Physical sizes a maker's machine accepts: 1 mm to 2 m. */
const ZMillimetres = z.number().positive().min(1).max(2000);

export const ZRemoveBackgroundOptions = z.object({
  /** 'best' is the full ISNet model, 'fast' its quantised twin (less exact edges). */
  quality: z.enum(['best', 'fast']).default('best'),
  /** Alpha cut to 0/255 at 50%: a clean outline to trace or cut, no soft fringe. */
  hardEdges: z.boolean().default(false),
});
export type TRemoveBackgroundOptions = z.infer<typeof ZRemoveBackgroundOptions>;
export const ZRemoveBackgroundParams = ZRemoveBackgroundOptions.extend({ imageUrl: ZFileRef });
export type TRemoveBackgroundParams = z.infer<typeof ZRemoveBackgroundParams>;

export const ZEraseOptions = z.object({
  /** Neighbourhood (px) each filled pixel is drawn from. */
  radius: z.number().int().min(1).max(30).default(5),
  /** Telea (fast marching) or Navier-Stokes, OpenCV's two inpainting methods. */
  method: z.enum(['telea', 'ns']).default('telea'),
  /** Grows the painted mask (px) so anti-aliased edges of the removed object go too. */
  grow: z.number().int().min(0).max(20).default(2),
});
export type TEraseOptions = z.infer<typeof ZEraseOptions>;
/** The mask is a picture the user painted: white (or opaque) pixels are erased. */
export const ZEraseParams = ZEraseOptions.extend({ imageUrl: ZFileRef, maskUrl: ZFileRef });
export type TEraseParams = z.infer<typeof ZEraseParams>;

export const ZVectorizeOptions = z.object({
  /** 'mono': potrace, one colour for lasers; 'color': a colour tracer for UV printers. */
  mode: z.enum(['mono', 'color']).default('mono'),
  /** Mono: luminance below this is traced; absent = chosen from the picture (Otsu). */
  threshold: z.number().int().min(1).max(254).optional(),
  /** Mono: trace the light parts instead of the dark ones. */
  invert: z.boolean().default(false),
  /** 0 gives sharp corners only, 1.3 rounds nearly every corner (potrace alphamax). */
  smoothing: z.number().min(0).max(1.3).default(1),
  /** Specks smaller than this many pixels are dropped. */
  despeckle: z.number().int().min(0).max(10_000).default(4),
  /** Color: number of colours (one SVG layer each). */
  colors: z.number().int().min(2).max(32).default(8),
  /** Mono: 'fill' for engraving, 'cut' for hairline outlines a laser cuts. */
  style: z.enum(['fill', 'cut']).default('fill'),
  /** Width of the result; absent = from the picture's DPI (96 when it has none). */
  widthMm: ZMillimetres.optional(),
});
export type TVectorizeOptions = z.infer<typeof ZVectorizeOptions>;
export const ZVectorizeParams = ZVectorizeOptions.extend({ imageUrl: ZFileRef });
export type TVectorizeParams = z.infer<typeof ZVectorizeParams>;

export const DITHER_METHODS = [
  'floyd-steinberg',
  'jarvis',
  'stucki',
  'atkinson',
  'bayer',
  'halftone',
] as const;
export const ZDitherMethod = z.enum(DITHER_METHODS);
export type TDitherMethod = z.infer<typeof ZDitherMethod>;

export const ZLaserImageOptions = z.object({
  /** 'laser': one 1-bit (or grayscale) layer; 'uv': N colours and a white-ink mask. */
  target: z.enum(['laser', 'uv']).default('laser'),
  /** Laser: how tones become dots; 'grayscale' keeps 8-bit for power-modulating lasers. */
  mode: z.enum(['dither', 'threshold', 'grayscale', 'lineart', 'sketch']).default('dither'),
  dither: ZDitherMethod.default('floyd-steinberg'),
  threshold: z.number().int().min(1).max(254).default(128),
  /** -100..100; 0 leaves the picture as it is. */
  contrast: z.number().min(-100).max(100).default(0),
  brightness: z.number().min(-100).max(100).default(0),
  /** Above 1 lightens mid-tones (wood burns dark quickly), below 1 darkens them. */
  gamma: z.number().min(0.2).max(5).default(1),
  /** Engrave the light parts (dark slate, anodised aluminium). */
  invert: z.boolean().default(false),
  /** Physical size; the height follows the picture's proportions when absent. */
  widthMm: ZMillimetres.default(100),
  heightMm: ZMillimetres.optional(),
  /** Dots per inch the machine engraves at, written into the PNG (pHYs). */
  dpi: z.number().int().min(50).max(1200).default(254),
  /** Halftone: cell size in pixels and screen angle in degrees. */
  halftoneCell: z.number().int().min(3).max(64).default(8),
  halftoneAngle: z.number().min(0).max(90).default(45),
  /** UV: colours of the posterised layer. */
  colors: z.number().int().min(2).max(16).default(6),
  /** UV: near-white pixels count as bare substrate (no colour, no white ink). */
  whiteIsClear: z.boolean().default(false),
});
export type TLaserImageOptions = z.infer<typeof ZLaserImageOptions>;
export const ZLaserImageParams = ZLaserImageOptions.extend({ imageUrl: ZFileRef });
export type TLaserImageParams = z.infer<typeof ZLaserImageParams>;
