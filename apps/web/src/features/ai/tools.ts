import {
  DITHER_METHODS,
  LOCAL_IMAGE_STYLES,
  LOGO_FONTS,
  LOGO_ICONS,
  LOGO_TEMPLATES,
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
import { imageToImage, isImageToImageFieldShown } from './image-to-image-tool';
import { MACHINES, type TMachine, type TOptionField, type TTool } from './tool-types';

/**
 * Each tab's tools (job kind, fixed params, option fields with their units),
 * their starting values and which fields a tool shows. What a tool is lives
 * in tool-types.ts, image-to-image's local and generative styles in
 * image-to-image-tool.ts.
 */
const textToImage: TTool = {
  id: 'textToImage',
  kind: 'text_to_image',
  input: { image: 'none', text: 'prompt', styleRatioCount: true },
  fields: [],
  result: 'image',
};

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
  if (tool.kind === 'image_to_image') return isImageToImageFieldShown(field, values);
  if (tool.kind === 'lithophane') {
    if (field.name === 'angleDeg') return values.shape === 'curved';
    if (field.name === 'frameMm') return values.shape === 'flat';
  }
  return true;
}
