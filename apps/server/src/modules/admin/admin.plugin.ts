import type { TInfra, TModule } from '../../compose/module';
import type { TAuthModule } from '../auth';
import type { TCommentsModule } from '../comments';
import type { TCommunityModule } from '../community';
import type { TModerationModule } from '../moderation';
import { adminRoutes } from './admin.routes';
import { AdminService } from './admin.service';
import { AdminQueuesService } from './admin-queues.service';

export type TAdminNeeds = {
  /** The console's word list, and moderation_actions for the console's audit log. */
  moderation: Pick<TModerationModule, 'sensitiveWords' | 'audit'>;
  /** Recent posts, deleted by a moderator. */
  community: Pick<TCommunityModule, 'service'>;
  /** Recent comments, deleted by a moderator. */
  comments: Pick<TCommentsModule, 'service'>;
  /** Sessions read again after a suspension or role change (ADR 0050). */
  auth: Pick<TAuthModule, 'tokens'>;
};

/** How often suspensions past their end are lifted. */
const SUSPENSION_SWEEP_MS = 60_000;

/** The moderation console's API, /admin/... (ADR 0014, 0048). */
export function adminModule(
  infra: Pick<TInfra, 'config' | 'db' | 'clock' | 'limiter'>,
  needs: TAdminNeeds,
): TModule {
  const { db, clock } = infra;
  const service = new AdminService({
    db,
    clock,
    limiter: infra.limiter,
    sessions: needs.auth.tokens,
  });
  const queues = new AdminQueuesService({ db, clock });
  return {
    plugin: async (api) => {
      await api.register(adminRoutes, {
        service,
        queues,
        words: needs.moderation.sensitiveWords,
        community: needs.community.service,
        comments: needs.comments.service,
        audit: needs.moderation.audit,
        aiProviders: infra.config.aiProviders,
      });
      // Suspensions with an end are lifted (and audited) within a minute of it.
      const sweep = setInterval(() => {
        service.liftExpired().catch(() => undefined);
      }, SUSPENSION_SWEEP_MS).unref();
      api.addHook('preClose', async () => clearInterval(sweep));
    },
  };
}
