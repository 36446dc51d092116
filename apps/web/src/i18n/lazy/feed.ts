import { registerEnglish } from '../i18n';
import { feed } from '../locales/en/feed';

// The English `feed` texts travel with the modules that use them (ADR 0028).
registerEnglish('feed', feed);
