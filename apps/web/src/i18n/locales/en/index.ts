import { api } from './api';
import { auth } from './auth';
import { common } from './common';
import { home } from './home';
import { language } from './language';
import { legal } from './legal';
import { nav } from './nav';
import { pages } from './pages';
import { profile } from './profile';
import { seo } from './seo';
import { shell } from './shell';

/** English catalog: one namespace per file; zh mirrors every key. */
export const en = { api, auth, common, home, language, legal, nav, pages, profile, seo, shell };
export type TCatalog = typeof en;
