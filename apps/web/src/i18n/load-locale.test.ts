import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { en } from './locales/en';

describe('loadLocale', () => {
  it('adds the Chinese catalog on demand and resolves a page that started in Chinese', async () => {
    // A fresh module graph: the shared test set-up has added Chinese already.
    vi.resetModules();
    const instance = i18next.createInstance();
    vi.doMock('i18next', () => ({ default: instance }));
    const { i18n, initI18n, loadLocale, currentLocale } = await import('./i18n');
    initI18n('zh');
    expect(i18n.hasResourceBundle('zh', 'common')).toBe(false);
    expect(currentLocale()).toBe('en');

    await loadLocale('zh');
    expect(i18n.hasResourceBundle('zh', 'common')).toBe(true);
    expect(currentLocale()).toBe('zh');
    expect(i18n.t('nav:discover')).not.toBe(en.nav.discover);

    await i18n.changeLanguage('en');
    expect(i18n.t('nav:discover')).toBe(en.nav.discover);
    vi.doUnmock('i18next');
  });
});
