import { ERASE_MAX_MASK_PERCENT, type TEraseOptions } from '@layerline/contract';
import sharp from 'sharp';
import { AiEngineError, engineMessage, type TAiResult } from '../ai-engine';
import { decodeRgba, type TRgbaImage } from './image-input';
import { loadOpenCv, type TOpenCv } from './opencv-runtime';
import { encodeRgbaPng, outputDpi } from './png-codec';

/**
 * The local eraser (SPEC 1 image editing): the user paints over what should
 * go, and OpenCV's inpainting fills it from the surroundings. The result has
 * the picture's size and DPI; outside the painted part (grown by `grow`)
 * every pixel is the source's, bit for bit. It is meant for small blemishes:
 * inpainting smears large areas, so a mask over ERASE_MAX_MASK_PERCENT of the
 * picture is refused.
 */

/**
 * Which mask pixels are painted. A brush on a transparent layer marks with
 * opacity; a brush on a black canvas marks with light. Either way the mask is
 * scaled to the picture first, so a preview-sized mask works too.
 */
async function paintedMask(mask: TRgbaImage, width: number, height: number): Promise<Uint8Array> {
  const scaled = await sharp(mask.data, {
    raw: { width: mask.width, height: mask.height, channels: 4 },
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  let usesAlpha = false;
  for (let i = 3; i < scaled.length; i += 4) {
    if ((scaled[i] as number) < 128) {
      usesAlpha = true;
      break;
    }
  }
  const out = new Uint8Array(width * height);
  for (let p = 0, i = 0; p < out.length; p++, i += 4) {
    const light =
      ((scaled[i] as number) + (scaled[i + 1] as number) + (scaled[i + 2] as number)) / 3;
    const isPainted = usesAlpha ? (scaled[i + 3] as number) >= 128 : light >= 128;
    out[p] = isPainted ? 255 : 0;
  }
  return out;
}

function inpaintChannels(
  cv: TOpenCv,
  image: TRgbaImage,
  mask: Uint8Array,
  options: TEraseOptions,
): Buffer {
  const { width, height } = image;
  const mats: { delete(): void }[] = [];
  const track = <T extends { delete(): void }>(mat: T) => {
    mats.push(mat);
    return mat;
  };
  try {
    const rgba = track(new cv.Mat(height, width, cv.CV_8UC4));
    rgba.data.set(image.data);
    const rgb = track(new cv.Mat());
    cv.cvtColor(rgba, rgb, cv.COLOR_RGBA2RGB);
    const region = track(new cv.Mat(height, width, cv.CV_8UC1));
    region.data.set(mask);
    if (options.grow > 0) {
      const size = options.grow * 2 + 1;
      const kernel = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(size, size)));
      cv.dilate(region, region, kernel);
    }
    const method = options.method === 'ns' ? cv.INPAINT_NS : cv.INPAINT_TELEA;
    const filled = track(new cv.Mat());
    cv.inpaint(rgb, region, filled, options.radius, method);
    const out = Buffer.from(image.data);
    const colour = filled.data;
    const inside = region.data;
    let alpha: Uint8Array | undefined;
    if (image.hasAlpha) {
      // Transparency inside the painted part is filled from around it too.
      const channels = track(new cv.MatVector());
      cv.split(rgba, channels);
      const filledAlpha = track(new cv.Mat());
      cv.inpaint(channels.get(3), region, filledAlpha, options.radius, method);
      alpha = filledAlpha.data;
    }
    // Only the painted (and grown) part takes the filled pixels.
    for (let p = 0, i = 0; p < width * height; p++, i += 4) {
      if (!inside[p]) continue;
      out[i] = colour[p * 3] as number;
      out[i + 1] = colour[p * 3 + 1] as number;
      out[i + 2] = colour[p * 3 + 2] as number;
      if (alpha) out[i + 3] = alpha[p] as number;
    }
    return out;
  } finally {
    for (const mat of mats) mat.delete();
  }
}

export async function erase(
  input: Buffer,
  maskInput: Buffer,
  options: TEraseOptions,
  progress?: (fraction: number) => void,
): Promise<TAiResult> {
  const image = await decodeRgba(input);
  progress?.(0.1);
  const mask = await paintedMask(await decodeRgba(maskInput, 'mask'), image.width, image.height);
  let painted = 0;
  for (const value of mask) if (value > 0) painted++;
  if (painted === 0) {
    throw new AiEngineError('badParameters', 'The mask marks nothing to erase.');
  }
  const percent = (painted * 100) / mask.length;
  if (percent > ERASE_MAX_MASK_PERCENT) {
    throw new AiEngineError(
      'badParameters',
      engineMessage(
        'aiEraseMaskTooLarge',
        `The mask covers ${percent.toFixed(0)}% of the picture; the limit is ${ERASE_MAX_MASK_PERCENT}%.`,
      ),
    );
  }
  const { cv } = await loadOpenCv();
  progress?.(0.3);
  let pixels: Buffer;
  try {
    pixels = inpaintChannels(cv, image, mask, options);
  } catch (error) {
    throw new AiEngineError('failed', 'Inpainting failed.', { cause: error });
  }
  progress?.(0.9);
  const data = await encodeRgbaPng(pixels, image.width, image.height, outputDpi(image.density));
  return { files: [{ filename: 'erased.png', mime: 'image/png', data }] };
}
