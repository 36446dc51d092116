import {
  isLocalImageStyle,
  LOCAL_IMAGE_STYLES,
  type TAiFeature,
  type TAiJobKind,
} from '@layerline/contract';
import type { TOptionField, TTool } from './tool-types';

/** Image-to-image's choice that leaves the local styles for a provider's generation. */
export const GENERATIVE_STYLE = 'generative';

/**
 * Image-to-image (DESIGN 5): the local styles run on the server itself (no
 * prompt; sizes in mm); 'generative' is a provider's restyling with a prompt,
 * offered only where one is configured (effectiveTool).
 */
export const imageToImage: TTool = {
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

/** Image-to-image's fields: each local style shows the options it reads; the generative choice its own. */
export function isImageToImageFieldShown(
  field: TOptionField,
  values: Record<string, unknown>,
): boolean {
  if (field.name === 'style' || field.name === 'strength') return true;
  const style = typeof values.style === 'string' ? values.style : LOCAL_IMAGE_STYLES[0];
  if (field.name === 'lineMm' || field.name === 'detail') {
    if (style === 'posterize' && values.outlines === false) return false;
  }
  return STYLE_FIELDS[style]?.includes(field.name) ?? false;
}
