import type { TInfra, TModule } from '../../compose/module';
import type { TNotificationsModule } from '../notifications';
import type { TPointsModule } from '../points';
import { AuditLog } from './audit-log';
import { moderationRoutes } from './moderation.routes';
import { ModerationService } from './moderation.service';
import { loadSensitiveWords, SensitiveWordFilter } from './sensitive-words';
import { SensitiveWordsService } from './sensitive-words.service';

export type TModerationNeeds = {
  /** A review decision reaches the owner as a system message. */
  notifications: Pick<TNotificationsModule, 'service'>;
  /** SPEC 1 task "first work published": an approval can be that moment. */
  points: Pick<TPointsModule, 'service'>;
};

export type TModerationModule = TModule<{
  /** Every text users write is checked against it (works, comments, posts, feedback, AI prompts). */
  words: SensitiveWordFilter;
  /** The console's words (table sensitive_words), for the admin module. */
  sensitiveWords: SensitiveWordsService;
  /** moderation_actions: every moderator action (ADR 0014). */
  audit: AuditLog;
}>;

/**
 * Review decisions and the sensitive-word filter (ADR 0014, 0048): the
 * built-in words and SENSITIVE_WORDS_FILE, joined by the console's words,
 * which an edit reloads on every instance.
 */
export async function moderationModule(
  infra: Pick<TInfra, 'config' | 'db' | 'clock' | 'events' | 'log'>,
  needs: TModerationNeeds,
): Promise<TModerationModule> {
  const { db, clock } = infra;
  const builtinWords = await loadSensitiveWords(infra.config.sensitiveWordsFile);
  const words = new SensitiveWordFilter(builtinWords);
  const sensitiveWords = new SensitiveWordsService({
    db,
    clock,
    filter: words,
    builtin: builtinWords,
    events: infra.events,
    log: infra.log,
  });
  const service = new ModerationService({
    db,
    clock,
    notifications: needs.notifications.service,
    points: needs.points.service,
  });
  return {
    words,
    sensitiveWords,
    audit: new AuditLog(db),
    plugin: async (api) => {
      await sensitiveWords.start();
      api.addHook('onClose', async () => sensitiveWords.stop());
      await api.register(moderationRoutes, { service });
    },
  };
}
