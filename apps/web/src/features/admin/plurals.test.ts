import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en as shellEn } from '../../i18n/locales/en';
import { zh as shellZh } from '../../i18n/locales/zh';
import { aiEn } from '../ai/locales/en';
import { aiZh } from '../ai/locales/zh';
import { adminEn } from './locales/en';
import { adminZh } from './locales/zh';

/** Counts go through the plural rules (SPEC 9: zh and en): English has one/other, Chinese one form. */
async function translator(lng: 'en' | 'zh') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: {
      en: { ...shellEn, ai: aiEn, admin: adminEn },
      zh: { ...shellZh, ai: aiZh, admin: adminZh },
    },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

const COUNTED = [
  ['ai', 'start.cost', 'Costs 1 point', 'Costs 2 points'],
  ['ai', 'records.points', '1 point', '2 points'],
  ['ai', 'records.rerunBody', 'This costs 1 point.', 'This costs 2 points.'],
  ['admin', 'users.countWorks', '1 work', '2 works'],
  ['admin', 'users.countPosts', '1 post', '2 posts'],
  ['admin', 'users.countComments', '1 comment', '2 comments'],
  ['admin', 'words.count', '1 word', '2 words'],
  ['notifications', 'badge', '1 unread notification', '2 unread notifications'],
  ['collections', 'worksCount', '1 work', '2 works'],
  ['comments', 'moreReplies', 'Show 1 more reply', 'Show 2 more replies'],
] as const;

describe('counts in both languages', () => {
  it.each(COUNTED)('%s:%s says 1 and 2 in English', async (ns, key, one, two) => {
    const t = await translator('en');
    expect(t(key, { ns, count: 1 })).toBe(one);
    expect(t(key, { ns, count: 2 })).toBe(two);
  });

  it.each(COUNTED)('%s:%s is Chinese text with the number in Chinese', async (ns, key) => {
    const t = await translator('zh');
    const text = t(key, { ns, count: 2 });
    expect(text).toContain('2');
    expect(text).toMatch(/[\u4e00-\u9fff]/);
  });
});
