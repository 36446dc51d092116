import { api } from './api';
import { auth } from './auth';
import { collections } from './collections';
import { comments } from './comments';
import { common } from './common';
import { community } from './community';
import { feed } from './feed';
import { feedback } from './feedback';
import { home } from './home';
import { language } from './language';
import { legal } from './legal';
import { nav } from './nav';
import { notifications } from './notifications';
import { pages } from './pages';
import { preview } from './preview';
import { profile } from './profile';
import { publish } from './publish';
import { search } from './search';
import { seo } from './seo';
import { shell } from './shell';
import { social } from './social';
import { work } from './work';

/** English catalog: one namespace per file; zh mirrors every key. */
export const en = {
  api,
  auth,
  collections,
  comments,
  common,
  community,
  feed,
  feedback,
  home,
  language,
  legal,
  nav,
  notifications,
  pages,
  preview,
  profile,
  publish,
  search,
  seo,
  shell,
  social,
  work,
};
export type TCatalog = typeof en;
