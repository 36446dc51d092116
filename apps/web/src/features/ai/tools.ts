import {
  DITHER_METHODS,
  isLocalImageStyle,
  LOCAL_IMAGE_STYLES,
  LOGO_FONTS,
  LOGO_ICONS,
  LOGO_TEMPLATES,
  type TAiFeature,
  type TAiJob,
  type TAiJobKind,
  ZCookieCutterOptions,
  ZEraseOptions,
  ZImageStyleOptions,
  ZLaserImageOptions,
  ZLithophaneOptions,
  ZRelief3dOptions,
  ZRemoveBackgroundOptions,
  ZTextToLogoParams,
  ZVectorizeOptions,
} from '@layerline/contract';

/** SPEC 2 /aiCreate tabs. */
export const MACHINES = ['laser', 'printer3d', 'uvPrinter'] as const;
export type TMachine = (typeof MACHINES)[number];

/** The `machine` the prompt engines take for each tab (contract PROMPT_MACHINES). */
export const PROMPT_MACHINE: Record<TMachine, 'laser' | '3d_printer' | 'uv_printer'> = {
  laser: 'laser',
  printer3d: '3d_printer',
  uvPrinter: 'uv_printer',
};

export type TOptionField =
  | {
      name: string;
      type: 'number';
      min: number;
      max: number;
      step?: number;
      unit?: 'mm' | 'px' | 'dpi' | 'deg' | 'samples';
      /** Absent from the request until the user sets it (the engine chooses). */
      optional?: boolean;
    }
  | { name: string; type: 'slider'; min: number; max: number; step?: number }
  | { name: string; type: 'select'; choices: readonly string[]; optional?: boolean }
  | { name: string; type: 'switch' };

/** What the tool needs from the user besides its options (SPEC 5 AI upload rules). */
export type TToolInput = {
  image: 'required' | 'none';
  /** 'prompt' is a text-to-image prompt; 'text' the logo's words. */
  text: 'prompt' | 'promptOptional' | 'text' | 'none';
  /** SPEC 3 records keep style, ratio and count of the image generators. */
  styleRatioCount?: boolean;
};

export type TTool = {
  /** Unique in the page: a kind can appear twice with other presets (mono or colour vectors). */
  id: string;
  kind: TAiJobKind;
  input: TToolInput;
  /** Params the tab fixes (laser vs UV target, mono vs colour trace). */
  fixed?: Record<string, unknown>;
  /** Starting values of the fields where they differ from the contract's defaults. */
  presets?: Record<string, unknown>;
  fields: readonly TOptionField[];
  /** 'image' results compare with the source, 'svg' shows layers, 'mesh' the 3D view. */
  result: 'image' | 'svg' | 'mesh' | 'text';
  /** Long jobs (SPEC 4: 3D generation, 1-3 minutes) confirm before cancelling. */
  long?: boolean;
};

export const IMAGE_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3'] as const;
export const IMAGE_STYLES = [
  'none',
  'lineArt',
  'woodcut',
  'stencil',
  'cartoon',
  'realistic',
  'lowPoly',
  'watercolor',
] as const;

const textToImage: TTool = {
  id: 'textToImage',
  kind: 'text_to_image',
  input: { image: 'none', text: 'prompt', styleRatioCount: true },
  fields: [],
  result: 'image',
};

/** Image-to-image's choice that leaves the local styles for a provider's generation. */
export const GENERATIVE_STYLE = 'generative';

/**
 * Image-to-image (DESIGN 5): the local styles run on the server itself (no
 * prompt; sizes in mm); 'generative' is a provider's restyling with a prompt,
 * offered only where one is configured (effectiveTool).
 */
const imageToImage: TTool = {
  id: 'imageToImage',
  kind: 'image_to_image',
  input: { image: 'required', text: 'none' },
  fields: [
    { name: 'style', type: 'select', choices: [...LOCAL_IMAGE_STYLES, GENERATIVE_STYLE] },
    { name: 'widthMm', type: 'number', min: 1, max: 2000, unit: 'mm' },
    { name: 'dpi', type: 'number', min: 50, max: 1200, unit: 'dpi', optional: true },
    { name: 'lineMm', type: 'number', min: 0.05, max: 3, step: 0.05, unit: 'mm' },
    { name: 'detail', type: 'slider', min: 0, max: 1, step: 0.05 },
    { name: 'colors', type: 'number', min: 2, max: 16 },
    { name: 'outlines', type: 'switch' },
    { name: 'spacingMm', type: 'number', min: 0.2, max: 10, step: 0.1, unit: 'mm' },
    { name: 'lineAngleDeg', type: 'number', min: 0, max: 180, unit: 'deg' },
    { name: 'tones', type: 'number', min: 2, max: 8 },
    { name: 'dotMm', type: 'number', min: 0.1, max: 5, step: 0.1, unit: 'mm' },
    { name: 'dots', type: 'number', min: 50, max: 50_000, step: 500 },
    { name: 'seed', type: 'number', min: 0, max: 2_147_483_647 },
  ],
  result: 'image',
};

