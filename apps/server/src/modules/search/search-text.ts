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
 *   (glossary.data.ts), so 花瓶 finds a 'vase' and keychain finds 钥匙扣,
 *   below the works that say it in the searched language.
 */

import { stemEnglish } from './english-stemmer';
import { MAKER_GLOSSARY } from './glossary.data';

/** Bump when the tokens change: documents of older versions are rebuilt at start. */
export const TOKENIZER_VERSION = 3;

const CJK_RUN =
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
/** tsvector positions stop at 16383. */
const MAX_POSITION = 16_383;

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
function pieces(text: string): TPiece[] {
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

const chars = (run: string) => Array.from(run);

function segmentWords(run: string): string[] {
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
function documentTokenGroups(text: string): string[][] {
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

/** Glossary phrases hold at most this many English words (stop words aside). */
const MAX_PHRASE_WORDS = 3;

type TGlossary = {
  /** English stems joined by spaces -> Chinese terms. */
  chineseOf: Map<string, string[]>;
  /** A Chinese term's first UTF-16 unit -> the terms starting with it, longest first. */
  termsAt: Map<string, string[]>;
  /** Chinese term -> English phrases. */
  englishOf: Map<string, string[]>;
};

let glossaryCache: TGlossary | undefined;

/** The key of English words: their stems, so coasters meets coaster. */
const englishKey = (words: readonly string[]) => words.map(stemEnglish).join(' ');

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key) ?? [];
  if (!list.includes(value)) list.push(value);
  map.set(key, list);
}

function glossary(): TGlossary {
  if (glossaryCache) return glossaryCache;
  const built: TGlossary = { chineseOf: new Map(), termsAt: new Map(), englishOf: new Map() };
  for (const [en, zh] of MAKER_GLOSSARY) {
    const words = pieces(en).flatMap((piece) => (piece.kind === 'latin' ? [piece.word] : []));
    const term = foldText(zh);
    if (words.length === 0 || words.length > MAX_PHRASE_WORDS || !term) continue;
    push(built.chineseOf, englishKey(words), term);
    push(built.englishOf, term, words.join(' '));
    // Terms mixing scripts (3d打印) are never one CJK run of a document: only English finds them.
    if (new RegExp(`^${CJK_RUN.source}$`, 'u').test(term)) push(built.termsAt, term[0] ?? '', term);
  }
  for (const list of built.termsAt.values()) list.sort((a, b) => b.length - a.length);
  glossaryCache = built;
  return built;
}

/**
 * ADR 0020: the other language's words for the glossary terms in a text:
 * Chinese for English words and phrases (by stem), English for Chinese terms
 * anywhere in a run. Each is a text to tokenize like any other.
 */
export function glossaryTranslations(text: string): string[] {
  const { chineseOf, termsAt, englishOf } = glossary();
  const found = new Set<string>();
  const list = pieces(text);
  const stems = list.map((piece) => (piece.kind === 'latin' ? stemEnglish(piece.word) : null));
  list.forEach((piece, i) => {
    if (piece.kind === 'cjk') {
      for (let at = 0; at < piece.run.length; at += 1) {
        for (const term of termsAt.get(piece.run[at] ?? '') ?? []) {
          if (!piece.run.startsWith(term, at)) continue;
          for (const phrase of englishOf.get(term) ?? []) found.add(phrase);
        }
      }
      return;
    }
    let key = '';
    for (let j = i; j < list.length && j < i + MAX_PHRASE_WORDS; j += 1) {
      const stem = stems[j];
      if (stem === null || stem === undefined) break;
      key = key ? `${key} ${stem}` : stem;
      for (const term of chineseOf.get(key) ?? []) found.add(term);
    }
  });
  return [...found];
}

export type TWeight = 'A' | 'B' | 'C' | 'D';
export type TDocumentField = { text: string; weight: TWeight };

/** `'it''s'`: a lexeme quoted for tsvector and tsquery input. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * A tsvector literal of the fields: each lexeme with its positions and the
 * weight of its field (A most). Positions count across fields. After them
 * come the glossary translations of the fields (ADR 0020), at weight D and
 * only where the document lacks the word, so a work matched across languages
 * ranks below one that says it (ts_rank counts D least) and a work that says
 * it ranks as before.
 */
export function buildDocument(fields: readonly TDocumentField[]): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const field of fields) {
    for (const group of documentTokenGroups(field.text)) {
      position = Math.min(position + 1, MAX_POSITION);
      for (const token of group) {
        const list = positions.get(token) ?? [];
        // PostgreSQL keeps at most 256 positions per lexeme.
        if (list.length < 256) list.push(`${position}${field.weight}`);
        positions.set(token, list);
      }
    }
  }
  const own = new Set(positions.keys());
  const translations = new Set(fields.flatMap((field) => glossaryTranslations(field.text)));
  for (const text of translations) {
    for (const group of documentTokenGroups(text)) {
      position = Math.min(position + 1, MAX_POSITION);
      for (const token of group) {
        if (own.has(token)) continue;
        const list = positions.get(token) ?? [];
        if (list.length < 256) list.push(`${position}D`);
        positions.set(token, list);
      }
    }
  }
  return [...positions]
    .map(([lexeme, list]) => `${quoteLexeme(lexeme)}:${list.join(',')}`)
    .join(' ');
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

