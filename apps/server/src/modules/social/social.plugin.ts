import type { TInfra, TModule } from '../../compose/module';
import type { TNotificationsModule } from '../notifications';
import { socialRoutes } from './social.routes';
import { SocialService } from './social.service';
import { SocialStateReader } from './social-state';

export type TSocialNeeds = {
  /** A like, favourite or follow notifies the owner in its transaction (ADR 0006). */
  notifications: Pick<TNotificationsModule, 'service'>;
};

export type TSocialModule = TModule<{
  /** is_like, is_favor and follow states for every list and detail that shows works. */
  state: SocialStateReader;
}>;

/** Likes, favourites and follows (ADR 0006, 0010, 0048). */
export function socialModule(
  infra: Pick<TInfra, 'db' | 'limiter' | 'userLimits'>,
  needs: TSocialNeeds,
): TSocialModule {
  const { db, limiter } = infra;
  const social = new SocialService({
    db,
    notifications: needs.notifications.service,
    limiter,
    toggleLimit: infra.userLimits.socialToggles,
  });
  return {
    state: new SocialStateReader(db),
    plugin: async (api) => {
      api.addHook('onClose', async () => social.close());
      await api.register(socialRoutes, { service: social });
    },
  };
}
