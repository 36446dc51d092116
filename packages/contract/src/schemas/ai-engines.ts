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
  /**
   * Kept for older clients: both run the same ISNet model ('fast', its
   * quantised twin, was slower on CPUs and no more exact).
   */
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
/**
 * The eraser fills from the surroundings, which smears large areas: a mask
 * over more than this share of the picture (in %) is refused, and the tool
 * warns before sending one.
 */
export const ERASE_MAX_MASK_PERCENT = 25;
/**
 * DESIGN 5: a picture that declares no DPI is sized at 96, as laser software
 * reads it; vectorising without a width follows it, and the page shows the
 * size it gives before the job starts.
 */
export const VECTORIZE_ASSUMED_DPI = 96;
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

/** Icons the text-to-logo engine ships as path data (DESIGN 5). */
export const LOGO_ICONS = [
  'gear',
  'leaf',
  'heart',
  'star',
  'mountain',
  'paw',
  'nozzle',
  'laser',
] as const;
export const ZLogoIcon = z.enum(LOGO_ICONS);
export type TLogoIcon = z.infer<typeof ZLogoIcon>;

/**
 * Logo layouts: a round badge, a rectangular banner, the icon over the text,
 * the icon left of the text, or the text alone.
 */
export const LOGO_TEMPLATES = ['badge', 'banner', 'stacked', 'inline', 'text'] as const;
export const ZLogoTemplate = z.enum(LOGO_TEMPLATES);
export type TLogoTemplate = z.infer<typeof ZLogoTemplate>;

/** Fonts shipped with the server (Noto Sans / Serif CJK SC Bold, OFL 1.1). */
export const LOGO_FONTS = ['sans', 'serif'] as const;
export const ZLogoFont = z.enum(LOGO_FONTS);
export type TLogoFont = z.infer<typeof ZLogoFont>;

/**
 * Text-to-logo (SPEC 1): Chinese and/or English text, an optional icon, and a
 * layout. Without a template or font the variants go through the layouts and
 * fonts in turn; SPEC 3 AI records keep the count, 1 to 4 results.
 */
export const ZTextToLogoParams = z.object({
  text: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((value) => !/[\r\n\t]/.test(value), 'one line of text'),
  icon: ZLogoIcon.optional(),
  template: ZLogoTemplate.optional(),
  font: ZLogoFont.optional(),
  /** Width of the finished piece in millimetres. */
  widthMm: z.number().min(10).max(1000).default(80),
  /** Margin of the red cut line around the engraving, millimetres. */
  cutOffsetMm: z.number().min(0.5).max(20).default(2),
  count: z.number().int().min(1).max(4).default(1),
});
export type TTextToLogoParams = z.infer<typeof ZTextToLogoParams>;

/** SPEC 1 tabs: what the picture will be made on shapes the prompt. */
export const PROMPT_MACHINES = ['laser', '3d_printer', 'uv_printer'] as const;
export type TPromptMachine = (typeof PROMPT_MACHINES)[number];

/** Prompt optimisation: a configured chat model, or the local rule-based engine. */
export const ZPromptOptimizeParams = z.object({
  prompt: z.string().trim().min(1).max(2000),
  machine: z.enum(PROMPT_MACHINES).default('laser'),
  style: z.string().trim().max(100).optional(),
  /** The interface language; the prompt's own language wins when it is clear. */
  locale: z.enum(['zh', 'en']).default('en'),
});
export type TPromptOptimizeParams = z.infer<typeof ZPromptOptimizeParams>;

/**
 * Local image-to-3D engines (DESIGN 5): relief, lithophane and cookie cutter.
 * Each writes the same solid as binary STL, 3MF and GLB, in millimetres.
 * `resolution` caps the height-map samples along the longer side, so a huge
 * picture is downsampled before any mesh is built.
 */
export const MESH_FORMATS = ['stl', '3mf', 'glb'] as const;
const ZMeshResolution = z.number().int().min(16).max(1000).default(400);

export const ZRelief3dOptions = z.object({
  /** Width of the piece; the depth follows the picture's proportions. */
  widthMm: z.number().min(5).max(500).default(100),
  /** Height of the tallest relief above the base. */
  reliefMm: z.number().min(0.2).max(50).default(3),
  /** Solid base under the relief. */
  baseMm: z.number().min(0.4).max(20).default(2),
  /** Dark is high by default; invert raises the light parts. */
  invert: z.boolean().default(false),
  /** Box blur radius in samples applied to the height map (0 = none). */
  smoothing: z.number().int().min(0).max(10).default(1),
  /** Remove the background first: it becomes the bare base. */
  removeBackground: z.boolean().default(false),
  resolution: ZMeshResolution,
});
export type TRelief3dOptions = z.infer<typeof ZRelief3dOptions>;
export const ZRelief3dParams = ZRelief3dOptions.extend({ imageUrl: ZFileRef });
export type TRelief3dParams = z.infer<typeof ZRelief3dParams>;

