import { registerEnglish } from '../i18n';
import { legal } from '../locales/en/legal';

// The English `legal` texts travel with the modules that use them (ADR 0028).
registerEnglish('legal', legal);
