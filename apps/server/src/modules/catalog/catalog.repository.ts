import { asc } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { categories, machineGroups, machines, materials } from '../../db/schema';

export type TCategoryRow = { id: number; parentId: number | null; nameEn: string; nameZh: string };
export type TMachineGroupRow = { id: number; nameEn: string; nameZh: string };
export type TMachineRow = { id: number; groupId: number; name: string };
export type TMaterialRow = { id: number; nameEn: string; nameZh: string };

/** All SQL of the catalog: categories, machines, materials (DESIGN 1). */
export class CatalogRepository {
  constructor(private readonly db: TDatabase) {}

  listCategories(): Promise<TCategoryRow[]> {
    return this.db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        nameEn: categories.nameEn,
        nameZh: categories.nameZh,
      })
      .from(categories)
      .orderBy(asc(categories.sort), asc(categories.id));
  }

  listMachineGroups(): Promise<TMachineGroupRow[]> {
    return this.db
      .select({ id: machineGroups.id, nameEn: machineGroups.nameEn, nameZh: machineGroups.nameZh })
      .from(machineGroups)
      .orderBy(asc(machineGroups.sort), asc(machineGroups.id));
  }

  listMachines(): Promise<TMachineRow[]> {
    return this.db
      .select({ id: machines.id, groupId: machines.groupId, name: machines.name })
      .from(machines)
      .orderBy(asc(machines.sort), asc(machines.id));
  }

  listMaterials(): Promise<TMaterialRow[]> {
    return this.db
      .select({ id: materials.id, nameEn: materials.nameEn, nameZh: materials.nameZh })
      .from(materials)
      .orderBy(asc(materials.sort), asc(materials.id));
  }
}
