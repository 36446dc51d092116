import 'i18next';
import type { aiEn } from '../features/ai/locales/en';
import type { en } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    /** `ai` is registered when the AI page's chunk loads (features/ai/i18n.ts). */
    resources: typeof en & { ai: typeof aiEn };
    returnNull: false;
    defaultVariables: { product: string };
  }
}
