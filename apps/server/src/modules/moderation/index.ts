/** The moderation module's public face (ADR 0047): what other modules and the composition may use. */
export { AuditLog } from './audit-log';
export { moderationModule, type TModerationModule } from './moderation.plugin';
export {
  DEFAULT_SENSITIVE_WORDS,
  loadSensitiveWords,
  SensitiveWordFilter,
} from './sensitive-words';
export type { SensitiveWordsService } from './sensitive-words.service';
