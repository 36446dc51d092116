import 'i18next';
import type { adminEn } from '../features/admin/locales/en';
import type { aiEn } from '../features/ai/locales/en';
import type { en } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    /**
     * `ai` and `admin` are registered when the AI page's and the moderation
     * console's chunks load (features/ai/i18n.ts, features/admin/i18n.ts).
     */
    resources: typeof en & { ai: typeof aiEn; admin: typeof adminEn };
    returnNull: false;
    defaultVariables: { product: string };
  }
}
