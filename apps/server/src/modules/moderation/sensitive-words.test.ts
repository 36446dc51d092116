import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../http/app-error';
import {
  DEFAULT_SENSITIVE_WORDS,
  loadSensitiveWords,
  parseWordList,
  SensitiveWordFilter,
} from './sensitive-words';

/** The same answer by brute force, to check the automaton against. */
function naiveFind(words: string[], text: string): string[] {
  const haystack = text.normalize('NFKC').toLowerCase();
  const hits: { word: string; at: number }[] = [];
  for (const raw of words) {
    const word = raw.normalize('NFKC').toLowerCase();
    for (let at = haystack.indexOf(word); at !== -1; at = haystack.indexOf(word, at + 1)) {
      const latin = /^[a-z0-9]/.test(word);
      if (latin && at > 0 && /[a-z0-9]/.test(haystack[at - 1] ?? '')) continue;
      hits.push({ word, at: at + word.length });
      break;
    }
  }
  return hits.sort((a, b) => a.at - b.at).map((hit) => hit.word);
}

describe('SensitiveWordFilter', () => {
  const filter = new SensitiveWordFilter([
    'porn',
    'ghost gun',
    '赌博',
    '六合彩',
    'she',
    'hers',
    'his',
  ]);

  it('finds Chinese words anywhere and Latin words case-insensitively', () => {
    expect(filter.find('网上赌博和六合彩')).toEqual(['赌博', '六合彩']);
    expect(filter.find('No PORN here, only a Ghost Gun')).toEqual(['porn', 'ghost gun']);
    expect(filter.find('ＰＯＲＮ in full width')).toEqual(['porn']);
  });

  it('matches Latin words only where a word starts', () => {
    expect(filter.find('pornography')).toEqual(['porn']);
    expect(filter.find('this is a dishes list')).toEqual([]);
    expect(filter.find('ushers')).toEqual([]);
    expect(filter.find('she said hers')).toEqual(['she', 'hers']);
  });

  it('reports overlapping words through the failure links', () => {
    const overlapping = new SensitiveWordFilter(['he', 'she', 'hers', '博彩', '赌博彩票']);
    expect(overlapping.find('ushers')).toEqual([]);
    // 'she' starts a word; 'he' and 'hers' inside it do not.
    expect(overlapping.find('x sherså')).toEqual(['she']);
    expect(overlapping.find('he, hers')).toEqual(['he', 'hers']);
    expect(overlapping.find('赌博彩票')).toEqual(['博彩', '赌博彩票']);
  });

  it('answers the same as a brute-force search on a 1 MB text', () => {
    const words = [...DEFAULT_SENSITIVE_WORDS, 'abc', 'bcd', 'cde', '印章', '章鱼'];
    const big = new SensitiveWordFilter(words);
    const parts: string[] = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = 'abcde 印章鱼的。\n';
    let length = 0;
    while (length < 1024 * 1024) {
      const chunk = Array.from(
        { length: 64 },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      parts.push(chunk);
      length += chunk.length;
    }
    // Two planted words far apart, near the end of the megabyte.
    parts.splice(parts.length - 10, 0, ' 赌博 ');
    parts.push(' Porn.');
    const text = parts.join('');
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const found = big.find(text);
    expect(found).toEqual(naiveFind(words, text));
    expect(found).toEqual(expect.arrayContaining(['赌博', 'porn', 'abc', 'bcd', 'cde', '章鱼']));
    expect(big.find(text.replaceAll('赌博', '').replaceAll('Porn', ''))).not.toContain('porn');
  });

  it('throws the 406 envelope error with the words found', () => {
    try {
      filter.assertClean(['fine title', 'a 赌博 summary', 'porn tag']);
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error)).toBe(true);
      if (!isAppError(error)) return;
      expect(error.code).toBe(406);
      expect(error.statusCode).toBe(406);
      expect(error.messageKey).toBe('sensitiveWords');
      expect(error.data).toEqual({ words: ['赌博', 'porn'] });
      expect(error.params).toEqual({ words: '赌博, porn' });
    }
    expect(() => filter.assertClean(['clean', '干净的标题'])).not.toThrow();
  });
});

describe('word lists', () => {
  it('reads one word per line, skipping blanks and comments', () => {
    expect(parseWordList('# mine\nfoo\r\n\n  bar baz  \n#x\n')).toEqual(['foo', 'bar baz']);
  });

  it('adds the words of SENSITIVE_WORDS_FILE to the built-in list', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'layerline-words-'));
    try {
      const file = path.join(dir, 'words.txt');
      await writeFile(file, '# local list\nspamword\n禁词\n');
      const words = await loadSensitiveWords(file);
      expect(words).toEqual([...DEFAULT_SENSITIVE_WORDS, 'spamword', '禁词']);
      await expect(loadSensitiveWords(path.join(dir, 'missing.txt'))).rejects.toThrow(
        /SENSITIVE_WORDS_FILE/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
