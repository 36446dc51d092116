import { registerEnglish } from '../i18n';
import { preview } from '../locales/en/preview';

// The English `preview` texts travel with the modules that use them (ADR 0028).
registerEnglish('preview', preview);
