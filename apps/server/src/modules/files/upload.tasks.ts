import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Code } from '@layerline/contract';
import { AppError } from '../../http/app-error';
import { renderCover, type TRenderable } from './cover-render';
import { SVG_LIMITS, SvgInvalidError, SvgTooComplexError, sanitizeSvg } from './svg-sanitizer';
import { inspectZip, type TZipLimits, type TZipReport } from './zip-inspector';

/**
 * What an upload worker thread does (ADR 0008): every parse, sanitise and
 * render of an uploaded file, and the hash of a large one, so the event loop
 * never holds one. Files are passed by path and written results come back by
 * path with their hash and size; bytes that must cross (a cover's source and
 * picture) travel as transferred ArrayBuffers, never copies.
 */
export type TUploadTask =
  /** Sanitises an SVG into a new file in `outDir` (AppError: uploadSvgInvalid, uploadSvgTooComplex). */
  | { task: 'sanitizeSvg'; path: string; outDir: string }
  /** Checks an archive's entries (AppError: zipInvalid, zipBomb, zipUnsafePath, ...); hashes it. */
  | { task: 'inspectZip'; path: string; tmpDir: string; limits: TZipLimits }
  /** An xTool project must be one JSON object (AppError uploadDesignType otherwise); hashes it. */
  | { task: 'parseXcs'; path: string }
  /** The SHA-256 of a file stored as received (content-addressed storage). */
  | { task: 'hashFile'; path: string }
  /** Draws a cover from a design file's bytes, by `deadline` (epoch ms). */
  | { task: 'renderCover'; data: Uint8Array; format: TRenderable; deadline: number };

/** A file a task wrote, for FileStorage.putFile. */
export type TWrittenFile = { path: string; size: number; sha256: string };
export type TCoverImage = { image: Uint8Array; ext: string; mime: string; thumbnail: Uint8Array };

export type THashed = { sha256: string };

export type TUploadTaskOutputs = {
  sanitizeSvg: TWrittenFile;
  inspectZip: TZipReport & THashed;
  parseXcs: THashed;
  hashFile: THashed;
  renderCover: TCoverImage;
};
export type TUploadTaskOutput = TUploadTaskOutputs[keyof TUploadTaskOutputs];

/** Bytes in an ArrayBuffer of their own, so they can be transferred (a pooled Buffer cannot). */
export function ownBytes(data: Uint8Array): Uint8Array {
  const isWhole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  return isWhole && data.buffer instanceof ArrayBuffer ? data : new Uint8Array(data);
}

/** The sanitiser's refusals as the uploader's localised answers; anything else as it is. */
function svgRefusal(error: unknown): unknown {
  const cause = { cause: error };
  if (error instanceof SvgTooComplexError) {
    const params = { max: SVG_LIMITS.maxNodes.toLocaleString('en-US'), depth: SVG_LIMITS.maxDepth };
    return new AppError(Code.PAYLOAD_TOO_LARGE, 'uploadSvgTooComplex', params, null, cause);
  }
  if (error instanceof SvgInvalidError) {
    return new AppError(Code.BAD_REQUEST, 'uploadSvgInvalid', {}, null, cause);
  }
  return error;
}

async function sanitizeSvgFile(source: string, outDir: string): Promise<TWrittenFile> {
  const text = await readFile(source, 'utf8');
  let sanitized: string;
  try {
    sanitized = sanitizeSvg(text);
  } catch (error) {
    throw svgRefusal(error);
  }
  const clean = Buffer.from(sanitized, 'utf8');
  const sha256 = createHash('sha256').update(clean).digest('hex');
  const out = path.join(outDir, `${randomUUID()}.svg`);
  try {
    await writeFile(out, clean, { flag: 'wx' });
  } catch (error) {
    await rm(out, { force: true });
    throw error;
  }
  return { path: out, size: clean.length, sha256 };
}

async function hashFile(file: string): Promise<THashed> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
  }
  return { sha256: hash.digest('hex') };
}

async function parseXcs(file: string): Promise<THashed> {
  const data = await readFile(file);
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch (error) {
    throw new AppError(Code.BAD_REQUEST, 'uploadDesignType', {}, null, { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError(Code.BAD_REQUEST, 'uploadDesignType');
  }
  return { sha256: createHash('sha256').update(data).digest('hex') };
}

/** Runs one task; the result and the buffers to transfer with it. */
export async function runUploadTask(
  input: TUploadTask,
): Promise<{ output: TUploadTaskOutput; transfer: ArrayBuffer[] }> {
  switch (input.task) {
    case 'sanitizeSvg':
      return { output: await sanitizeSvgFile(input.path, input.outDir), transfer: [] };
    case 'inspectZip': {
      const report = await inspectZip(input.path, input.tmpDir, input.limits);
      return { output: { ...report, ...(await hashFile(input.path)) }, transfer: [] };
    }
    case 'parseXcs':
      return { output: await parseXcs(input.path), transfer: [] };
    case 'hashFile':
      return { output: await hashFile(input.path), transfer: [] };
    case 'renderCover': {
      const source = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
      const drawn = await renderCover(source, input.format, input.deadline);
      // Copied out of sharp's buffers, whose memory is sharp's and cannot be transferred.
      const image = new Uint8Array(drawn.image.data);
      const thumbnail = new Uint8Array(drawn.thumbnail);
      const output: TCoverImage = {
        image,
        ext: drawn.image.ext,
        mime: drawn.image.mime,
        thumbnail,
      };
      return { output, transfer: [image.buffer as ArrayBuffer, thumbnail.buffer as ArrayBuffer] };
    }
  }
}
