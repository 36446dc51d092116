import type { TInfra, TModule } from '../../compose/module';
import { appealsRoutes } from './appeals.routes';
import { AppealsService } from './appeals.service';

/** An owner's appeal of a rejected work (ADR 0014, 0048). */
export function appealsModule(infra: Pick<TInfra, 'db' | 'clock'>): TModule {
  const service = new AppealsService({ db: infra.db, clock: infra.clock });
  return {
    plugin: async (api) => {
      await api.register(appealsRoutes, { service });
    },
  };
}
