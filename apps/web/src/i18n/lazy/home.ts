import { registerEnglish } from '../i18n';
import { home } from '../locales/en/home';

// The English `home` texts travel with the modules that use them (ADR 0028).
registerEnglish('home', home);
