import type { TInfra, TModule } from '../../compose/module';
import type { SocialReader } from '../../kernel/card.mapper';
import { CollectionsRepository } from './collections.repository';
import { collectionsRoutes } from './collections.routes';
import { CollectionsService } from './collections.service';

export type TCollectionsNeeds = {
  /** Its reader gives the viewer's likes on collection cards. */
  social: { state: SocialReader };
};

/** SPEC 2 curated collections (ADR 0048). */
export function collectionsModule(infra: Pick<TInfra, 'db'>, needs: TCollectionsNeeds): TModule {
  const service = new CollectionsService(new CollectionsRepository(infra.db), needs.social.state);
  return {
    plugin: async (api) => {
      await api.register(collectionsRoutes, { service });
    },
  };
}
