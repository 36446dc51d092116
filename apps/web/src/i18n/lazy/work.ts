import { registerEnglish } from '../i18n';
import { work } from '../locales/en/work';

// The English `work` texts travel with the modules that use them (ADR 0028).
registerEnglish('work', work);
