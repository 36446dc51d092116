import type { TInfra, TModule } from '../../compose/module';
import { BannersRepository } from './banners.repository';
import { bannersRoutes } from './banners.routes';
import { BannersService } from './banners.service';

export type TBannersModule = TModule<{
  /** The home's carousel, whose first image the web app's boot shell shows (ADR 0030). */
  service: BannersService;
}>;

/** SPEC 2 home carousel and banners (ADR 0048). */
export function bannersModule(infra: Pick<TInfra, 'db'>): TBannersModule {
  const banners = new BannersService(new BannersRepository(infra.db));
  return {
    service: banners,
    plugin: async (api) => {
      await api.register(bannersRoutes, { service: banners });
    },
  };
}
