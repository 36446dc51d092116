import type { TInfra, TModule } from '../../compose/module';
import type { TFilesModule } from '../files';
import type { TModerationModule } from '../moderation';
import type { TNotificationsModule } from '../notifications';
import type { TPointsModule } from '../points';
import type { TSearchModule } from '../search';
import { communityRoutes } from './community.routes';
import { CommunityService } from './community.service';
import { PostDocumentRefresher } from './post-document';

export type TCommunityNeeds = {
  /** Its filter checks every post. */
  moderation: Pick<TModerationModule, 'words'>;
  /** Likes and comments notify in their transaction (ADR 0006). */
  notifications: Pick<TNotificationsModule, 'service'>;
  /** Its records: images are the author's own `post` uploads. */
  files: Pick<TFilesModule, 'records'>;
  /** Its matcher: search text to a tsquery, the works' tokenizer and typo tolerance. */
  search: Pick<TSearchModule, 'createMatcher'>;
  /** SPEC 1 task "first community post", credited in the posting transaction. */
  points: Pick<TPointsModule, 'service'>;
};

export type TCommunityModule = TModule<{
  /** The console lists and deletes posts through it (the admin module's). */
  service: CommunityService;
}>;

/**
 * ADR 0013 community posts; their comments are the comments module's (ADR
 * 0048). Post search documents of an older tokenizer version (or none, as
 * seeded) are rebuilt at start.
 */
export function communityModule(
  infra: Pick<TInfra, 'config' | 'db' | 'clock' | 'storage' | 'limiter' | 'userLimits' | 'log'>,
  needs: TCommunityNeeds,
): TCommunityModule {
  const { db } = infra;
  const community = new CommunityService({
    db,
    clock: infra.clock,
    words: needs.moderation.words,
    notifications: needs.notifications.service,
    files: needs.files.records,
    storage: infra.storage,
    publicUrl: infra.config.publicUrl,
    matcher: needs.search.createMatcher(),
    limiter: infra.limiter,
    toggleLimit: infra.userLimits.socialToggles,
    points: needs.points.service,
  });
  const postDocuments = new PostDocumentRefresher(db, infra.log);
  return {
    service: community,
    plugin: async (api) => {
      api.addHook('onClose', async () => community.close());
      api.addHook('onReady', async () => postDocuments.start());
      // preClose: before the database handle closes in onClose.
      api.addHook('preClose', async () => {
        await postDocuments.stop();
      });
      await api.register(communityRoutes, { service: community });
    },
  };
}