/**
 * A past job's tool options and the prompt's style, for opening or running it
 * again: image-to-image keeps a local style among its options (and a
 * generator's style as the prompt's, with the generative choice).
 */
export function optionsOfJob(
  kind: TAiJobKind,
  params: Record<string, unknown>,
): { options: Record<string, unknown>; promptStyle: string | null } {
  const { imageUrl, prompt, text, style, ratio, count, ...rest } = params;
  const named = typeof style === 'string' ? style : null;
  // Vectorise's style (fill or cut) is one of its options, not a prompt's.
  if (kind === 'vectorize')
    return { options: named ? { ...rest, style: named } : rest, promptStyle: null };
  if (kind !== 'image_to_image') return { options: rest, promptStyle: named };
  if (isLocalImageStyle(named)) return { options: { ...rest, style: named }, promptStyle: null };
  return { options: { ...rest, style: GENERATIVE_STYLE }, promptStyle: named };
}

/** The options each local style reads (contract ZImageStyleOptions). */
const STYLE_FIELDS: Record<string, readonly string[]> = {
  line_drawing: ['widthMm', 'dpi', 'lineMm', 'detail'],
  posterize: ['widthMm', 'dpi', 'colors', 'outlines', 'lineMm', 'detail'],
  hatching: ['widthMm', 'spacingMm', 'lineAngleDeg', 'tones'],
  stipple: ['widthMm', 'dotMm', 'dots', 'seed'],
};

/**
 * The tool as its current options make it: image-to-image with the
 * generative choice takes a prompt, style, ratio and count like
 * text-to-image; its local styles take none. The generative choice is
 * offered only when the server says a provider serves it.
 */
export function effectiveTool(
  tool: TTool,
  options: Record<string, unknown>,
  feature: Pick<TAiFeature, 'generative'> | undefined,
): TTool {
  if (tool.kind !== 'image_to_image') return tool;
  const canGenerate = feature?.generative === true;
  const [styleField, ...rest] = tool.fields as [TOptionField, ...TOptionField[]];
  const style: TOptionField = {
    ...styleField,
    type: 'select',
    choices: canGenerate ? [...LOCAL_IMAGE_STYLES, GENERATIVE_STYLE] : LOCAL_IMAGE_STYLES,
  };
  if (options.style !== GENERATIVE_STYLE || !canGenerate) {
    return {
      ...tool,
      fields: [style, ...rest],
      // A generative choice left over from a server that had a provider runs the first local style.
      ...(options.style === GENERATIVE_STYLE ? { fixed: { style: LOCAL_IMAGE_STYLES[0] } } : {}),
    };
  }
  return {
    ...tool,
    input: { image: 'required', text: 'prompt', styleRatioCount: true },
    fields: [style, { name: 'strength', type: 'slider', min: 0, max: 1, step: 0.05 }],
  };
}

const textToLogo: TTool = {
  id: 'textToLogo',
  kind: 'text_to_logo',
  input: { image: 'none', text: 'text' },
  fields: [
    { name: 'template', type: 'select', choices: LOGO_TEMPLATES, optional: true },
    { name: 'icon', type: 'select', choices: LOGO_ICONS, optional: true },
    { name: 'font', type: 'select', choices: LOGO_FONTS, optional: true },
    { name: 'widthMm', type: 'number', min: 10, max: 1000, unit: 'mm' },
    { name: 'cutOffsetMm', type: 'number', min: 0.5, max: 20, step: 0.5, unit: 'mm' },
    { name: 'count', type: 'number', min: 1, max: 4 },
  ],
  result: 'svg',
};

const removeBackground: TTool = {
  id: 'removeBackground',
  kind: 'remove_background',
  input: { image: 'required', text: 'none' },
  // No quality choice: 'fast' ran slower than 'best' on CPUs; both run one model now.
  fields: [{ name: 'hardEdges', type: 'switch' }],
  result: 'image',
};

const vectorizeMono: TTool = {
  id: 'vectorize',
  kind: 'vectorize',
  input: { image: 'required', text: 'none' },
  fixed: { mode: 'mono' },
  fields: [
    { name: 'style', type: 'select', choices: ['fill', 'cut'] },
    { name: 'threshold', type: 'number', min: 1, max: 254, optional: true },
    { name: 'invert', type: 'switch' },
    { name: 'smoothing', type: 'slider', min: 0, max: 1.3, step: 0.1 },
    { name: 'despeckle', type: 'number', min: 0, max: 10_000, unit: 'px' },
    { name: 'widthMm', type: 'number', min: 1, max: 2000, unit: 'mm', optional: true },
  ],
  result: 'svg',
};

