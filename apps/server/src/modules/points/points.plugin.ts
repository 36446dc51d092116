import type { TInfra, TModule } from '../../compose/module';
import { pointsRoutes } from './points.routes';
import { PointsService } from './points.service';

export type TPointsModule = TModule<{
  /** SPEC 1 points: tasks are credited in the transaction of the change that earns them. */
  service: PointsService;
}>;

/** The points ledger, daily allowance and tasks (ADR 0011, 0048). */
export function pointsModule(infra: Pick<TInfra, 'db' | 'clock' | 'config'>): TPointsModule {
  const points = new PointsService({
    db: infra.db,
    clock: infra.clock,
    config: infra.config.points,
  });
  return {
    service: points,
    plugin: async (api) => {
      await api.register(pointsRoutes, { service: points });
    },
  };
}
