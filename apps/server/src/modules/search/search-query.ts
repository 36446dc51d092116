/**
 * A search's terms (queryTerms, search-text.ts) as the tsquery literal the
 * search statements run: whole, or with its prefixes left for the statement
 * to spell out (ADR 0024, 0026), or one term at a time (ADR 0038).
 */

import { quoteLexeme, type TQueryTerm } from './search-text';

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
