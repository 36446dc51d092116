import { describe, expect, it } from 'vitest';
import { api as en } from '../../i18n/locales/en/api';
import { api as zh } from '../../i18n/locales/zh/api';
import { createCatalogTranslator } from './messages';

describe('api catalogs', () => {
  it('keep zh and en at parity', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('quote SPEC 8 word for word in English', () => {
    expect(en).toMatchObject({
      networkError: 'Backend interface connection exception',
      timeout: 'System interface request timeout',
      statusError: 'System interface {{status}} exception',
      operationFailed: 'Operation Failed, Please Try Again',
      sessionExpired: 'Your login session has expired. Please log in again',
      sessionExpiredTitle: 'Login has expired',
      cancelled: 'Request cancelled',
    });
  });

  it('keep every interpolation placeholder in the translation', () => {
    const placeholders = (text: string) => text.match(/\{\{\w+\}\}/g) ?? [];
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      expect(placeholders(zh[key]), key).toEqual(placeholders(en[key]));
    }
  });
});

describe('createCatalogTranslator', () => {
  it('translates by the current locale with {{name}} interpolation', () => {
    let locale: 'zh' | 'en' = 'en';
    const t = createCatalogTranslator(() => locale);
    expect(t('api.statusError', { status: 502 })).toBe('System interface 502 exception');
    locale = 'zh';
    expect(t('api.statusError', { status: 502 })).toBe('系统接口502异常');
    expect(t('api.networkError')).toBe('后端接口连接异常');
  });
});