const vectorizeColor: TTool = {
  id: 'vectorizeColor',
  kind: 'vectorize',
  input: { image: 'required', text: 'none' },
  fixed: { mode: 'color' },
  fields: [
    { name: 'colors', type: 'number', min: 2, max: 32 },
    { name: 'smoothing', type: 'slider', min: 0, max: 1.3, step: 0.1 },
    { name: 'despeckle', type: 'number', min: 0, max: 10_000, unit: 'px' },
    { name: 'widthMm', type: 'number', min: 1, max: 2000, unit: 'mm', optional: true },
  ],
  result: 'svg',
};

const laserImage: TTool = {
  id: 'laserImage',
  kind: 'laser_image',
  input: { image: 'required', text: 'none' },
  fixed: { target: 'laser' },
  fields: [
    {
      name: 'mode',
      type: 'select',
      choices: ['dither', 'threshold', 'grayscale', 'lineart', 'sketch'],
    },
    { name: 'dither', type: 'select', choices: DITHER_METHODS },
    { name: 'threshold', type: 'number', min: 1, max: 254 },
    { name: 'contrast', type: 'slider', min: -100, max: 100, step: 5 },
    { name: 'brightness', type: 'slider', min: -100, max: 100, step: 5 },
    { name: 'gamma', type: 'slider', min: 0.2, max: 5, step: 0.1 },
    { name: 'invert', type: 'switch' },
    { name: 'widthMm', type: 'number', min: 1, max: 2000, unit: 'mm' },
    { name: 'dpi', type: 'number', min: 50, max: 1200, unit: 'dpi' },
  ],
  result: 'image',
};

const uvImage: TTool = {
  id: 'uvImage',
  kind: 'laser_image',
  input: { image: 'required', text: 'none' },
  fixed: { target: 'uv' },
  fields: [
    { name: 'colors', type: 'number', min: 2, max: 16 },
    { name: 'whiteIsClear', type: 'switch' },
    { name: 'contrast', type: 'slider', min: -100, max: 100, step: 5 },
    { name: 'brightness', type: 'slider', min: -100, max: 100, step: 5 },
    { name: 'widthMm', type: 'number', min: 1, max: 2000, unit: 'mm' },
    { name: 'dpi', type: 'number', min: 50, max: 1200, unit: 'dpi' },
  ],
  presets: { dpi: 300 },
  result: 'image',
};

const relief: TTool = {
  id: 'relief',
  kind: 'relief_3d',
  input: { image: 'required', text: 'none' },
  fields: [
    { name: 'widthMm', type: 'number', min: 5, max: 500, unit: 'mm' },
    { name: 'reliefMm', type: 'number', min: 0.2, max: 50, step: 0.2, unit: 'mm' },
    { name: 'baseMm', type: 'number', min: 0.4, max: 20, step: 0.2, unit: 'mm' },
    { name: 'invert', type: 'switch' },
    { name: 'smoothing', type: 'number', min: 0, max: 10 },
    { name: 'removeBackground', type: 'switch' },
    { name: 'resolution', type: 'number', min: 16, max: 1000, unit: 'samples' },
  ],
  result: 'mesh',
};

const lithophane: TTool = {
  id: 'lithophane',
  kind: 'lithophane',
  input: { image: 'required', text: 'none' },
  fields: [
    { name: 'shape', type: 'select', choices: ['flat', 'curved'] },
    { name: 'widthMm', type: 'number', min: 10, max: 500, unit: 'mm' },
    { name: 'minThicknessMm', type: 'number', min: 0.3, max: 10, step: 0.1, unit: 'mm' },
    { name: 'maxThicknessMm', type: 'number', min: 0.5, max: 20, step: 0.1, unit: 'mm' },
    { name: 'angleDeg', type: 'number', min: 10, max: 180, unit: 'deg' },
    { name: 'polarity', type: 'select', choices: ['positive', 'negative'] },
    { name: 'frameMm', type: 'number', min: 0, max: 20, unit: 'mm' },
    { name: 'resolution', type: 'number', min: 16, max: 1000, unit: 'samples' },
  ],
  result: 'mesh',
};

const cookieCutter: TTool = {
  id: 'cookieCutter',
  kind: 'cookie_cutter',
  input: { image: 'required', text: 'none' },
  fields: [
    { name: 'widthMm', type: 'number', min: 20, max: 300, unit: 'mm' },
    { name: 'heightMm', type: 'number', min: 5, max: 40, unit: 'mm' },
    { name: 'wallMm', type: 'number', min: 0.4, max: 4, step: 0.1, unit: 'mm' },
    { name: 'flangeMm', type: 'number', min: 0.6, max: 5, step: 0.1, unit: 'mm' },
    { name: 'flangeWidthMm', type: 'number', min: 0, max: 15, unit: 'mm' },
    { name: 'threshold', type: 'number', min: 1, max: 254, optional: true },
    { name: 'invert', type: 'switch' },
    { name: 'resolution', type: 'number', min: 16, max: 1000, unit: 'samples' },
  ],
  presets: { resolution: 300 },
  result: 'mesh',
};

