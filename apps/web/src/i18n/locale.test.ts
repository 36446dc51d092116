import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  detectLocale,
  htmlLang,
  LOCALE_STORAGE_KEY,
  readStoredLocale,
  storeLocale,
} from './locale';

function browserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('detectLocale (SPEC 4 Language)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prefers a supported stored locale over the browser', () => {
    browserLanguages(['en-US']);
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'zh');
    expect(detectLocale()).toBe('zh');
  });

  it('ignores an unsupported stored value and uses the browser language prefix', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'fr');
    browserLanguages(['zh-TW', 'en']);
    expect(detectLocale()).toBe('zh');
  });

  it('takes the first supported browser language', () => {
    browserLanguages(['de-DE', 'zh-CN', 'en']);
    expect(detectLocale()).toBe('zh');
  });

  it('falls back to en when nothing is supported', () => {
    browserLanguages(['fr-FR', 'de']);
    expect(detectLocale()).toBe('en');
  });

  it('falls back to en when the browser reports no language', () => {
    browserLanguages([]);
    expect(detectLocale()).toBe('en');
  });

  it('stores the choice under the SPEC 3 key "locale"', () => {
    storeLocale('zh');
    expect(window.localStorage.getItem('locale')).toBe('zh');
    expect(readStoredLocale()).toBe('zh');
  });

  it('maps locales to the html lang attribute', () => {
    expect(htmlLang('zh')).toBe('zh-CN');
    expect(htmlLang('en')).toBe('en');
  });
});
