import { describe, expect, it } from 'vitest';
import { buildDocument } from './search-document';
import { buildQuery } from './search-query';
import { documentTokens, foldText, queryTerms, quoteLexeme, vocabularyOf } from './search-text';

describe('foldText', () => {
  it('drops accents and case and makes full-width letters ASCII', () => {
    expect(foldText('Café CRÈME Ｌａｓｅｒ')).toBe('cafe creme laser');
  });

  it('leaves Chinese and Korean as they are', () => {
    expect(foldText('激光雕刻 한국어')).toBe('激光雕刻 한국어');
  });
});

describe('documentTokens', () => {
  it('indexes every character and pair of a Chinese run, and its longer words', () => {
    const tokens = documentTokens('可爱小猫钥匙扣');
    expect(tokens).toEqual(expect.arrayContaining(['小猫', '可爱', '钥匙', '匙扣', '猫', '扣']));
  });

  it('splits latin words on punctuation and drops function words', () => {
    expect(documentTokens('The Laser-cut coaster, for 3D printers')).toEqual([
      'laser',
      'cut',
      'coaster',
      '3d',
      'printers',
      'printer',
    ]);
  });

  it('puts an English word and its stem at one position', () => {
    // Then the glossary's Chinese words at weight D (ADR 0020).
    expect(buildDocument([{ text: 'Slate coasters', weight: 'A' }])).toMatch(
      /^'slate':1A 'coasters':2A 'coaster':2A '石':3D /,
    );
  });

  it('keeps mixed text in order', () => {
    expect(documentTokens('UV打印')).toEqual(['uv', '打', '印', '打印']);
  });
});

describe('buildDocument', () => {
  it('gives each lexeme its positions and field weight', () => {
    const document = buildDocument([
      { text: 'Cat cat', weight: 'A' },
      { text: 'cat toy', weight: 'D' },
    ]);
    expect(document).toMatch(/^'cat':1A,2A,3D 'toy':4D '猫':5D /);
  });

  it('quotes apostrophes and backslashes', () => {
    expect(quoteLexeme("it's\\")).toBe("'it''s\\\\'");
  });
});

describe('queries', () => {
  it('turns a long Chinese word into its pairs as an alternative', () => {
    const terms = queryTerms('激光雕刻');
    expect(buildQuery(terms)).toBe("'激光' & '雕刻'");
    // ICU splits 亚克力 into single characters: they are joined again into pairs.
    expect(buildQuery(queryTerms('亚克力'))).toBe("('亚克力' | ('亚克' & '克力'))");
    expect(buildQuery(queryTerms('猫钥匙'))).toBe("'猫' & '钥匙'");
  });

  it('matches latin words as prefixes from 3 characters and adds alternatives', () => {
    const terms = queryTerms('Keychian 3d');
    expect(buildQuery(terms, new Map([['keychian', ['keychain']]]))).toBe(
      "('keychian':* | 'keychain') & '3d'",
    );
  });

  it('matches the stem of an English word whole, beside the word as a prefix', () => {
    expect(buildQuery(queryTerms('Engraving boxes'))).toBe(
      "('engraving':* | 'engrav') & ('boxes':* | 'box')",
    );
    expect(buildQuery(queryTerms('coast'))).toBe("'coast':*");
  });

  it('spells a prefix out as the indexed words it starts (ADR 0024)', () => {
    const terms = queryTerms('Engraving boxes 3d');
    const expansions = new Map([
      ['engraving', ['engraving', 'engravings']],
      ['boxes', []],
    ]);
    // The stem stays beside the words; a prefix starting nothing is the word itself.
    expect(buildQuery(terms, new Map(), expansions)).toBe(
      "('engraving' | 'engravings' | 'engrav') & ('boxes' | 'box') & '3d'",
    );
    // A prefix left out of the map (it starts too many words) stays a prefix.
    expect(buildQuery(terms, new Map(), new Map([['boxes', ['boxes']]]))).toBe(
      "('engraving':* | 'engrav') & ('boxes' | 'box') & '3d'",
    );
    expect(
      buildQuery(
        queryTerms('keychian'),
        new Map([['keychian', ['keychain']]]),
        new Map([['keychian', []]]),
      ),
    ).toBe("('keychian' | 'keychain')");
  });

  it('has nothing to search for punctuation or function words only', () => {
    expect(buildQuery(queryTerms('!!! the ...'))).toBeUndefined();
  });

  it('asks for each word once', () => {
    expect(queryTerms('cat CAT cat').length).toBe(1);
  });
});

describe('vocabularyOf', () => {
  it('keeps latin words of 4 to 30 letters that are not numbers', () => {
    expect(vocabularyOf('Cat keychain 2024 小猫 Coasters')).toEqual(['keychain', 'coasters']);
  });
});
