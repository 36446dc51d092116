import { inArray, sql } from 'drizzle-orm';
import type { TDatabase } from '../db/client';
import { categories, machineGroups, machines, materials } from '../db/schema';
import { CATEGORY_TREE } from './data/categories.data';
import { MACHINE_GROUPS } from './data/machines.data';
import { MATERIALS } from './data/materials.data';

export type TReferenceIds = {
  /** Category id by slug, parents and children. */
  categories: Map<string, number>;
  machines: Map<string, number>;
};

/**
 * Updates only rows whose values differ, so a second run writes nothing and
 * a renamed entry in the data files reaches existing databases.
 */
const changed = (table: string, columns: readonly string[]) =>
  sql.raw(
    `(${columns.map((c) => `"${table}"."${c}"`).join(', ')}) is distinct from (${columns.map((c) => `excluded."${c}"`).join(', ')})`,
  );

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

/** Upserts categories, machine groups, machines and materials by slug; returns rows written. */
export async function seedReference(
  tx: TDatabase,
): Promise<{ written: number; ids: TReferenceIds }> {
  let written = 0;
  const named = {
    nameEn: excluded('name_en'),
    nameZh: excluded('name_zh'),
    sort: excluded('sort'),
  };

  const parents = await tx
    .insert(categories)
    .values(CATEGORY_TREE.map((c, i) => ({ slug: c.slug, nameEn: c.en, nameZh: c.zh, sort: i })))
    .onConflictDoUpdate({
      target: categories.slug,
      set: { ...named, parentId: excluded('parent_id') },
      setWhere: changed('categories', ['name_en', 'name_zh', 'sort', 'parent_id']),
    })
    .returning({ id: categories.id });
  written += parents.length;
  const parentRows = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(
      inArray(
        categories.slug,
        CATEGORY_TREE.map((c) => c.slug),
      ),
    );
  const parentIds = new Map(parentRows.map((r) => [r.slug, r.id]));

  const children = CATEGORY_TREE.flatMap((parent) =>
    parent.children.map((c, i) => ({
      slug: c.slug,
      nameEn: c.en,
      nameZh: c.zh,
      sort: i,
      parentId: parentIds.get(parent.slug) ?? null,
    })),
  );
  const childRows = await tx
    .insert(categories)
    .values(children)
    .onConflictDoUpdate({
      target: categories.slug,
      set: { ...named, parentId: excluded('parent_id') },
      setWhere: changed('categories', ['name_en', 'name_zh', 'sort', 'parent_id']),
    })
    .returning({ id: categories.id });
  written += childRows.length;

  const groups = await tx
    .insert(machineGroups)
    .values(MACHINE_GROUPS.map((g, i) => ({ slug: g.slug, nameEn: g.en, nameZh: g.zh, sort: i })))
    .onConflictDoUpdate({
      target: machineGroups.slug,
      set: named,
      setWhere: changed('machine_groups', ['name_en', 'name_zh', 'sort']),
    })
    .returning({ id: machineGroups.id });
  written += groups.length;
  const groupRows = await tx
    .select({ id: machineGroups.id, slug: machineGroups.slug })
    .from(machineGroups);
  const groupIds = new Map(groupRows.map((r) => [r.slug, r.id]));

  const machineValues = MACHINE_GROUPS.flatMap((g) =>
    g.machines.map((m, i) => ({
      slug: m.slug,
      name: m.name,
      kind: m.kind,
      sort: i,
      groupId: groupIds.get(g.slug) ?? 0,
    })),
  );
  const machineRows = await tx
    .insert(machines)
    .values(machineValues)
    .onConflictDoUpdate({
      target: machines.slug,
      set: {
        name: excluded('name'),
        kind: excluded('kind'),
        sort: excluded('sort'),
        groupId: excluded('group_id'),
      },
      setWhere: changed('machines', ['name', 'kind', 'sort', 'group_id']),
    })
    .returning({ id: machines.id });
  written += machineRows.length;

  const materialRows = await tx
    .insert(materials)
    .values(MATERIALS.map((m, i) => ({ slug: m.slug, nameEn: m.en, nameZh: m.zh, sort: i })))
    .onConflictDoUpdate({
      target: materials.slug,
      set: named,
      setWhere: changed('materials', ['name_en', 'name_zh', 'sort']),
    })
    .returning({ id: materials.id });
  written += materialRows.length;

  const allCategories = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories);
  const allMachines = await tx.select({ id: machines.id, slug: machines.slug }).from(machines);
  return {
    written,
    ids: {
      categories: new Map(allCategories.map((r) => [r.slug, r.id])),
      machines: new Map(allMachines.map((r) => [r.slug, r.id])),
    },
  };
}
