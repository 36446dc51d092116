import { registerEnglish } from '../i18n';
import { feedback } from '../locales/en/feedback';

// The English `feedback` texts travel with the modules that use them (ADR 0028).
registerEnglish('feedback', feedback);
