import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A small PNG writer for what laser and UV software reads: 1-bit and 8-bit
 * grayscale and palette images with the resolution in pHYs. sharp's palette
 * output keeps at least 2 bits and adds colour profiles, so engraving files
 * are written here (PNG spec, ISO/IEC 15948).
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const METRES_PER_INCH = 0.0254;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'ascii');
  out.set(body, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

export type TPngImage = {
  width: number;
  height: number;
  /** One byte per pixel: a gray level (0-255), a 0/1 bit, or a palette index. */
  pixels: Uint8Array;
  kind: 'bilevel' | 'gray' | 'palette';
  /** Palette images: RGBA colours, index = pixel value. */
  palette?: readonly (readonly [number, number, number, number])[];
  dpi: number;
};

/** Bits per pixel: 1 for black/white, 8 for gray, the fewest that hold the palette. */
function bitDepthOf(image: TPngImage): number {
  if (image.kind === 'bilevel') return 1;
  if (image.kind === 'gray') return 8;
  const count = image.palette?.length ?? 0;
  return count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
}

/** Rows packed MSB first, each led by filter byte 0 (none): bilevel art compresses well so. */
function packRows(image: TPngImage, depth: number): Buffer {
  const rowBytes = Math.ceil((image.width * depth) / 8);
  const raw = Buffer.alloc((rowBytes + 1) * image.height);
  const perByte = 8 / depth;
  for (let y = 0; y < image.height; y++) {
    const rowStart = y * (rowBytes + 1) + 1;
    const src = y * image.width;
    if (depth === 8) {
      raw.set(image.pixels.subarray(src, src + image.width), rowStart);
      continue;
    }
    for (let x = 0; x < image.width; x++) {
      const value = (image.pixels[src + x] as number) & ((1 << depth) - 1);
      const shift = 8 - depth * ((x % perByte) + 1);
      const at = rowStart + Math.floor(x / perByte);
      raw[at] = (raw[at] as number) | (value << shift);
    }
  }
  return raw;
}

export function encodePng(image: TPngImage): Buffer {
  const depth = bitDepthOf(image);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = depth;
  header[9] = image.kind === 'palette' ? 3 : 0;
  const physical = Buffer.alloc(9);
  const perMetre = Math.round(image.dpi / METRES_PER_INCH);
  physical.writeUInt32BE(perMetre, 0);
  physical.writeUInt32BE(perMetre, 4);
  physical[8] = 1;
  const chunks = [chunk('IHDR', header), chunk('pHYs', physical)];
  if (image.kind === 'palette') {
    const palette = image.palette ?? [];
    chunks.push(chunk('PLTE', Uint8Array.from(palette.flatMap((color) => color.slice(0, 3)))));
    if (palette.some(([, , , a]) => a < 255)) {
      chunks.push(chunk('tRNS', Uint8Array.from(palette.map(([, , , a]) => a))));
    }
  }
  chunks.push(chunk('IDAT', deflateSync(packRows(image, depth), { level: 9 })));
  chunks.push(chunk('IEND', new Uint8Array(0)));
  return Buffer.concat([SIGNATURE, ...chunks]);
}

/**
 * DESIGN 5: every PNG the product writes carries a real DPI, the source's
 * when it declares one, else this (what the tools show by default).
 */
export const DEFAULT_OUTPUT_DPI = 300;

/**
 * The DPI a result of this source is written at: its own, else 300. The
 * source's is what its header declares (image-density.ts), which has left
 * out writers' defaults and implausible values already.
 */
export const outputDpi = (sourceDpi: number | undefined): number => sourceDpi ?? DEFAULT_OUTPUT_DPI;

/** A full-colour RGBA picture (a cut-out, an erased photo) as PNG with pHYs at `dpi`. */
export function encodeRgbaPng(
  data: Buffer,
  width: number,
  height: number,
  dpi: number,
): Promise<Buffer> {
  return sharp(data, { raw: { width, height, channels: 4 } })
    .withDensity(dpi)
    .png()
    .toBuffer();
}

export type TPngInfo = {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  /** From pHYs when its unit is the metre; undefined when the file has none. */
  dpi?: number;
  paletteSize?: number;
};

/** Reads the header chunks, to check what a machine will see (bit depth, DPI). */
export function readPngInfo(file: Buffer): TPngInfo {
  if (file.length < 33 || !file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  const info: TPngInfo = {
    width: file.readUInt32BE(16),
    height: file.readUInt32BE(20),
    bitDepth: file[24] as number,
    colorType: file[25] as number,
  };
  let at = 8;
  while (at + 8 <= file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('ascii', at + 4, at + 8);
    if (type === 'pHYs' && file[at + 16] === 1) {
      info.dpi = Math.round(file.readUInt32BE(at + 8) * METRES_PER_INCH);
    }
    if (type === 'PLTE') info.paletteSize = length / 3;
    if (type === 'IDAT' || type === 'IEND') break;
    at += 12 + length;
  }
  return info;
}
