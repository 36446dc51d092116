import { registerEnglish } from '../i18n';
import { community } from '../locales/en/community';

// The English `community` texts travel with the modules that use them (ADR 0028).
registerEnglish('community', community);
