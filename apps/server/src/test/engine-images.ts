import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Pictures for the image-engine tests and `npm run bench -- --engines`, drawn
 * here so nothing is downloaded: a photo-like scene (a shaded object on a
 * textured, lit background) whose subject mask is known exactly.
 */

export type TScene = { png: Buffer; width: number; height: number; mask: Uint8Array };

/** The subject, in 0..1 units of the height: a shaded ball and a standing cylinder (a can). */
const BALL = { cx: 0.36, cy: 0.52, r: 0.22 };
const CAN = { left: 0.62, right: 0.86, top: 0.26, bottom: 0.76, ry: 0.05 };

function isSubject(u: number, v: number, aspect: number): boolean {
  // u runs over the width, so in height units it is u × aspect.
  const x = u * aspect;
  const cx = BALL.cx * aspect;
  if ((x - cx) ** 2 + (v - BALL.cy) ** 2 <= BALL.r ** 2) return true;
  const left = CAN.left * aspect;
  const right = CAN.right * aspect;
  if (x < left || x > right) return false;
  if (v >= CAN.top && v <= CAN.bottom) return true;
  const rx = (right - left) / 2;
  const ex = (x - (left + right) / 2) / rx;
  const onEnd = (centre: number) => ex ** 2 + ((v - centre) / CAN.ry) ** 2 <= 1;
  return onEnd(CAN.top) || onEnd(CAN.bottom);
}

function subjectSvg(width: number, height: number): string {
  const aspect = width / height;
  const px = (value: number) => value * height;
  const left = px(CAN.left * aspect);
  const right = px(CAN.right * aspect);
  const rx = (right - left) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <radialGradient id="ball" cx="0.38" cy="0.32" r="0.75">
      <stop offset="0" stop-color="#fff3c4"/><stop offset="0.35" stop-color="#f0a020"/>
      <stop offset="1" stop-color="#6a2a00"/>
    </radialGradient>
    <linearGradient id="can" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#4a0d08"/><stop offset="0.35" stop-color="#e8584c"/>
      <stop offset="0.55" stop-color="#ffd0c8"/><stop offset="1" stop-color="#3a0a06"/>
    </linearGradient>
  </defs>
  <ellipse cx="${left + rx}" cy="${px(CAN.bottom)}" rx="${rx}" ry="${px(CAN.ry)}" fill="url(#can)"/>
  <rect x="${left}" y="${px(CAN.top)}" width="${right - left}" height="${px(CAN.bottom - CAN.top)}" fill="url(#can)"/>
  <ellipse cx="${left + rx}" cy="${px(CAN.top)}" rx="${rx}" ry="${px(CAN.ry)}" fill="#d9d9d9" stroke="#8a8a8a" stroke-width="${px(0.006)}"/>
  <circle cx="${px(BALL.cx * aspect)}" cy="${px(BALL.cy)}" r="${px(BALL.r)}" fill="url(#ball)"/>
</svg>`;
}

/**
 * Grain from a fixed-seed generator, so every run draws the same picture
 * (sharp's own noise is random, which would make the mask score wander).
 */
function grain(width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height);
  let seed = 0x2f6b1d;
  for (let i = 0; i < out.length; i++) {
    seed = (Math.imul(seed, 1_664_525) + 1_013_904_223) >>> 0;
    out[i] = 96 + (seed >>> 26);
  }
  return out;
}

/** A textured, unevenly lit background (a table top under a lamp). */
async function background(width: number, height: number): Promise<Buffer> {
  const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><radialGradient id="lamp" cx="0.3" cy="0.2" r="1">
    <stop offset="0" stop-color="#b9c7d6"/><stop offset="1" stop-color="#3b4a5c"/>
  </radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#lamp)"/>
</svg>`;
  const texture = await sharp(grain(width, height), { raw: { width, height, channels: 1 } })
    .blur(1.2)
    .toColourspace('srgb')
    .png()
    .toBuffer();
  return sharp(Buffer.from(light))
    .composite([{ input: texture, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

/** The scene as a PNG and its subject mask (255 = subject), at any size. */
export async function photoScene(width: number, height: number): Promise<TScene> {
  const png = await sharp(await background(width, height))
    .composite([{ input: Buffer.from(subjectSvg(width, height)) }])
    .png()
    .toBuffer();
  const mask = new Uint8Array(width * height);
  const aspect = width / height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      mask[y * width + x] = isSubject((x + 0.5) / width, (y + 0.5) / height, aspect) ? 255 : 0;
    }
  }
  return { png, width, height, mask };
}

/** A smooth left-to-right gray ramp: every dither must keep its mean tone. */
export async function grayRamp(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Black logo-like shapes on white (a ring, a bar, a dot): what a laser user traces. */
export async function logoArt(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="#fff"/>
  <circle cx="35" cy="40" r="22" fill="#000"/><circle cx="35" cy="40" r="11" fill="#fff"/>
  <rect x="62" y="18" width="14" height="64" fill="#000"/>
  <circle cx="30" cy="82" r="6" fill="#000"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A 1000 x 1000 px silhouette, a black ten-pointed star with a round hole on
 * white: what a cookie cutter is traced from (the AI benches' input).
 */
export async function starSilhouette(): Promise<Buffer> {
  const star = Array.from({ length: 10 }, (_, k) => {
    const r = k % 2 ? 200 : 480;
    const a = (Math.PI * k) / 5 - Math.PI / 2;
    return `${500 + r * Math.cos(a)},${500 + r * Math.sin(a)}`;
  }).join(' ');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">' +
    `<rect width="1000" height="1000" fill="#fff"/><polygon points="${star}" fill="#000"/>` +
    '<circle cx="500" cy="520" r="90" fill="#fff"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Intersection over union of two masks (non-zero = inside). */
export function maskIoU(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    const inA = (a[i] as number) > 127;
    const inB = (b[i] as number) > 127;
    if (inA && inB) both++;
    if (inA || inB) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** A PNG that claims `width` × `height` in a valid header, with no real pixel data behind it. */
export function pngHeaderClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
    const out = Buffer.alloc(body.length + 12);
    out.writeUInt32BE(body.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE(crc32(typed), body.length + 8);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
