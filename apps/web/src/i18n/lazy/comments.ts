import { registerEnglish } from '../i18n';
import { comments } from '../locales/en/comments';

// The English `comments` texts travel with the modules that use them (ADR 0028).
registerEnglish('comments', comments);
