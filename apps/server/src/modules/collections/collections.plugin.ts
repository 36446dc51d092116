import type { TInfra, TModule } from '../../compose/module';
import type { SocialReader } from '../../kernel/card.mapper';
import { CollectionsRepository } from './collections.repository';
import { collectionsRoutes } from './collections.routes';
import { CollectionsService } from './collections.service';

export type TCollectionsNeeds = {
  /** The viewer's likes on collection cards (the social module's reader). */
  social: SocialReader;
};

/** SPEC 2 curated collections (ADR 0048). */
export function collectionsModule(infra: Pick<TInfra, 'db'>, needs: TCollectionsNeeds): TModule {
  const service = new CollectionsService(new CollectionsRepository(infra.db), needs.social);
  return {
    plugin: async (api) => {
      await api.register(collectionsRoutes, { service });
    },
  };
}
