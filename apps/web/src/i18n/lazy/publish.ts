import { registerEnglish } from '../i18n';
import { publish } from '../locales/en/publish';

// The English `publish` texts travel with the modules that use them (ADR 0028).
registerEnglish('publish', publish);
