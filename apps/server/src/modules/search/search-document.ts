/** A work's or post's fields as the tsvector literal the search index stores (search-text.ts). */

import { glossaryTranslations } from './search-glossary';
import { documentTokenGroups, quoteLexeme } from './search-text';

/** tsvector positions stop at 16383. */
const MAX_POSITION = 16_383;

export type TWeight = 'A' | 'B' | 'C' | 'D';
export type TDocumentField = { text: string; weight: TWeight };

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
