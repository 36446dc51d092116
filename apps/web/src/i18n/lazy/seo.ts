import { registerEnglish } from '../i18n';
import { seo } from '../locales/en/seo';

// The English `seo` texts travel with the modules that use them (ADR 0028).
registerEnglish('seo', seo);
