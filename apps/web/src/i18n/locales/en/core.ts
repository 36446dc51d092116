import { api } from './api';
import { common } from './common';
import { language } from './language';
import { nav } from './nav';
import { notifications } from './notifications';
import { search } from './search';
import { shell } from './shell';

/**
 * The English texts of the shell, in the home's first load (ADR 0028).
 * The other namespaces are registered by the modules that use them
 * (i18n/lazy/); the Chinese catalog stays whole, a chunk of its own.
 */
export const enCore = {
  api,
  common,
  language,
  nav,
  notifications,
  search,
  shell,
};
