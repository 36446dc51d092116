import { i18n } from '../../i18n/i18n';
import { adminEn } from './locales/en';
import { adminZh } from './locales/zh';

/**
 * The `admin` namespace ships with the moderation console's chunk: importing
 * this module registers it (idempotent), so other users never load it.
 */
export const ADMIN_NS = 'admin';
export function registerAdminCatalog(): void {
  if (!i18n.hasResourceBundle('en', ADMIN_NS))
    i18n.addResourceBundle('en', ADMIN_NS, adminEn, true, true);
  if (!i18n.hasResourceBundle('zh', ADMIN_NS))
    i18n.addResourceBundle('zh', ADMIN_NS, adminZh, true, true);
}
registerAdminCatalog();
