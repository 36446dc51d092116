/**
 * ADR 0020: the maker glossary (glossary.data.ts) read both ways, so a
 * document also holds the other language's words for the terms it contains.
 */

import { stemEnglish } from './english-stemmer';
import { MAKER_GLOSSARY } from './glossary.data';
import { CJK_RUN, foldText, pieces } from './search-text';

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
