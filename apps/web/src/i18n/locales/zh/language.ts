import type { TCatalog } from '../en';

export const language: TCatalog['language'] = {
  label: '语言',
  zh: '中文',
  en: 'English',
  switchSuccess: '语言已切换为中文。',
  switchFailed: '语言切换失败，请重试。',
};
