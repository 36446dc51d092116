import sharp from 'sharp';
import { AiEngineError, type TAiOutputFile } from '../ai-engine';

/** Largest picture a provider may hand back (a 4K PNG is well under this). */
export const MAX_IMAGE_BYTES = 40 * 1024 * 1024;
/** Largest model file (textured GLBs of the image-to-3D providers run 5-60 MB). */
export const MAX_MODEL_BYTES = 150 * 1024 * 1024;

const IMAGE_TYPES: Record<string, { mime: string; ext: string }> = {
  png: { mime: 'image/png', ext: 'png' },
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  webp: { mime: 'image/webp', ext: 'webp' },
};

/**
 * Checks that a provider's picture is a real PNG, JPEG or WebP before it is
 * stored: DESIGN 5, nothing shows a placeholder or a broken file as a result.
 */
export async function imageFile(
  provider: string,
  data: Buffer,
  name: string,
): Promise<TAiOutputFile> {
  let format: string | undefined;
  try {
    const meta = await sharp(data, { failOn: 'error' }).metadata();
    if ((meta.width ?? 0) > 0 && (meta.height ?? 0) > 0) format = meta.format;
  } catch {
    format = undefined;
  }
  const type = format ? IMAGE_TYPES[format] : undefined;
  if (!type) {
    throw new AiEngineError(
      'failed',
      `${provider} sent a result that is not a PNG, JPEG or WebP picture.`,
    );
  }
  return { filename: `${name}.${type.ext}`, mime: type.mime, data };
}

/** Decodes a base64 picture a provider put in JSON. */
export function fromBase64(provider: string, value: string): Buffer {
  const data = Buffer.from(value.replace(/^data:[^,]*,/, ''), 'base64');
  if (data.length === 0) throw new AiEngineError('failed', `${provider} sent an empty picture.`);
  return data;
}

/**
 * Checks the binary glTF header (magic, version 2, declared length) and the
 * JSON chunk, so an error page or a truncated download is never saved as a model.
 */
export function glbFile(provider: string, data: Buffer, name: string): TAiOutputFile {
  const fail = (why: string) =>
    new AiEngineError('failed', `${provider} sent a model that is not a valid GLB (${why}).`);
  if (data.length < 20) throw fail('too short');
  if (data.readUInt32LE(0) !== 0x46546c67) throw fail('no glTF header');
  if (data.readUInt32LE(4) !== 2) throw fail(`version ${data.readUInt32LE(4)}`);
  if (data.readUInt32LE(8) !== data.length) throw fail('length does not match the file');
  const jsonLength = data.readUInt32LE(12);
  if (data.readUInt32LE(16) !== 0x4e4f534a || 20 + jsonLength > data.length) {
    throw fail('no JSON chunk');
  }
  try {
    JSON.parse(data.subarray(20, 20 + jsonLength).toString('utf8'));
  } catch {
    throw fail('unreadable JSON chunk');
  }
  return { filename: `${name}.glb`, mime: 'model/gltf-binary', data };
}

/** A data URI for providers that take the picture inline (Meshy documents this). */
export async function imageDataUri(data: Buffer): Promise<string> {
  const source = await sourceImage(data);
  return `data:image/${source.format};base64,${source.data.toString('base64')}`;
}

export type TSourceImage = { data: Buffer; format: 'png' | 'jpeg' };

/** The source picture as a multipart file part (copied: Blob takes no Buffer typed over shared memory). */
export const sourceBlob = (source: TSourceImage): Blob =>
  new Blob([new Uint8Array(source.data)], { type: `image/${source.format}` });

/**
 * Providers take PNG or JPEG sources; anything else an upload kept (WebP,
 * GIF) is re-encoded to PNG. An unreadable upload is a parameter error.
 */
export async function sourceImage(data: Buffer): Promise<TSourceImage> {
  const meta = await sharp(data)
    .metadata()
    .catch((error: unknown) => {
      throw new AiEngineError('badParameters', 'The source image is not a readable picture.', {
        cause: error,
      });
    });
  if (meta.format === 'png' || meta.format === 'jpeg') return { data, format: meta.format };
  return { data: await sharp(data).rotate().png().toBuffer(), format: 'png' };
}