const imageTo3d: TTool = {
  id: 'imageTo3d',
  kind: 'image_to_3d',
  input: { image: 'required', text: 'promptOptional' },
  fields: [{ name: 'texture', type: 'switch' }],
  result: 'mesh',
  long: true,
};

/** The eraser runs in the image editing modal (SPEC 4), from any tool's source picture. */
export const ERASE_KIND: TAiJobKind = 'erase';

/**
 * What each machine's tab offers (laser engraves and cuts, 3D printers
 * print meshes, UV printers print colour with a white-ink layer).
 */
export const TOOLS_BY_MACHINE: Record<TMachine, readonly TTool[]> = {
  laser: [removeBackground, vectorizeMono, laserImage, textToLogo, textToImage, imageToImage],
  printer3d: [relief, lithophane, cookieCutter, imageTo3d, textToImage, removeBackground],
  uvPrinter: [removeBackground, vectorizeColor, uvImage, textToImage, imageToImage, textToLogo],
};

export function findTool(machine: TMachine, id: string | null | undefined): TTool {
  const tools = TOOLS_BY_MACHINE[machine];
  return tools.find((tool) => tool.id === id) ?? (tools[0] as TTool);
}

export function isMachine(value: unknown): value is TMachine {
  return typeof value === 'string' && (MACHINES as readonly string[]).includes(value);
}

/** Initial option values: the contract's defaults, then the tool's presets. */
export function initialOptions(tool: TTool): Record<string, unknown> {
  return { ...DEFAULTS[tool.kind], ...tool.fixed, ...tool.presets };
}

/**
 * Starting values: the contract's own defaults for the local engines (so the
 * page never drifts from what the server assumes), and the provider inputs'
 * defaults (style, ratio and count of SPEC 3, the image-to-image strength,
 * the 3D texture), which the server keeps beside its adapters.
 */
const DEFAULTS: Partial<Record<TAiJobKind, Record<string, unknown>>> = {
  text_to_image: { ratio: '1:1', count: 1 },
  image_to_image: {
    ratio: '1:1',
    count: 1,
    strength: 0.6,
    ...ZImageStyleOptions.parse({ style: LOCAL_IMAGE_STYLES[0] }),
  },
  text_to_logo: ZTextToLogoParams.omit({ text: true }).parse({}),
  remove_background: ZRemoveBackgroundOptions.parse({}),
  vectorize: ZVectorizeOptions.parse({}),
  laser_image: ZLaserImageOptions.parse({}),
  relief_3d: ZRelief3dOptions.parse({}),
  lithophane: ZLithophaneOptions.parse({}),
  cookie_cutter: ZCookieCutterOptions.parse({}),
  image_to_3d: { texture: true },
  erase: ZEraseOptions.parse({}),
};

/** The tool a job came from: same kind and the same fixed params, in `machine`'s tab first. */
export function toolOfJob(
  job: Pick<TAiJob, 'kind' | 'params'>,
  machine: TMachine,
): { machine: TMachine; tool: TTool } | null {
  for (const candidate of [machine, ...MACHINES.filter((item) => item !== machine)]) {
    const tool = TOOLS_BY_MACHINE[candidate].find(
      (item) =>
        item.kind === job.kind &&
        Object.entries(item.fixed ?? {}).every(([key, value]) => job.params[key] === value),
    );
    if (tool) return { machine: candidate, tool };
  }
  return null;
}

/** Fields a tool shows only in some modes (the dither method only when dithering, ...). */
export function isFieldShown(
  tool: TTool,
  field: TOptionField,
  values: Record<string, unknown>,
): boolean {
  if (tool.kind === 'laser_image' && values.target === 'laser') {
    if (field.name === 'dither') return values.mode === 'dither';
    if (field.name === 'threshold') return values.mode === 'threshold';
  }
  if (tool.kind === 'image_to_image' && field.name !== 'style' && field.name !== 'strength') {
    const style = typeof values.style === 'string' ? values.style : LOCAL_IMAGE_STYLES[0];
    if (field.name === 'lineMm' || field.name === 'detail') {
      if (style === 'posterize' && values.outlines === false) return false;
    }
    return STYLE_FIELDS[style]?.includes(field.name) ?? false;
  }
  if (tool.kind === 'lithophane') {
    if (field.name === 'angleDeg') return values.shape === 'curved';
    if (field.name === 'frameMm') return values.shape === 'flat';
  }
  return true;
}
