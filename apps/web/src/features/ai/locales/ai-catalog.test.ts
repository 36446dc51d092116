import { describe, expect, it } from 'vitest';
import { aiEn } from './en';
import { aiZh } from './zh';

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key))
        out.set(path, leaf);
  } else out.set(prefix, value);
  return out;
}

const variables = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort() : [];

/** SPEC 9 zh and en: the AI page's own namespace, loaded with its chunk. */
describe('ai catalog', () => {
  const en = leaves(aiEn);
  const zh = leaves(aiZh);

  it('has the same keys, no empty texts and the same variables in both languages', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
    const empty = [...en, ...zh].filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    expect(empty).toEqual([]);
    const mismatched = [...en.keys()].filter(
      (key) => variables(en.get(key)).join() !== variables(zh.get(key)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('is Chinese in Chinese', () => {
    const untranslated = [...en.keys()].filter(
      (key) =>
        /[a-z]{4,}/i.test(String(en.get(key)).replace(/{{\s*\w+\s*}}/g, '')) &&
        en.get(key) === zh.get(key),
    );
    // Proper names of dithering methods are the same in both languages.
    expect(untranslated.filter((key) => !key.startsWith('choices.dither.'))).toEqual([]);
  });
});
