import { MESSAGES } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { adminEn } from '../features/admin/locales/en';
import { adminZh } from '../features/admin/locales/zh';
import { aiEn } from '../features/ai/locales/en';
import { aiZh } from '../features/ai/locales/zh';
import { en as shellEn } from './locales/en';
import { zh as shellZh } from './locales/zh';

// The AI page's and the console's namespaces ship with their chunks (features/ai/i18n.ts,
// features/admin/i18n.ts) but follow the same rules.
const en = { ...shellEn, ai: aiEn, admin: adminEn };
const zh = { ...shellZh, ai: aiZh, admin: adminZh };

/** Every leaf of a catalog as 'namespace.path.to.key' -> value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key))
        out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const variables = (text: unknown) =>
  typeof text === 'string'
    ? [...new Set([...text.matchAll(/{{\s*(\w+)/g)].map((match) => match[1]))].sort()
    : [];

describe('i18n catalogs (SPEC 9: zh and en)', () => {
  const enLeaves = leaves(en);
  const zhLeaves = leaves(zh);

  it('has the same namespaces in both languages', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('has every English key in Chinese', () => {
    expect([...enLeaves.keys()].filter((key) => !zhLeaves.has(key))).toEqual([]);
  });

  it('has every Chinese key in English', () => {
    expect([...zhLeaves.keys()].filter((key) => !enLeaves.has(key))).toEqual([]);
  });

  it('has no empty or non-string values', () => {
    const bad = [...enLeaves, ...zhLeaves].filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(bad).toEqual([]);
  });

  it('uses the same interpolation variables in both languages', () => {
    const mismatched = [...enLeaves.keys()].filter(
      (key) => variables(enLeaves.get(key)).join() !== variables(zhLeaves.get(key)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('has the AI page in Chinese, not English text copied over', () => {
    const untranslated = [...leaves(aiEn, 'ai')].filter(
      ([key, value]) =>
        /[a-z]{4,}/i.test(String(value).replace(/{{\s*\w+\s*}}/g, '')) &&
        value === zhLeaves.get(key) &&
        // Proper names of the dithering methods are the same in both languages.
        !key.startsWith('ai.choices.dither.'),
    );
    expect(untranslated).toEqual([]);
  });

  it('has the search texts in the server words (SPEC 8), written out (ADR 0028)', () => {
    for (const [catalog, locale] of [
      [en, 'en'],
      [zh, 'zh'],
    ] as const) {
      expect(catalog.search.tooLong).toBe(MESSAGES[locale].searchTextTooLong);
      expect(catalog.search.deleted).toBe(MESSAGES[locale].searchRecordDeleted);
      expect(catalog.search.cleared).toBe(MESSAGES[locale].searchRecordsCleared);
    }
  });
});
