/**
 * Search text to words, the one tokenizer for documents and queries (SPEC 4
 * Search, in Chinese and English). PostgreSQL's parsers know no Chinese, so
 * documents reach the database as ready tsvector literals and queries as
 * tsquery literals; the 'simple' configuration is never asked to split text.
 *
 * - Folding: NFKD, combining marks dropped (café = cafe), lower case, NFKC
 *   again (full-width letters become ASCII; Hangul recomposes).
 * - Latin (and other spaced scripts): runs of letters and digits; a few
 *   English function words are dropped. An English word is indexed as typed
 *   and, at the same position, as its stem (english-stemmer.ts), so coasters
 *   finds coaster and engraving finds engraved, while the word as typed keeps
 *   prefix matching (coast finds coasters) and typo tolerance working.
 * - Chinese, Japanese, Korean: each run is split into words by
 *   Intl.Segmenter (Node's full ICU), and every single character and
 *   character pair of the run is indexed too. A query word becomes its
 *   pairs, so 激光雕刻 finds '激光 雕刻' and '激光雕刻' alike, and 小猫 finds
 *   '可爱小猫钥匙扣' whatever the segmenter made of that title.
 * - Across languages (ADR 0020): a document also holds, at the lowest weight,
 *   the other language's words for the maker glossary's terms it contains
 *   (search-glossary.ts), so 花瓶 finds a 'vase' and keychain finds 钥匙扣,
 *   below the works that say it in the searched language.
 *
 * The literals PostgreSQL reads are written in search-document.ts (tsvector)
 * and search-query.ts (tsquery).
 */

import { stemEnglish } from './english-stemmer';

/** Bump when the tokens change: documents of older versions are rebuilt at start. */
export const TOKENIZER_VERSION = 3;

export const CJK_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30fc]+/gu;
const WORD_RUN = /[\p{L}\p{N}]+/gu;
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);
/** Lexemes longer than this are cut (PostgreSQL allows 2047 bytes). */
const MAX_LEXEME = 60;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .normalize('NFKC');
}

/** Whitespace collapsed and trimmed: the form in which searches are recorded. */
export function tidySearchText(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

type TPiece = { kind: 'latin'; word: string } | { kind: 'cjk'; run: string };

/** Folded text as latin words and CJK runs, in order. */
export function pieces(text: string): TPiece[] {
  const folded = foldText(text);
  const found: { at: number; piece: TPiece }[] = [];
  for (const match of folded.matchAll(CJK_RUN)) {
    found.push({ at: match.index, piece: { kind: 'cjk', run: match[0] } });
  }
  const latinOnly = folded.replace(CJK_RUN, (run) => ' '.repeat(run.length));
  for (const match of latinOnly.matchAll(WORD_RUN)) {
    const word = match[0].slice(0, MAX_LEXEME);
    if (!STOP_WORDS.has(word)) found.push({ at: match.index, piece: { kind: 'latin', word } });
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.piece);
}

export const chars = (run: string) => Array.from(run);

export function segmentWords(run: string): string[] {
  return [...segmenter.segment(run)]
    .filter((segment) => segment.isWordLike !== false)
    .map((segment) => segment.segment);
}

/** Every single character and character pair of a CJK run, then its segmenter words. */
function cjkDocumentTokens(run: string): string[] {
  const list = chars(run);
  const tokens = [...list];
  for (let i = 0; i + 1 < list.length; i += 1) tokens.push(`${list[i]}${list[i + 1]}`);
  for (const word of segmentWords(run)) {
    if (chars(word).length > 2) tokens.push(word.slice(0, MAX_LEXEME));
  }
  return tokens;
}

/** A latin word and its stem when that differs: both stand at one position. */
function latinForms(word: string): string[] {
  const stem = stemEnglish(word);
  return stem === word ? [word] : [word, stem];
}

/** The indexed words of a text, one group per position. */
export function documentTokenGroups(text: string): string[][] {
  return pieces(text).flatMap((piece) =>
    piece.kind === 'latin'
      ? [latinForms(piece.word)]
      : cjkDocumentTokens(piece.run).map((token) => [token]),
  );
}

/** The words of a text as they are indexed. */
export function documentTokens(text: string): string[] {
  return documentTokenGroups(text).flat();
}

/** `'it''s'`: a lexeme quoted for tsvector and tsquery input. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/** Latin words of a document worth remembering for typo tolerance. */
export function vocabularyOf(text: string): string[] {
  return pieces(text).flatMap((piece) =>
    piece.kind === 'latin' && isFuzzyCandidate(piece.word) ? [piece.word] : [],
  );
}

/** Words long enough that a misspelling can be told from another word. */
export function isFuzzyCandidate(word: string): boolean {
  return word.length >= 4 && word.length <= 30 && !/^\p{N}+$/u.test(word);
}

/** Non-overlapping pairs of a CJK word, the last one overlapping when the length is odd. */
function pairsOf(word: string): string[] {
  const list = chars(word);
  const pairs: string[] = [];
  for (let i = 0; i + 1 < list.length; i += 2) pairs.push(`${list[i]}${list[i + 1]}`);
  if (list.length % 2 === 1) pairs.push(`${list.at(-2)}${list.at(-1)}`);
  return pairs;
}

export type TQueryTerm =
  /**
   * A latin word: matched as a prefix when 3 characters or more, or by its
   * stem (`stem` equals `word` when stemming changes nothing).
   */
  | { kind: 'latin'; word: string; stem: string }
  /** A CJK word: its lexeme or all of its pairs. */
  | { kind: 'cjk'; word: string; pairs: string[] };

/**
 * The words of a CJK run of a query: the segmenter's words, with runs of
 * single characters joined again (ICU splits 二维码 and 亚克力 into single
 * characters, which alone would match anything).
 */
function queryWords(run: string): string[] {
  const words: string[] = [];
  let singles = '';
  for (const word of segmentWords(run)) {
    if (chars(word).length === 1) {
      singles += word;
      continue;
    }
    if (singles) words.push(singles);
    singles = '';
    words.push(word);
  }
  if (singles) words.push(singles);
  return words;
}

/** The terms a search text asks for; all must match. */
export function queryTerms(text: string): TQueryTerm[] {
  const terms: TQueryTerm[] = [];
  const seen = new Set<string>();
  for (const piece of pieces(text)) {
    const words = piece.kind === 'latin' ? [piece.word] : queryWords(piece.run);
    for (const word of words) {
      if (seen.has(word)) continue;
      seen.add(word);
      if (piece.kind === 'latin') terms.push({ kind: 'latin', word, stem: stemEnglish(word) });
      else terms.push({ kind: 'cjk', word, pairs: chars(word).length > 2 ? pairsOf(word) : [] });
    }
  }
  return terms;
}
