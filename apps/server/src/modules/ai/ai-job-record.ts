import {
  isLocalImageStyle,
  message,
  type TAiJob,
  type TAiJobKind,
  type TLocale,
} from '@layerline/contract';
import { openAiImageSize } from './providers/openai-images.provider';
import { IMAGE_RATIOS, RATIO_PIXELS, type TImageRatio } from './providers/provider-params';

type TRecordFields = Pick<TAiJob, 'prompt' | 'style' | 'ratio' | 'count' | 'format' | 'size'>;

/** Kinds that generate pictures from a prompt (their params are ZProviderImageParams). */
const PICTURE_KINDS: ReadonlySet<TAiJobKind> = new Set(['text_to_image', 'image_to_image']);

/** Kinds made to a width in millimetres (`widthMm`); the laser image may also set its height. */
const MEASURED_KINDS: ReadonlySet<TAiJobKind> = new Set([
  'text_to_logo',
  'vectorize',
  'laser_image',
  'relief_3d',
  'lithophane',
  'cookie_cutter',
]);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

const isRatio = (value: unknown): value is TImageRatio =>
  typeof value === 'string' && (IMAGE_RATIOS as readonly string[]).includes(value);

/** Millimetres as people write them: whole numbers plain, others to a tenth. */
const mm = (value: number) => String(Math.round(value * 10) / 10);

/** The extension of a stored file's URL ('' when it has none). */
function extensionOf(url: string): string {
  const name = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The pixel size a picture engine asks for: ComfyUI workflows get the
 * ratio's SDXL size, OpenAI-compatible servers the model's documented size.
 * Other engines (Stability answers in its own size for a ratio) say nothing.
 */
function pictureSize(engine: string, ratio: TImageRatio): string | null {
  if (engine === 'comfyui') {
    const { width, height } = RATIO_PIXELS[ratio];
    return `${width}×${height}`;
  }
  if (engine.startsWith('openai:')) {
    return openAiImageSize(engine.slice('openai:'.length), ratio).replace('x', '×');
  }
  return null;
}

function measuredSize(
  kind: TAiJobKind,
  params: Record<string, unknown>,
  locale: TLocale,
): string | null {
  const width = positive(params.widthMm);
  if (width === null) return null;
  // Only the laser image's heightMm is the piece's height (a cutter's is its wall);
  // elsewhere the height follows the picture's proportions.
  const height = kind === 'laser_image' ? positive(params.heightMm) : null;
  return height !== null
    ? `${mm(width)} × ${mm(height)} mm`
    : message(locale, 'aiSizeWidth', { width: mm(width) });
}

/**
 * SPEC 3 AI records: prompt, style, ratio, count, format and size of a job,
 * from its row alone (params, engine and result URLs), so a list of records
 * never reads a result file.
 */
export function recordFields(
  row: {
    kind: string;
    params: Record<string, unknown>;
    engine: string;
    resultFiles: readonly string[];
  },
  locale: TLocale,
): TRecordFields {
  const kind = row.kind as TAiJobKind;
  const { params } = row;
  const isPicture = PICTURE_KINDS.has(kind);
  const ratio = isPicture && isRatio(params.ratio) ? params.ratio : null;
  const extensions = [...new Set(row.resultFiles.map(extensionOf).filter(Boolean))];
  // A 3D result's PNG is the picture of the model (its thumbnail), not one of its formats.
  const isModel = extensions.some((extension) => ['stl', '3mf', 'glb'].includes(extension));
  const formats = isModel ? extensions.filter((extension) => extension !== 'png') : extensions;
  const count = typeof params.count === 'number' && params.count >= 1 ? params.count : 1;
  let size: string | null = null;
  if (ratio) size = pictureSize(row.engine, ratio);
  // Image-to-image's local styles are made to a width in mm too (DESIGN 5).
  else if (
    MEASURED_KINDS.has(kind) ||
    (kind === 'image_to_image' && isLocalImageStyle(params.style))
  )
    size = measuredSize(kind, params, locale);
  return {
    prompt: text(params.prompt) ?? (kind === 'text_to_logo' ? text(params.text) : null),
    // A logo's style is its layout; vectorize's `style` (fill or cut) is a machine setting.
    style:
      kind === 'text_to_logo'
        ? text(params.template)
        : kind === 'vectorize'
          ? null
          : text(params.style),
    ratio,
    count: Math.floor(count),
    format: formats.length > 0 ? formats.join(', ') : null,
    size,
  };
}