export const ZLithophaneOptions = z
  .object({
    /** Width of the flat panel, or the arc length of the curved one. */
    widthMm: z.number().min(10).max(500).default(100),
    /** Thinnest (brightest) and thickest (darkest) wall. */
    minThicknessMm: z.number().min(0.3).max(10).default(0.8),
    maxThicknessMm: z.number().min(0.5).max(20).default(3),
    shape: z.enum(['flat', 'curved']).default('flat'),
    /** Curved: the cylinder section's angle in degrees. */
    angleDeg: z.number().min(10).max(180).default(120),
    /** 'negative' makes the light parts thick (a backlit negative). */
    polarity: z.enum(['positive', 'negative']).default('positive'),
    /** Flat: a solid frame of this width at the maximum thickness (0 = none). */
    frameMm: z.number().min(0).max(20).default(0),
    resolution: ZMeshResolution,
  })
  .refine((value) => value.maxThicknessMm > value.minThicknessMm, {
    message: 'maxThicknessMm must be greater than minThicknessMm',
    path: ['maxThicknessMm'],
  });
export type TLithophaneOptions = z.infer<typeof ZLithophaneOptions>;
export const ZLithophaneParams = z.object({ imageUrl: ZFileRef }).and(ZLithophaneOptions);
export type TLithophaneParams = z.infer<typeof ZLithophaneParams>;

export const ZCookieCutterOptions = z.object({
  /** Width of the cutter's outline; the depth follows the silhouette. */
  widthMm: z.number().min(20).max(300).default(80),
  /** Height of the cutting wall, flange included. */
  heightMm: z.number().min(5).max(40).default(12),
  /** Thickness of the cutting wall. */
  wallMm: z.number().min(0.4).max(4).default(0.8),
  /** Flange (lip) at the top: its thickness and how far it reaches outwards. */
  flangeMm: z.number().min(0.6).max(5).default(1.2),
  flangeWidthMm: z.number().min(0).max(15).default(4),
  /** Image silhouettes: luminance below this is the shape; absent = Otsu. */
  threshold: z.number().int().min(1).max(254).optional(),
  invert: z.boolean().default(false),
  resolution: ZMeshResolution,
});
export type TCookieCutterOptions = z.infer<typeof ZCookieCutterOptions>;
/** The silhouette is a picture (dark or opaque = shape) or an SVG. */
export const ZCookieCutterParams = ZCookieCutterOptions.extend({ imageUrl: ZFileRef });
export type TCookieCutterParams = z.infer<typeof ZCookieCutterParams>;

/**
 * Local styles of image-to-image (DESIGN 5): style changes the server runs on
 * its own engines, so the kind works without a provider. Raster styles give a
 * PNG with its DPI, vector styles an SVG in millimetres. Any other `style` is
 * a provider's generative style.
 */
export const LOCAL_IMAGE_STYLES = ['line_drawing', 'hatching', 'stipple', 'posterize'] as const;
export const ZLocalImageStyle = z.enum(LOCAL_IMAGE_STYLES);
export type TLocalImageStyle = z.infer<typeof ZLocalImageStyle>;

export const isLocalImageStyle = (style: unknown): style is TLocalImageStyle =>
  typeof style === 'string' && (LOCAL_IMAGE_STYLES as readonly string[]).includes(style);

export const ZImageStyleOptions = z.object({
  style: ZLocalImageStyle,
  /** Width of the result; the height follows the picture's proportions. */
  widthMm: ZMillimetres.default(100),
  /** PNG styles: dots per inch, written into pHYs; absent = the source's, else 300. */
  dpi: z.number().int().min(50).max(1200).optional(),
  /** Line drawing: width of the drawn lines. */
  lineMm: z.number().min(0.05).max(3).default(0.3),
  /** Line drawing: 0 keeps only strong edges, 1 draws faint ones too. */
  detail: z.number().min(0).max(1).default(0.7),
  /** Posterise: number of flat colours, outlines included. */
  colors: z.number().int().min(2).max(16).default(6),
  /** Posterise: dark outlines around the colour regions. */
  outlines: z.boolean().default(true),
  /** Hatching: line spacing in the darkest band, and the lines' angle. */
  spacingMm: z.number().min(0.2).max(10).default(1),
  lineAngleDeg: z.number().min(0).max(180).default(45),
  /** Hatching: tone bands, the lightest of which stays bare. */
  tones: z.number().int().min(2).max(8).default(5),
  /** Stipple: dot diameter, and the dots a fully black picture would get. */
  dotMm: z.number().min(0.1).max(5).default(0.5),
  dots: z.number().int().min(50).max(50_000).default(4000),
  /** Stipple: the same seed gives the same dots. */
  seed: z.number().int().min(0).max(2_147_483_647).default(1),
});
export type TImageStyleOptions = z.infer<typeof ZImageStyleOptions>;
/** A prompt may come along (a client sends its text box); local styles do not read it. */
export const ZImageStyleParams = ZImageStyleOptions.extend({
  imageUrl: ZFileRef,
  prompt: z.string().trim().max(4000).optional(),
});
export type TImageStyleParams = z.infer<typeof ZImageStyleParams>;
