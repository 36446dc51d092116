import { readFile } from 'node:fs/promises';
import { Code } from '@layerline/contract';
import { AppError } from '../../http/app-error';

/**
 * A small built-in list in both languages (SPEC 8: code 406 on sensitive
 * words). Deployments add their own with SENSITIVE_WORDS_FILE (one word per
 * line, `#` starts a comment), which extends this list.
 */
export const DEFAULT_SENSITIVE_WORDS: readonly string[] = [
  'fuck',
  'motherfucker',
  'porn',
  'ghost gun',
  'kill yourself',
  'buy followers',
  '傻逼',
  '色情',
  '赌博',
  '毒品',
  '枪支弹药',
  '代开发票',
  '办假证',
  '六合彩',
];

/** NFKC folds full-width and compatibility forms; lowercasing makes Latin case-insensitive. */
const normalise = (text: string) => text.normalize('NFKC').toLowerCase();

const isAsciiWordChar = (code: number) =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);

/** A pattern that starts with a Latin letter or digit must start a word (see find). */
const startsLatin = (word: string) => isAsciiWordChar(word.charCodeAt(0));

/** Words of a list file: one per line, blank lines and `#` comments skipped. */
export function parseWordList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The built-in words plus those of `file` (SENSITIVE_WORDS_FILE); a missing file is an error. */
export async function loadSensitiveWords(file?: string): Promise<string[]> {
  if (!file) return [...DEFAULT_SENSITIVE_WORDS];
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`SENSITIVE_WORDS_FILE: cannot read ${file}`, { cause: error });
  }
  return [...DEFAULT_SENSITIVE_WORDS, ...parseWordList(text)];
}

/**
 * Aho-Corasick automaton over UTF-16 code units: one pass over the text
 * whatever the number of words, so long guides stay cheap to check.
 * Matching is case-insensitive for Latin (after NFKC). A word that starts
 * with a Latin letter or digit only matches at the start of a word, so
 * "class" does not hit "ass" while "fucking" still hits "fuck"; Chinese
 * words match anywhere, as Chinese has no spaces between words.
 */
class WordAutomaton {
  /** Per state: code unit -> next state. */
  private readonly goto: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** Per state: indexes of the words that end here (own and via fail links). */
  private readonly output: number[][] = [[]];
  private readonly words: string[] = [];
  private readonly latin: boolean[] = [];

  constructor(words: Iterable<string>) {
    const seen = new Set<string>();
    for (const raw of words) {
      const word = normalise(raw.trim());
      if (!word || seen.has(word)) continue;
      seen.add(word);
      this.add(word);
    }
    this.link();
  }

  get size(): number {
    return this.words.length;
  }

  private add(word: string): void {
    let state = 0;
    for (let i = 0; i < word.length; i += 1) {
      const code = word.charCodeAt(i);
      let next = this.goto[state]?.get(code);
      if (next === undefined) {
        next = this.goto.length;
        this.goto.push(new Map());
        this.fail.push(0);
        this.output.push([]);
        this.goto[state]?.set(code, next);
      }
      state = next;
    }
    this.output[state]?.push(this.words.length);
    this.words.push(word);
    this.latin.push(startsLatin(word));
  }

  /** Breadth-first: a state's fail link is the longest proper suffix that is also a prefix. */
  private link(): void {
    const queue: number[] = [];
    for (const next of this.goto[0]?.values() ?? []) queue.push(next);
    for (let head = 0; head < queue.length; head += 1) {
      const state = queue[head] as number;
      for (const [code, next] of this.goto[state] ?? []) {
        let fallback = this.fail[state] as number;
        while (fallback !== 0 && !this.goto[fallback]?.has(code)) {
          fallback = this.fail[fallback] as number;
        }
        const target = this.goto[fallback]?.get(code);
        this.fail[next] = target !== undefined && target !== next ? target : 0;
        this.output[next]?.push(...(this.output[this.fail[next] as number] ?? []));
        queue.push(next);
      }
    }
  }

  /** The distinct words found in `text`, in the order they first occur (as listed, normalised). */
  find(text: string): string[] {
    if (this.words.length === 0 || !text) return [];
    const haystack = normalise(text);
    const found = new Set<number>();
    let state = 0;
    for (let i = 0; i < haystack.length; i += 1) {
      const code = haystack.charCodeAt(i);
      while (state !== 0 && !this.goto[state]?.has(code)) state = this.fail[state] as number;
      state = this.goto[state]?.get(code) ?? 0;
      for (const index of this.output[state] ?? []) {
        if (found.has(index)) continue;
        const start = i - (this.words[index] as string).length + 1;
        if (this.latin[index] && start > 0 && isAsciiWordChar(haystack.charCodeAt(start - 1))) {
          continue;
        }
        found.add(index);
      }
    }
    return [...found].map((index) => this.words[index] as string);
  }

  /** The distinct words found in any of `texts`. */
  findAll(texts: readonly string[]): string[] {
    return [...new Set(texts.flatMap((text) => this.find(text)))];
  }

  /** SPEC 8: code 406 with the words found in msg and in data.words. */
  assertClean(texts: readonly string[]): void {
    const words = this.findAll(texts);
    if (words.length > 0) {
      throw new AppError(
        Code.SENSITIVE_WORDS,
        'sensitiveWords',
        { words: words.join(', ') },
        {
          words,
        },
      );
    }
  }
}

/**
 * The filter every write path checks (SPEC 8). `reload` swaps in a new word
 * list at once: the console's edits reach each instance through live events
 * without a restart.
 */
export class SensitiveWordFilter {
  private automaton: WordAutomaton;

  constructor(words: Iterable<string>) {
    this.automaton = new WordAutomaton(words);
  }

  get size(): number {
    return this.automaton.size;
  }

  reload(words: Iterable<string>): void {
    this.automaton = new WordAutomaton(words);
  }

  /** The distinct words found in `text`, in the order they first occur (as listed, normalised). */
  find(text: string): string[] {
    return this.automaton.find(text);
  }

  /** The distinct words found in any of `texts`. */
  findAll(texts: readonly string[]): string[] {
    return this.automaton.findAll(texts);
  }

  /** SPEC 8: code 406 with the words found in msg and in data.words. */
  assertClean(texts: readonly string[]): void {
    this.automaton.assertClean(texts);
  }
}
