import type { TCategory, TLocale, TMachineGroup, TMaterial } from '@layerline/contract';
import { localised } from '../../lib/localised';
import type { CatalogRepository } from './catalog.repository';

/** Reference data of the publish form and the home filter bar (SPEC 2, 3). */
export class CatalogService {
  constructor(private readonly repository: CatalogRepository) {}

  /**
   * SPEC 3 Category tree: parents in sort order, each with its Children in
   * sort order. Parents without children are included; the filter bar shows
   * only those that have some (SPEC 2).
   */
  async listCategories(locale: TLocale): Promise<TCategory[]> {
    const rows = await this.repository.listCategories();
    const parents = new Map<number, TCategory>();
    for (const row of rows) {
      if (row.parentId === null) {
        parents.set(row.id, {
          id: row.id,
          name: localised(locale, row.nameEn, row.nameZh),
          Children: [],
        });
      }
    }
    for (const row of rows) {
      if (row.parentId === null) continue;
      parents.get(row.parentId)?.Children.push({
        id: row.id,
        name: localised(locale, row.nameEn, row.nameZh),
      });
    }
    return [...parents.values()];
  }

  /** SPEC 3: machine groups hold machines with ID and name. */
  async listMachineGroups(locale: TLocale): Promise<TMachineGroup[]> {
    const [groups, machines] = await Promise.all([
      this.repository.listMachineGroups(),
      this.repository.listMachines(),
    ]);
    const byGroup = new Map<number, TMachineGroup>(
      groups.map((group) => [
        group.id,
        { id: group.id, name: localised(locale, group.nameEn, group.nameZh), machines: [] },
      ]),
    );
    for (const machine of machines) {
      byGroup.get(machine.groupId)?.machines.push({ ID: machine.id, name: machine.name });
    }
    return [...byGroup.values()];
  }

  async listMaterials(locale: TLocale): Promise<TMaterial[]> {
    const rows = await this.repository.listMaterials();
    return rows.map((row) => ({ id: row.id, name: localised(locale, row.nameEn, row.nameZh) }));
  }
}
