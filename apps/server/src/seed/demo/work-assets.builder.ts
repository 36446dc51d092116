import type { TStoredFile } from '../../db/schema';
import { renderMeshSvg } from '../../lib/render/mesh.render';
import { svgToWebp } from '../../lib/render/webp.render';
import { type FileStorage, storeShownWebp, thumbnailOf } from '../../modules/files';
import { buildMeshModel, layoutRow } from '../generators/mesh-models.generator';
import { encodeBinaryStl } from '../generators/stl.generator';
import { toSvgFile } from '../generators/svg.generator';
import { buildVectorModel } from '../generators/vector-models.generator';
import { avatarSvg, bannerSvg } from '../render/art.render';
import { renderDesignSvg, type TSurface } from '../render/design.render';
import { isMeshDesign, type TDemoWork } from './work.types';

/** `coverThumb`: the first cover's card thumbnail, as an upload makes it (files/image-processor). */
export type TWorkAssets = { projectFile: TStoredFile[]; cover: string[]; coverThumb: string };

const COVER = { width: 800, height: 600 };
const BACKDROPS = [
  ['#eef2f7', '#cfd8e3'],
  ['#f6efe6', '#e3d5c3'],
  ['#eef6f1', '#cfe3d8'],
  ['#f3eef7', '#dcd3e6'],
] as const;
/** Hero shot, a low side view in a second filament colour, and a view from above. */
const MESH_VIEWS = [
  { yaw: 35, pitch: 28, hue: 0 },
  { yaw: -50, pitch: 18, hue: 150 },
  { yaw: 120, pitch: 62, hue: 0 },
] as const;

/** Rotates a colour's hue, keeping its lightness: the same part in another filament. */
function shiftHue(colour: string, degrees: number): string {
  if (degrees === 0) return colour;
  const v = Number.parseInt(colour.slice(1), 16);
  const [r, g, b] = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) => c / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  // Greys have no hue to turn; give them a muted blue instead.
  if (d < 0.05) return '#5b7fa6';
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + degrees + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const [r1, g1, b1] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const m = l - c / 2;
  return `#${[r1, g1, b1]
    .map((ch) =>
      Math.round((ch + m) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

async function store(storage: FileStorage, data: Buffer, filename: string, mime: string) {
  const stored = await storage.put(data, { filename, mime });
  return { url: stored.url, filename: stored.filename, size: stored.size, mime: stored.mime };
}

/**
 * Renders and stores a work's covers; the first one also as the 480 px WebP
 * thumbnail cards show.
 */
async function storeCovers(
  storage: FileStorage,
  work: TDemoWork,
  render: (index: number) => Promise<Buffer>,
): Promise<Pick<TWorkAssets, 'cover' | 'coverThumb'>> {
  const images = await Promise.all(Array.from({ length: work.covers ?? 1 }, (_, i) => render(i)));
  const cover = await Promise.all(
    images.map(
      async (webp, i) =>
        (await store(storage, webp, `${work.key}-cover-${i + 1}.webp`, 'image/webp')).url,
    ),
  );
  const [first] = images;
  const coverThumb = first
    ? (await storeShownWebp(storage, await thumbnailOf(first), `${work.key}-cover-1.thumb.webp`))
        .url
    : '';
  return { cover, coverThumb };
}

const backdrop = (work: TDemoWork, i: number) =>
  BACKDROPS[(work.key.length + i) % BACKDROPS.length] ?? BACKDROPS[0];

async function meshAssets(
  work: TDemoWork,
  model: Parameters<typeof buildMeshModel>[0],
  colour: string,
  storage: FileStorage,
): Promise<TWorkAssets> {
  const parts = buildMeshModel(model, work.key);
  const projectFile = await Promise.all(
    parts.map(({ part, mesh }) =>
      store(
        storage,
        encodeBinaryStl(mesh, `${work.key}-${part}`),
        `${work.key}-${part}.stl`,
        'model/stl',
      ),
    ),
  );
  // Several parts are shown side by side, as they would sit on the build plate.
  const first = parts[0];
  if (!first) throw new Error(`work ${work.key} has no mesh`);
  const scene =
    parts.length > 1
      ? layoutRow(
          parts.map((p) => p.mesh),
          10,
        )
      : first.mesh;
  const covers = await storeCovers(storage, work, (i) => {
    const { yaw, pitch, hue } = MESH_VIEWS[i] ?? MESH_VIEWS[0];
    const svg = renderMeshSvg(scene, {
      ...COVER,
      yaw,
      pitch,
      colour: shiftHue(colour, hue),
      background: backdrop(work, i),
    });
    return svgToWebp(svg);
  });
  return { projectFile, ...covers };
}

async function vectorAssets(
  work: TDemoWork,
  model: Parameters<typeof buildVectorModel>[0],
  surface: TSurface,
  alt: TSurface | undefined,
  storage: FileStorage,
): Promise<TWorkAssets> {
  const parts = buildVectorModel(model, work.key);
  // Covers lead with the richest part (the petal layer, not the plain backing disc).
  const showcase = [...parts].sort((a, b) => b.design.layers.length - a.design.layers.length);
  const projectFile = await Promise.all(
    parts.map(({ part, design }) =>
      store(
        storage,
        Buffer.from(toSvgFile(design, `${work.title} - ${part}`)),
        `${work.key}-${part}.svg`,
        'image/svg+xml',
      ),
    ),
  );
  const covers = await storeCovers(storage, work, async (i) => {
    const design = (showcase[i % showcase.length] ?? showcase[0])?.design;
    if (!design) throw new Error(`work ${work.key} has no design`);
    // Second cover: the other material if there is one; third: a close-up.
    const svg = renderDesignSvg(design, {
      ...COVER,
      surface: i === 1 && alt ? alt : surface,
      table: backdrop(work, i),
      rotate: i === 1 ? -4 : 0,
      zoom: i === 2 && parts.length === 1 ? 1.7 : 1,
      seed: `${work.key}:${i}`,
    });
    return svgToWebp(svg);
  });
  return { projectFile, ...covers };
}

/** Generates and stores a work's design files and cover images. */
export function buildWorkAssets(work: TDemoWork, storage: FileStorage): Promise<TWorkAssets> {
  const design = work.design;
  if (isMeshDesign(design)) return meshAssets(work, design.mesh, design.colour, storage);
  return vectorAssets(work, design.vector, design.surface, design.alt, storage);
}

export async function buildAvatar(handle: string, storage: FileStorage): Promise<string> {
  const webp = await svgToWebp(avatarSvg(handle), 85);
  return (await storeShownWebp(storage, webp, `${handle}-avatar.webp`)).url;
}

export async function buildBannerImage(
  seed: string,
  type: 1 | 2,
  storage: FileStorage,
): Promise<string> {
  const [width, height] = type === 1 ? [1200, 400] : [600, 300];
  const webp = await svgToWebp(bannerSvg(seed, width, height), 82);
  return (await store(storage, webp, `banner-${type}-${width}x${height}.webp`, 'image/webp')).url;
}

/** Runs `task` over items with at most `limit` in flight: sharp works in libuv threads. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Settle every worker before reporting, so nothing keeps writing after the seed failed.
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
  const rejected = settled.find((s) => s.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}
