import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  Code,
  type TUploadKind,
  type TUploadResult,
  UPLOAD_KINDS,
  UPLOAD_RULES,
} from '@layerline/contract';
import { AppError } from '../../http/app-error';
import type { TClock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter/limiter';
import type { TUserLimits } from '../../lib/limiter/user-limits';
import { FORMATS, sniffFormat, type TFormat } from './file-sniffer';
import type { FileUrlSigner } from './file-url-signer';
import { type FilesRepository, PRIVATE_KINDS } from './files.repository';
import { assertImageFile, encodeAvatar, processImage, type TImagePreset } from './image-processor';
import type { FileStorage, TStoredObject } from './storage';
import { storeProcessedImage, storeShownWebp } from './stored-image';
import type { TUploadTask, TUploadTaskOutputs } from './upload.tasks';
import { receiveToTemp, type TTempFile, UploadTooLargeError } from './upload-temp';
import { fromUploadWorker, runInPool, type TUploadWorkers } from './upload-workers';
import { type TZipLimits, ZIP_LIMITS } from './zip-inspector';

/** Ours: an SVG is parsed whole to be sanitised, so it gets a lower bound than other designs. */
export const SVG_MAX_BYTES = 50 * 1024 * 1024;
/** Ours: an xTool project is parsed as JSON up to this size; beyond, its head is trusted. */
const XCS_PARSE_MAX_BYTES = 64 * 1024 * 1024;
/** Ours: files up to this size are hashed on the event loop (under a millisecond); larger in the pool. */
const HASH_HERE_MAX_BYTES = 1024 * 1024;

// biome-ignore format: a word list
const DESIGN_FORMATS = new Set<TFormat>([
  'stl', '3mf', 'obj', 'step', 'gcode', 'bgcode', 'svg', 'dxf', 'pdf', 'png', 'jpeg', 'zip',
  'lbrn', 'xcs',
]);
const IMAGE_FORMATS = new Set<TFormat>(['jpeg', 'png', 'gif', 'webp']);
const AVATAR_FORMATS = new Set<TFormat>(['jpeg', 'png', 'gif']);

export function isUploadKind(value: unknown): value is TUploadKind {
  return typeof value === 'string' && (UPLOAD_KINDS as readonly string[]).includes(value);
}

/**
 * The kind of an upload that names none (SPEC 7 has no kind parameter):
 * images follow the cover rules, PDFs the instruction rules, and models,
 * vectors, archives and machine files the design rules, whose refusal
 * names the accepted formats.
 */
export function kindFor(format: TFormat | undefined): TUploadKind {
  if (format && IMAGE_FORMATS.has(format)) return 'cover';
  if (format === 'pdf') return 'instruction';
  return 'design';
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

/** Text safe as (part of) a file name: no path, no control or reserved characters, not too long. */
export function cleanName(text: string, fallback = 'file'): string {
  const cleaned = text
    .replace(/[\p{Cc}\p{Cf}<>:"/\\|?*]/gu, '')
    .trim()
    .slice(0, 80);
  return cleaned || fallback;
}

/** A file's name without its directory and extension, made safe. */
export function cleanBaseName(filename: string): string {
  const base = path.basename(filename.replaceAll('\\', '/'));
  return cleanName(base.slice(0, base.length - path.extname(base).length));
}

/** The shown name keeps its extension when it fits the content, else gets the format's own. */
function nameFor(filename: string, format: TFormat): string {
  const exts: readonly string[] = FORMATS[format].exts;
  const ext = path.extname(filename).toLowerCase();
  return `${cleanBaseName(filename)}${exts.includes(ext) ? ext : exts[0]}`;
}

const refuse = (key: 'uploadNotImage' | 'uploadImageType' | 'uploadDesignType', cause?: unknown) =>
  new AppError(Code.BAD_REQUEST, key, {}, null, cause ? { cause } : undefined);

type TStored = TStoredObject & {
  thumbnail?: string;
  /** A re-encoded image's pixel size and declared DPI. */
  image?: { width: number; height: number; dpi: number | null };
};

export type TUploadDeps = {
  /** Threads that parse and sanitise uploads off the event loop (ADR 0008). */
  workers: TUploadWorkers;
  storage: FileStorage;
  files: FilesRepository;
  /** Where uploads are received before they are checked (DATA_DIR/tmp). */
  tmpDir: string;
  clock: TClock;
  zipLimits?: TZipLimits;
  /** Per-user file count and byte budget (ADR 0005); absent: unlimited. */
  limiter?: Limiter;
  limits?: Pick<TUserLimits, 'uploadFiles' | 'uploadBytes'>;
  /** Signs the answer's URL of a design file or instruction, so the uploader can preview it (ADR 0009). */
  fileSigner?: FileUrlSigner;
};

/**
 * Uploads (SPEC 7, DESIGN 3 and 4): the content decides the type (sniffed,
 * never the name); executables and scripts are refused for every kind;
 * images are re-encoded (upright, metadata stripped) with a WebP thumbnail;
 * SVGs are sanitised; archives are inspected before they are stored. Every
 * stored upload is recorded with its uploader, so works can only point at
 * their author's files.
 */
export class UploadService {
  constructor(private readonly deps: TUploadDeps) {}

  /**
   * Receives one file of `kind`; without a kind (SPEC 7 names none) the
   * sniffed content decides it (kindFor).
   */
  async receive(
    userId: number,
    requestedKind: TUploadKind | undefined,
    stream: Readable,
    filename: string,
  ): Promise<TUploadResult> {
    try {
      await this.assertWithinLimits(userId);
    } catch (error) {
      // Drained, so the rest of the multipart body can still be read.
      stream.resume();
      throw error;
    }
    const { limiter, limits } = this.deps;
    const { kind, stored } = await this.accept(requestedKind, stream, filename, async (size) => {
      // Received bytes count whether the file is then stored or refused.
      if (limiter && limits) {
        await limiter.spend('upload-bytes', String(userId), limits.uploadBytes, size);
      }
    });
    await this.deps.files.record([
      {
        userId,
        sha256: stored.sha256,
        url: stored.url,
        filename: stored.filename,
        size: stored.size,
        mime: stored.mime,
        kind,
        thumbnail: stored.thumbnail ?? null,
        dpi: stored.image?.dpi ?? null,
        createdAt: this.deps.clock(),
      },
    ]);
    const { fileSigner } = this.deps;
    // Private kinds are answered signed, so the uploader can preview them (ADR 0009, 0051).
    const sign = (url: string) =>
      fileSigner && PRIVATE_KINDS.has(kind) ? fileSigner.sign(url) : url;
    const result: TUploadResult = {
      url: sign(stored.url),
      filename: stored.filename,
      size: stored.size,
      mime: stored.mime,
    };
    if (stored.thumbnail) result.thumbnail = sign(stored.thumbnail);
    if (stored.image) result.image = stored.image;
    return result;
  }

  /**
   * A visitor's feedback image (SPEC 7 feedback upload): checked and stored
   * as a `feedback` upload, but with no files row, which needs a user; the
   * caller records who sent it and applies its own limits.
   */
  async receiveUnrecorded(kind: 'feedback', stream: Readable, filename: string): Promise<string> {
    return (await this.accept(kind, stream, filename)).stored.url;
  }

  /** Receives, sniffs, checks and stores one file; the temporary copy is always removed. */
  private async accept(
    requestedKind: TUploadKind | undefined,
    stream: Readable,
    filename: string,
    onReceived?: (size: number) => Promise<void>,
  ): Promise<{ kind: TUploadKind; stored: TStored }> {
    const maxBytes = requestedKind ? UPLOAD_RULES[requestedKind].maxBytes : MAX_UPLOAD_BYTES;
    let temp: TTempFile;
    try {
      temp = await receiveToTemp(stream, this.deps.tmpDir, maxBytes);
    } catch (error) {
      if (error instanceof UploadTooLargeError) throw fileTooLarge(maxBytes);
      throw error;
    }
    try {
      await onReceived?.(temp.size);
      const sniffed = await sniffFormat(temp.head, temp.size);
      if (sniffed?.format === 'executable') {
        throw new AppError(Code.BAD_REQUEST, 'uploadExecutable');
      }
      const format = sniffed?.format;
      const kind = requestedKind ?? kindFor(format);
      if (temp.size > UPLOAD_RULES[kind].maxBytes) throw fileTooLarge(UPLOAD_RULES[kind].maxBytes);
      return { kind, stored: await this.process(kind, format, temp, filename) };
    } finally {
      await rm(temp.path, { force: true });
    }
  }

  /** Every file counts, stored or not; the byte budget is checked before a file is read. */
  private async assertWithinLimits(userId: number): Promise<void> {
    const { limiter, limits } = this.deps;
    if (!limiter || !limits) return;
    await limiter.consume('upload-files', String(userId), limits.uploadFiles);
    await limiter.assertBudgetLeft('upload-bytes', String(userId), limits.uploadBytes);
  }

  private async process(
    kind: TUploadKind,
    format: TFormat | undefined,
    temp: TTempFile,
    filename: string,
  ): Promise<TStored> {
    switch (kind) {
      case 'avatar':
        if (!format || !AVATAR_FORMATS.has(format)) throw refuse('uploadNotImage');
        return this.avatar(temp, filename, format === 'gif');
      case 'cover':
      case 'ai':
      case 'feedback':
      case 'post':
        if (!format || !IMAGE_FORMATS.has(format)) throw refuse('uploadImageType');
        return this.image(temp, filename, kind);
      case 'instruction':
        if (format !== 'pdf') throw new AppError(Code.BAD_REQUEST, 'uploadPdfOnly');
        return this.keep(temp, filename, 'pdf');
      case 'design':
        if (!format || !DESIGN_FORMATS.has(format)) throw refuse('uploadDesignType');
        return this.design(temp, filename, format);
    }
  }

  private async avatar(temp: TTempFile, filename: string, isGif: boolean): Promise<TStored> {
    let output: Buffer;
    try {
      output = await encodeAvatar(await readFile(temp.path), isGif);
    } catch (error) {
      // Right magic bytes, broken body: still not an image we can use.
      throw refuse('uploadNotImage', error);
    }
    return storeShownWebp(this.deps.storage, output, `${cleanBaseName(filename)}.webp`);
  }

  private async image(temp: TTempFile, filename: string, preset: TImagePreset): Promise<TStored> {
    let processed: Awaited<ReturnType<typeof processImage>>;
    try {
      processed = await processImage(await readFile(temp.path), preset);
    } catch (error) {
      throw refuse('uploadImageType', error);
    }
    const stored = await storeProcessedImage(
      this.deps.storage,
      processed,
      cleanBaseName(filename),
      // An AI source picture is its owner's until a work takes a copy (ADR 0051).
      { withCopies: preset === 'cover', ownerOnly: preset === 'ai' },
    );
    const { width, height, dpi } = processed;
    return { ...stored, image: { width, height, dpi } };
  }

  /**
   * Stores the received bytes unchanged: design files and instructions,
   * private (ADR 0009). `sha256` when a pool task has hashed it already.
   */
  private async keep(
    temp: TTempFile,
    filename: string,
    format: TFormat,
    sha256?: string,
  ): Promise<TStored> {
    return this.deps.storage.putFile(temp.path, {
      filename: nameFor(filename, format),
      mime: FORMATS[format].mime,
      sha256: sha256 ?? (await this.hashOf(temp)),
      size: temp.size,
      isPrivate: true,
    });
  }

  /** The content address of a received file: a small one hashed here, a large one in the pool. */
  private async hashOf(temp: TTempFile): Promise<string> {
    if (temp.size <= HASH_HERE_MAX_BYTES) {
      return createHash('sha256')
        .update(await readFile(temp.path))
        .digest('hex');
    }
    return (await this.inWorker({ task: 'hashFile', path: temp.path })).sha256;
  }

  /**
   * Design files are stored as received, after the checks their format needs;
   * every parse runs in the upload pool (ADR 0008).
   */
  private async design(temp: TTempFile, filename: string, format: TFormat): Promise<TStored> {
    const { tmpDir, storage } = this.deps;
    switch (format) {
      case 'zip': {
        const report = await this.inWorker({
          task: 'inspectZip',
          path: temp.path,
          tmpDir,
          limits: this.deps.zipLimits ?? ZIP_LIMITS,
        });
        return this.keep(temp, filename, report.is3mf ? '3mf' : 'zip', report.sha256);
      }
      case 'svg': {
        if (temp.size > SVG_MAX_BYTES) throw fileTooLarge(SVG_MAX_BYTES);
        // The thread writes the sanitised file and hashes it; only its path comes
        // back. putFile consumes that file, stored or not.
        const clean = await this.inWorker({ task: 'sanitizeSvg', path: temp.path, outDir: tmpDir });
        return storage.putFile(clean.path, {
          filename: nameFor(filename, 'svg'),
          mime: FORMATS.svg.mime,
          sha256: clean.sha256,
          size: clean.size,
          isPrivate: true,
        });
      }
      case 'xcs': {
        const parsed =
          temp.size <= XCS_PARSE_MAX_BYTES
            ? await this.inWorker({ task: 'parseXcs', path: temp.path })
            : undefined;
        return this.keep(temp, filename, format, parsed?.sha256);
      }
      case 'png':
      case 'jpeg':
        await assertImageFile(temp.path).catch((error: unknown) => {
          throw refuse('uploadDesignType', error);
        });
        return this.keep(temp, filename, format);
      default:
        return this.keep(temp, filename, format);
    }
  }

  /** Runs a parse in the upload pool; its refusals become localised answers (ADR 0008). */
  private async inWorker<T extends TUploadTask>(task: T): Promise<TUploadTaskOutputs[T['task']]> {
    try {
      return await runInPool(this.deps.workers, task);
    } catch (error) {
      throw fromUploadWorker(error);
    }
  }
}
