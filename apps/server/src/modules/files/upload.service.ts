import path from 'node:path';
import {
  Code,
  type TUploadKind,
  type TUploadResult,
  UPLOAD_KINDS,
  UPLOAD_RULES,
} from '@layerline/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../http/app-error';
import type { FileStorage } from './storage';

/** Refuse decompression bombs before decoding: no avatar source needs more. */
const MAX_INPUT_PIXELS = 40_000_000;
const AVATAR_SIZE = 512;
/** A GIF stays animated only when it is small enough to re-encode quickly (DESIGN 4). */
const MAX_ANIMATED_FRAMES = 60;
const MAX_ANIMATED_PIXELS = 25_000_000;

export function isUploadKind(value: unknown): value is TUploadKind {
  return typeof value === 'string' && (UPLOAD_KINDS as readonly string[]).includes(value);
}

/** The largest accepted file over all kinds: the multipart limit when the kind is not known yet. */
export const MAX_UPLOAD_BYTES = Math.max(
  ...UPLOAD_KINDS.map((kind) => UPLOAD_RULES[kind].maxBytes),
);

export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(Code.PAYLOAD_TOO_LARGE, 'fileTooLarge', { max: formatBytes(maxBytes) });
}

/** A name safe to show and to store: no path, no control characters, not too long. */
function cleanBaseName(filename: string): string {
  const base = path.basename(filename.replaceAll('\\', '/'), path.extname(filename));
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}<>:"/\\|?*]/gu, '')
    .trim()
    .slice(0, 80);
  return cleaned || 'file';
}

/**
 * Uploads (DESIGN 3): the content decides the type (sniffed with file-type,
 * never the name), images are re-encoded with sharp (auto-oriented, metadata
 * stripped, resized), and the result goes to the FileStorage.
 */
export class UploadService {
  constructor(private readonly storage: FileStorage) {}

  async store(kind: TUploadKind, data: Buffer, filename: string): Promise<TUploadResult> {
    const rule = UPLOAD_RULES[kind];
    if (data.length > rule.maxBytes) throw fileTooLarge(rule.maxBytes);
    const type = await fileTypeFromBuffer(data);
    if (!type || !rule.mimes.includes(type.mime)) {
      throw new AppError(Code.BAD_REQUEST, 'uploadNotImage');
    }
    const output = await this.avatar(data, type.mime === 'image/gif');
    const stored = await this.storage.put(output, {
      filename: `${cleanBaseName(filename)}.webp`,
      mime: 'image/webp',
    });
    return { url: stored.url, filename: stored.filename, size: stored.size, mime: stored.mime };
  }

  /** SPEC 5 avatar: at most 512x512 WebP; a simple animated GIF stays animated. */
  private async avatar(data: Buffer, isGif: boolean): Promise<Buffer> {
    try {
      const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
      let isAnimated = false;
      if (isGif) {
        const meta = await sharp(data, options).metadata();
        const frames = meta.pages ?? 1;
        isAnimated =
          frames > 1 &&
          frames <= MAX_ANIMATED_FRAMES &&
          meta.width * (meta.pageHeight ?? meta.height) * frames <= MAX_ANIMATED_PIXELS;
      }
      return await sharp(data, { ...options, animated: isAnimated })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer();
    } catch (error) {
      // Right magic bytes, broken body: still not an image we can use.
      throw new AppError(Code.BAD_REQUEST, 'uploadNotImage', {}, null, { cause: error });
    }
  }
}
