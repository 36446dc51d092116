import { registerEnglish } from '../i18n';
import { social } from '../locales/en/social';

// The English `social` texts travel with the modules that use them (ADR 0028).
registerEnglish('social', social);
