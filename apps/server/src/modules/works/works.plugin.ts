import type { TInfra, TModule } from '../../compose/module';
import type { SocialReader } from '../../kernel/card.mapper';
import type { TFilesModule } from '../files';
import type { TPointsModule } from '../points';
import type { TSearchModule } from '../search';
import { WorksRepository } from './works.repository';
import { worksRoutes } from './works.routes';
import { WorksService } from './works.service';
import { WorksDownloadService } from './works-download.service';
import type { TWordCheck } from './works-input';

export type TWorksNeeds = {
  /** SPEC 1 task "first work published", credited in the publishing transaction. */
  points: Pick<TPointsModule, 'service'>;
  /** Its reader: is_like, is_favor, follows and their counts. */
  social: { state: SocialReader };
  /** Its indexer rebuilds search documents in the transaction that saved the work. */
  search: Pick<TSearchModule, 'indexer'>;
  /** Its records (a work names only its author's files), covers drawn and URLs signed. */
  files: Pick<TFilesModule, 'records' | 'covers' | 'signer'>;
  /** Its sensitive-word filter checks every text of a work (406). */
  moderation: { words: TWordCheck };
};

export type TWorksModule = TModule<{
  /** The share tags of /work/{id} in the web app's HTML. */
  service: WorksService;
}>;

/** Works: publish, detail, lists, review states, downloads (ADR 0005, 0009, 0048). */
export function worksModule(
  infra: Pick<TInfra, 'config' | 'db' | 'storage' | 'clock' | 'limiter' | 'userLimits'>,
  needs: TWorksNeeds,
): TWorksModule {
  const { config, storage, clock, limiter } = infra;
  const repository = new WorksRepository(infra.db);
  const works = new WorksService({
    db: infra.db,
    repository,
    files: needs.files.records,
    storage,
    words: needs.moderation.words,
    publicUrl: config.publicUrl,
    clock,
    reviewMode: config.reviewMode,
    social: needs.social.state,
    searchIndex: needs.search.indexer,
    covers: needs.files.covers,
    limiter,
    saveLimit: infra.userLimits.workSaves,
    fileSigner: needs.files.signer,
    points: needs.points.service,
  });
  const downloads = new WorksDownloadService({
    db: infra.db,
    repository,
    storage,
    clock,
    limiter,
    limit: infra.userLimits.downloads,
  });
  return {
    service: works,
    plugin: async (api) => {
      await api.register(worksRoutes, { service: works, downloads });
    },
  };
}
