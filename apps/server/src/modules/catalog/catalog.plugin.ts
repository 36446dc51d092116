import type { TInfra, TModule } from '../../compose/module';
import { CatalogRepository } from './catalog.repository';
import { catalogRoutes } from './catalog.routes';
import { CatalogService } from './catalog.service';

export type TCatalogModule = TModule<{
  /** Child category names: the fallback of guessed searches (the search module's). */
  categoryNames: () => Promise<{ nameEn: string; nameZh: string }[]>;
}>;

/** SPEC 2, 3 reference data: categories, machines, materials (ADR 0048). */
export function catalogModule(infra: Pick<TInfra, 'db'>): TCatalogModule {
  const repository = new CatalogRepository(infra.db);
  const service = new CatalogService(repository);
  return {
    categoryNames: async () =>
      (await repository.listCategories()).filter((category) => category.parentId !== null),
    plugin: async (api) => {
      await api.register(catalogRoutes, { service });
    },
  };
}
