import { createHmac } from 'node:crypto';
import type { TInfra, TModule } from '../../compose/module';
import type { TFilesModule } from '../files';
import type { TModerationModule } from '../moderation';
import { feedbackRoutes } from './feedback.routes';
import { FeedbackService } from './feedback.service';
import { FEEDBACK_PRUNE_INTERVAL_MS, VisitorUploadPruner } from './feedback-prune';

export type TFeedbackNeeds = {
  /** Its filter checks every message. */
  moderation: Pick<TModerationModule, 'words'>;
  /** Its uploads check and store the images; its records hold a user's `feedback` uploads. */
  files: Pick<TFilesModule, 'uploads' | 'records'>;
};

/**
 * Feedback from users and visitors (ADR 0048). A sender's address is kept
 * only as a keyed hash; visitors' images never sent are deleted after a day
 * (every instance may run it).
 */
export function feedbackModule(
  infra: Pick<TInfra, 'config' | 'db' | 'clock' | 'storage' | 'limiter' | 'authKeys' | 'log'>,
  needs: TFeedbackNeeds,
): TModule {
  const { db, clock, storage } = infra;
  const service = new FeedbackService({
    db,
    clock,
    words: needs.moderation.words,
    uploads: needs.files.uploads,
    files: needs.files.records,
    storage,
    publicUrl: infra.config.publicUrl,
    limiter: infra.limiter,
    ipHashKey: createHmac('sha256', infra.authKeys.hash).update('layerline:ip-hash').digest(),
  });
  const pruner = new VisitorUploadPruner({ db, storage, clock });
  return {
    plugin: async (api) => {
      await api.register(feedbackRoutes, { service });
      const pruneFeedback = setInterval(() => {
        pruner.prune().catch((error: unknown) => {
          infra.log.warn({ err: error }, 'feedback upload pruning failed');
        });
      }, FEEDBACK_PRUNE_INTERVAL_MS).unref();
      api.addHook('preClose', async () => clearInterval(pruneFeedback));
    },
  };
}
