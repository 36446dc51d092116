import { registerEnglish } from '../i18n';
import { profile } from '../locales/en/profile';

// The English `profile` texts travel with the modules that use them (ADR 0028).
registerEnglish('profile', profile);