/** A latin word of at least this many characters is matched as a prefix. */
export const PREFIX_MIN_LENGTH = 3;

/**
 * The tsquery literal of the terms; `alternatives` adds similar indexed words
 * for a latin word (typo tolerance). `expansions` spells a prefix out as the
 * indexed words it starts (ADR 0024): the same matches, found faster; a
 * prefix without an entry stays a prefix. Undefined when nothing is left to
 * search.
 */
export function buildQuery(
  terms: readonly TQueryTerm[],
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
  expansions: ReadonlyMap<string, readonly string[]> = new Map(),
): string | undefined {
  return renderQuery(terms, alternatives, (word) => {
    const expanded = expansions.get(word);
    // No indexed word starts it: the word itself, which matches nothing either.
    if (expanded) return expanded.length > 0 ? [...expanded] : [word];
    return [];
  });
}

/**
 * A query whose prefixes the search statement spells out itself (ADR 0026):
 * the text of `buildQuery` cut where each prefix's own words go, and the
 * prefixes in that order. `parts` has one more entry than `prefixes`.
 */
export type TLookup = { parts: string[]; prefixes: string[] };

/** Where a prefix's words go; no query text can hold it (PostgreSQL text has no NUL). */
const SLOT = '\u0000';

/**
 * The query of `buildQuery` with each prefix left as a slot (ADR 0026): the
 * search statement fills it from search_lexemes in the same round trip,
 * exactly as `buildQuery` would with the looked-up expansions (ADR 0024).
 */
export function buildLookup(
  terms: readonly TQueryTerm[],
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
): TLookup | undefined {
  const prefixes: string[] = [];
  const text = renderQuery(terms, alternatives, (word) => {
    prefixes.push(word);
    return undefined;
  });
  if (text === undefined) return undefined;
  return { parts: text.split(SLOT), prefixes };
}

/**
 * The lookup of each term apart (ADR 0038): `buildLookup` joins them with
 * `&`, so a work matches the whole text exactly when it matches every one.
 */
export function termLookups(
  terms: readonly TQueryTerm[],
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
): TLookup[] {
  return terms.flatMap((term) => buildLookup([term], alternatives) ?? []);
}

/**
 * `ownWords` says what a latin prefix (PREFIX_MIN_LENGTH or longer) matches
 * by itself: whole words, none (it stays a prefix), or undefined for a slot.
 */
function renderQuery(
  terms: readonly TQueryTerm[],
  alternatives: ReadonlyMap<string, readonly string[]>,
  ownWords: (word: string) => string[] | undefined,
): string | undefined {
  const parts = terms.map((term) => {
    if (term.kind === 'cjk') {
      if (term.pairs.length === 0) return quoteLexeme(term.word);
      const pairs = term.pairs.map(quoteLexeme).join(' & ');
      return `(${quoteLexeme(term.word)} | (${pairs}))`;
    }
    const own = term.word.length < PREFIX_MIN_LENGTH ? [term.word] : ownWords(term.word);
    let ownParts: string[];
    if (own === undefined) ownParts = [SLOT];
    else ownParts = own.length > 0 ? own.map(quoteLexeme) : [`${quoteLexeme(term.word)}:*`];
    // The stem is matched whole: as a prefix, cats would find category too.
    const stem = term.stem === term.word ? [] : [term.stem];
    const others = [...stem, ...(alternatives.get(term.word) ?? [])]
      .filter((word) => !own?.includes(word))
      .map(quoteLexeme);
    const all = [...ownParts, ...others];
    return all.length > 1 ? `(${all.join(' | ')})` : (all[0] ?? '');
  });
  return parts.length > 0 ? parts.join(' & ') : undefined;
}
