import { registerEnglish } from '../i18n';
import { collections } from '../locales/en/collections';

// The English `collections` texts travel with the modules that use them (ADR 0028).
registerEnglish('collections', collections);
