import { i18n } from '../../i18n/i18n';
import { aiEn } from './locales/en';
import { aiZh } from './locales/zh';

/**
 * The `ai` namespace ships with the AI page's chunk, not the home page's
 * first load: importing this module registers it (idempotent).
 */
export const AI_NS = 'ai';
export function registerAiCatalog(): void {
  if (!i18n.hasResourceBundle('en', AI_NS)) i18n.addResourceBundle('en', AI_NS, aiEn, true, true);
  if (!i18n.hasResourceBundle('zh', AI_NS)) i18n.addResourceBundle('zh', AI_NS, aiZh, true, true);
}
registerAiCatalog();
