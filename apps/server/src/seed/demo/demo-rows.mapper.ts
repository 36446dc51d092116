import type { works } from '../../db/schema';
import { MACHINE_GROUPS } from '../data/machines.data';
import { MATERIALS } from '../data/materials.data';
import { createRandom } from '../generators/prng.util';
import type { TReferenceIds } from '../reference.seed';
import { buildGuide } from './guide.builder';
import type { TDemoLang } from './users.data';
import { isMeshDesign, type TDemoWork } from './work.types';
import type { TWorkAssets } from './work-assets.builder';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Published dates spread over this many days before the seed runs. */
const SPREAD_DAYS = 88;

const materialNames = new Map(MATERIALS.map((m) => [m.slug, m]));
const machineNames = new Map(
  MACHINE_GROUPS.flatMap((g) => g.machines).map((m) => [m.slug, m.name]),
);

/** Trimmed, case-insensitively unique, at most 8 (SPEC allows 20; cards show a few). */
export function dedupeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out.slice(0, 8);
}

export function craftOf(work: TDemoWork): '3d' | 'laser' | 'uv' {
  if (isMeshDesign(work.design)) return '3d';
  return work.apply.includes(4) ? 'uv' : 'laser';
}

const lookup = (map: Map<string, number>, slug: string, what: string) => {
  const id = map.get(slug);
  if (id === undefined) throw new Error(`demo work refers to unknown ${what} '${slug}'`);
  return id;
};

/**
 * Dates and counters are derived from the work key, so runs differ only by
 * the moment they happen; the order index spreads works over the last ~90 days.
 */
export function workRow(
  work: TDemoWork,
  order: number,
  total: number,
  userId: number,
  lang: TDemoLang,
  assets: TWorkAssets,
  ref: TReferenceIds,
  now: number,
): typeof works.$inferInsert {
  const rng = createRandom(`stats:${work.key}`);
  const age = 0.4 + (order / Math.max(1, total - 1)) * SPREAD_DAYS + rng.range(-0.3, 0.3);
  const publishedAt = new Date(now - age * DAY_MS);
  // Most works pass review within a day; some sat as drafts for weeks first.
  const draftDays = rng.chance(0.2) ? rng.range(6, 40) : rng.range(0.05, 1.2);
  const createdAt = new Date(publishedAt.getTime() - draftDays * DAY_MS);
  const popular = rng.chance(0.12) ? 3 : 1;
  const likeCount = Math.round((8 + rng.range(0, 28)) * (1 + age / 18) * popular);
  const materials = work.materials.map((slug) => {
    const material = materialNames.get(slug);
    if (!material) throw new Error(`demo work ${work.key} refers to unknown material '${slug}'`);
    return material;
  });
  const machineIds = work.machines.map((slug) => lookup(ref.machines, slug, 'machine'));
  return {
    userId,
    title: work.title,
    summary: work.summary,
    cover: assets.cover,
    coverThumb: assets.coverThumb,
    images: assets.cover,
    source: 'original',
    software: work.software.join(', '),
    machineIds,
    applyDev: work.apply,
    useMaterial: materials.map((m) => m.en),
    level: work.level,
    tags: dedupeTags(work.tags),
    projectFile: assets.projectFile,
    attachment: buildGuide({
      lang,
      craft: craftOf(work),
      level: work.level,
      materials: materials.map((m) => (lang === 'zh' ? m.zh : m.en)),
      machines: work.machines.map((slug) => machineNames.get(slug) ?? slug),
      software: work.software,
      files: assets.projectFile.map((f) => f.filename),
      tip: work.tip,
    }),
    status: 'published',
    // A first guess: social.seed counts likes and favourites again from their rows.
    likeCount,
    favorCount: Math.round(likeCount * rng.range(0.2, 0.6)),
    downloadCount: Math.round(likeCount * rng.range(1.3, 3.4)),
    createdAt,
    updatedAt: publishedAt,
    publishedAt,
  };
}

export function categoryIds(work: TDemoWork, ref: TReferenceIds): number[] {
  return work.categories.map((slug) => lookup(ref.categories, slug, 'category'));
}

/** A fixed shuffle of the works so crafts and authors interleave in the feed. */
export function publishOrder(keys: readonly string[]): Map<string, number> {
  const rng = createRandom('publish-order');
  const order = keys.slice();
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  return new Map(order.map((key, i) => [key, i]));
}
