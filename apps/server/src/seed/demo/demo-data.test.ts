import { describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from '../data/categories.data';
import { MACHINE_GROUPS } from '../data/machines.data';
import { MATERIALS } from '../data/materials.data';
import { DEMO_BANNERS } from './banners.data';
import { DEMO_COLLECTIONS } from './collections.data';
import { craftOf, dedupeTags } from './demo-rows.mapper';
import { DEMO_USERS } from './users.data';
import { DEMO_WORKS } from './works.data';

const unique = (values: string[]) => new Set(values).size === values.length;

describe('reference data', () => {
  it('has unique slugs across the category tree, machines and materials', () => {
    const categorySlugs = CATEGORY_TREE.flatMap((p) => [p.slug, ...p.children.map((c) => c.slug)]);
    expect(unique(categorySlugs)).toBe(true);
    expect(unique(MACHINE_GROUPS.map((g) => g.slug))).toBe(true);
    expect(unique(MACHINE_GROUPS.flatMap((g) => g.machines.map((m) => m.slug)))).toBe(true);
    expect(unique(MATERIALS.map((m) => m.slug))).toBe(true);
  });

  it('names everything in English and Chinese', () => {
    const named = [
      ...CATEGORY_TREE.flatMap((p) => [p, ...p.children]),
      ...MACHINE_GROUPS,
      ...MATERIALS,
    ];
    for (const item of named) {
      expect(item.en.trim()).not.toBe('');
      expect(item.zh.trim()).not.toBe('');
    }
    for (const parent of CATEGORY_TREE) expect(parent.zh).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('demo data', () => {
  const childSlugs = new Set(CATEGORY_TREE.flatMap((p) => p.children.map((c) => c.slug)));
  const machineKinds = new Map(
    MACHINE_GROUPS.flatMap((g) => g.machines).map((m) => [m.slug, m.kind]),
  );
  const materialSlugs = new Set(MATERIALS.map((m) => m.slug));
  const handles = new Set(DEMO_USERS.map((u) => u.handle));

  it('has about 60 works with unique keys and titles, spread over every author', () => {
    expect(DEMO_WORKS.length).toBeGreaterThanOrEqual(55);
    expect(unique(DEMO_WORKS.map((w) => w.key))).toBe(true);
    expect(unique(DEMO_WORKS.map((w) => w.title))).toBe(true);
    for (const handle of handles) {
      expect(DEMO_WORKS.some((w) => w.author === handle)).toBe(true);
    }
  });

  it.each(DEMO_WORKS.map((w) => [w.key, w] as const))(
    '%s refers to real reference data',
    (_, work) => {
      expect(handles.has(work.author)).toBe(true);
      expect(work.categories.length).toBeGreaterThanOrEqual(1);
      expect(work.categories.length).toBeLessThanOrEqual(2);
      for (const slug of work.categories) expect(childSlugs.has(slug)).toBe(true);
      for (const slug of work.materials) expect(materialSlugs.has(slug)).toBe(true);
      const tags = dedupeTags(work.tags);
      expect(tags.length).toBeGreaterThanOrEqual(3);
      expect(tags.length).toBeLessThanOrEqual(8);
      for (const value of work.apply) expect([1, 2, 3, 4, 5]).toContain(value);
      // Machines match the craft: printers for 3D, lasers for laser work, UV printers
      // (plus a laser for the contour cut) for UV work.
      const allowed = { '3d': ['fdm', 'resin'], laser: ['laser'], uv: ['uv', 'laser'] }[
        craftOf(work)
      ];
      expect(work.machines.length).toBeGreaterThan(0);
      for (const slug of work.machines) expect(allowed).toContain(machineKinds.get(slug));
      const prefix = { '3d': '3dp-', laser: 'laser-', uv: 'uv-' }[craftOf(work)];
      for (const slug of work.categories) expect(slug.startsWith(prefix)).toBe(true);
    },
  );

  it('collections hold 4 to 12 existing works', () => {
    const keys = new Set(DEMO_WORKS.map((w) => w.key));
    for (const c of DEMO_COLLECTIONS) {
      expect(c.works.length).toBeGreaterThanOrEqual(4);
      expect(c.works.length).toBeLessThanOrEqual(12);
      expect(unique(c.works)).toBe(true);
      for (const key of c.works) expect(keys.has(key)).toBe(true);
    }
  });

  it('banners: 4 carousel and 3 grid items, one external https link', () => {
    expect(DEMO_BANNERS.filter((b) => b.type === 1)).toHaveLength(4);
    expect(DEMO_BANNERS.filter((b) => b.type === 2)).toHaveLength(3);
    const paths = DEMO_BANNERS.flatMap((b) => ('path' in b.link ? [b.link.path] : []));
    expect(paths.filter((p) => p.startsWith('https://'))).toHaveLength(1);
    const slugs = new Set(DEMO_COLLECTIONS.map((c) => c.slug));
    for (const b of DEMO_BANNERS) {
      if ('collection' in b.link) expect(slugs.has(b.link.collection)).toBe(true);
    }
  });

  it('dedupes tags case-insensitively and trims them', () => {
    expect(dedupeTags([' PLA ', 'pla', 'Vase', 'vase', ''])).toEqual(['PLA', 'Vase']);
  });
});
