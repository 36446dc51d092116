import type { TLocale } from '@layerline/contract';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';

/** Ant Design's own texts (pagination, empty states, modals) per language. */
export const ANTD_LOCALES: Record<TLocale, Locale> = { en: enUS, zh: zhCN };
