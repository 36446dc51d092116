import type { TInfra, TModule } from '../../compose/module';
import type { TLimit } from '../../lib/limiter/limiter';
import type { TModerationModule } from '../moderation';
import type { TNotificationsModule } from '../notifications';
import { commentsRoutes } from './comments.routes';
import { CommentsService } from './comments.service';

export type TCommentsNeeds = {
  /** Its filter checks every comment. */
  moderation: Pick<TModerationModule, 'words'>;
  /** A comment or reply notifies in its transaction (ADR 0006). */
  notifications: Pick<TNotificationsModule, 'service'>;
  /** Comments per user and window (DEFAULT_COMMENT_LIMIT when absent). */
  limit?: TLimit;
};

export type TCommentsModule = TModule<{
  /** The console deletes any comment through it (the admin module's). */
  service: CommentsService;
}>;

/** Comments on works and posts, one level of replies (ADR 0006, 0013, 0048). */
export function commentsModule(
  infra: Pick<TInfra, 'db' | 'clock' | 'limiter'>,
  needs: TCommentsNeeds,
): TCommentsModule {
  const comments = new CommentsService({
    db: infra.db,
    clock: infra.clock,
    limiter: infra.limiter,
    words: needs.moderation.words,
    notifications: needs.notifications.service,
    limit: needs.limit,
  });
  return {
    service: comments,
    plugin: async (api) => {
      await api.register(commentsRoutes, { service: comments });
    },
  };
}
