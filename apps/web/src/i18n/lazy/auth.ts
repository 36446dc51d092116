import { registerEnglish } from '../i18n';
import { auth } from '../locales/en/auth';

// The English `auth` texts travel with the modules that use them (ADR 0028).
registerEnglish('auth', auth);
