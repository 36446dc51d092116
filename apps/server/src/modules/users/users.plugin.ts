import type { TInfra, TModule } from '../../compose/module';
import type { SocialReader } from '../../kernel/card.mapper';
import type { TFilesModule } from '../files';
import type { TPointsModule } from '../points';
import { ProfileRepository } from './profile.repository';
import { profileRoutes } from './profile.routes';
import { ProfileService } from './profile.service';
import { UsersRepository } from './users.repository';
import { usersRoutes } from './users.routes';
import { UsersService } from './users.service';

export type TUsersNeeds = {
  /** getinfo's live balance; a completed profile earns SPEC 1's task. */
  points: Pick<TPointsModule, 'service'>;
  /** Its records: an avatar must be the user's own avatar upload. */
  files: Pick<TFilesModule, 'records'>;
  /** Its reader gives the follow states on public profiles. */
  social: { state: SocialReader };
};

/** The signed-in user's profile and makers' public profiles (ADR 0048). */
export function usersModule(
  infra: Pick<TInfra, 'config' | 'db' | 'storage' | 'clock'>,
  needs: TUsersNeeds,
): TModule {
  const { db } = infra;
  const users = new UsersService({
    db,
    points: needs.points.service,
    repository: new UsersRepository(db),
    files: needs.files.records,
    storage: infra.storage,
    clock: infra.clock,
    publicUrl: infra.config.publicUrl,
  });
  const profiles = new ProfileService(new ProfileRepository(db), needs.social.state);
  return {
    plugin: async (api) => {
      await api.register(usersRoutes, { service: users });
      await api.register(profileRoutes, { service: profiles });
    },
  };
}
