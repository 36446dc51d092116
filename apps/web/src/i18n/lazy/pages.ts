import { registerEnglish } from '../i18n';
import { pages } from '../locales/en/pages';

// The English `pages` texts travel with the modules that use them (ADR 0028).
registerEnglish('pages', pages);
