import { ZWorkListResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { MAKER_GLOSSARY } from './glossary.data';
import { buildDocument } from './search-document';
import { glossaryTranslations } from './search-glossary';
import { SearchIndexer } from './search-indexer';
import { foldText } from './search-text';

describe('the maker glossary (ADR 0020)', () => {
  it('holds a few hundred distinct pairs, English folded, Chinese present', () => {
    expect(MAKER_GLOSSARY.length).toBeGreaterThanOrEqual(300);
    const keys = MAKER_GLOSSARY.map(([en, zh]) => `${en}|${zh}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [en, zh] of MAKER_GLOSSARY) {
      expect(foldText(en)).toBe(en);
      expect(zh).toMatch(/\p{Script=Han}/u);
    }
  });

  it('translates English words (by stem) and phrases to Chinese', () => {
    expect(glossaryTranslations('Twisted vase')).toEqual(expect.arrayContaining(['花瓶']));
    expect(glossaryTranslations('Engraved slate coasters')).toEqual(
      expect.arrayContaining(['雕刻', '石板', '杯垫']),
    );
    expect(glossaryTranslations('A phone case for kids')).toEqual(
      expect.arrayContaining(['手机壳', '儿童']),
    );
    expect(glossaryTranslations('Dragon keychain')).toEqual(expect.arrayContaining(['钥匙扣']));
  });

  it('translates Chinese terms anywhere in a run to English', () => {
    expect(glossaryTranslations('波纹花瓶')).toEqual(expect.arrayContaining(['vase']));
    expect(glossaryTranslations('可爱亚克力钥匙扣')).toEqual(
      expect.arrayContaining(['keychain', 'acrylic']),
    );
    expect(glossaryTranslations('胡桃木杯垫激光雕刻')).toEqual(
      expect.arrayContaining(['walnut', 'coaster', 'laser engraving', 'engraving']),
    );
    expect(glossaryTranslations('nothing to see')).toEqual([]);
  });

  it('adds translations at weight D, and never a second weight to a word the work has', () => {
    const english = buildDocument([{ text: 'Twisted vase', weight: 'A' }]);
    expect(english).toMatch(/'花瓶':\d+D/);
    expect(english).toMatch(/'vase':2A(?!,)/);
    const both = buildDocument([{ text: '波纹花瓶 Wave vase', weight: 'A' }]);
    expect(both).toMatch(/'花瓶':\d+A /);
    expect(both).not.toMatch(/'花瓶':[^ ]*D/);
    expect(both).not.toMatch(/'vase':[^ ]*D/);
  });
});

describe('searching across languages (ADR 0020)', () => {
  let t: TTestApp;

  const titlesOf = async (text: string) => {
    const url = `/api/v1/works/home?query=${encodeURIComponent(text)}`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return ZWorkListResponse.parse(res.json()).data.map((card) => card.title);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const author = await createUser(t.db, { nickname: 'Glossary Maker' });
    const work = (title: string, extra: Parameters<typeof createWork>[1] = {}) =>
      createWork(t.db, { title, userId: author.id, publishedAt: new Date(), ...extra });
    // The Chinese works are the newest, so recency cannot be what ranks them last.
    const old = new Date(Date.now() - 30 * 24 * 3_600_000);
    await work('Twisted nine-lobe vase', { publishedAt: old });
    await work('Bud holder', { tags: ['vase'], publishedAt: old });
    await work('陶瓷花瓶');
    await work('Walnut coaster set', { publishedAt: old });
    await work('亚克力钥匙扣');
    await work('Dragon keychain', { publishedAt: old });
    await work('激光雕刻相框');
    await work('Photo engraving on slate', { publishedAt: old });
    await work('蝴蝶书签');
    await new SearchIndexer(t.db).refresh();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('finds Chinese works by English words, below the English works', async () => {
    expect(await titlesOf('vase')).toEqual(['Twisted nine-lobe vase', 'Bud holder', '陶瓷花瓶']);
    expect(await titlesOf('keychain')).toEqual(['Dragon keychain', '亚克力钥匙扣']);
    expect(await titlesOf('engraving')).toEqual(['Photo engraving on slate', '激光雕刻相框']);
  });

  it('finds English works by Chinese words, below the Chinese works', async () => {
    const vases = await titlesOf('花瓶');
    expect(vases[0]).toBe('陶瓷花瓶');
    expect(vases.slice(1).sort()).toEqual(['Bud holder', 'Twisted nine-lobe vase']);
    expect(await titlesOf('钥匙扣')).toEqual(['亚克力钥匙扣', 'Dragon keychain']);
    expect(await titlesOf('雕刻')).toEqual(['激光雕刻相框', 'Photo engraving on slate']);
    expect(await titlesOf('杯垫')).toEqual(['Walnut coaster set']);
  });

  it('keeps every word of a search required, whichever language matched it', async () => {
    expect(await titlesOf('walnut 杯垫')).toEqual(['Walnut coaster set']);
    expect(await titlesOf('dragon 花瓶')).toEqual([]);
    expect(await titlesOf('bookmark')).toEqual(['蝴蝶书签']);
  });
});
