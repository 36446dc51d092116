import type { TFeedSort } from '@layerline/contract';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { workSearch } from '../../db/schema';
import { lookupQuery, type TNarrowed } from '../search';
import { ORDERS } from './feed.sql';

/* SQL pieces of the feed's searches (feed-search.repository). */

/**
 * Visible works, spelled as the GIN index's predicate: a bound `visible = $1`
 * would keep a prepared statement's generic plan off that partial index.
 */
export const searchable = sql`${workSearch.visible}`;

/** A second name for work_search: a candidate's document is read again by its key. */
const rankedDocument = alias(workSearch, 'ranked_document');

/**
 * The cheap order that chooses the candidates (ADR 0022): a title that holds
 * the text as typed, then one that holds more of the typed words, then the
 * newest. It reads only the title and publication time of each match, never
 * the document, so it costs no more than counting. Parameters: `folded` and
 * `w0` ... for the words.
 */
export function candidateOrder(wordCount: number): SQL<number> {
  const holds = (text: Placeholder) =>
    sql`case when strpos(${workSearch.titleNorm}, ${text}) > 0 then 1 else 0 end`;
  const words = Array.from({ length: wordCount }, (_, i) => holds(sql.placeholder(`w${i}`)));
  return sql<number>`(2 * ${holds(sql.placeholder('folded'))}${sql.join(
    words.map((word) => sql` + ${word}`),
  )})`;
}

/**
 * Relevance of a candidate: ts_rank with the document's weights (title A ...
 * summary D), a bonus when the title holds the text as typed (folded), and
 * a little for recent works, which decides between equal matches. pg_trgm's
 * word_similarity here cost three times ts_rank on 2,000 matches, and typos
 * are handled before the query (SearchMatcher) anyway. Through the GIN index
 * the document is read by key for the candidates alone, so the scan of all
 * matches stays narrow; narrowed by the kept terms (at most NARROWED_MAX
 * rows), the document read with the match is ranked as it is, without a
 * second lookup per candidate.
 */
export function relevance(candidate: {
  id: SQL;
  titleNorm: SQL;
  publishedAt: SQL;
  document?: SQL;
}): SQL {
  const tsquery = sql`${sql.placeholder('tsquery')}::tsquery`;
  const rank = candidate.document
    ? sql`ts_rank(${candidate.document}, ${tsquery})`
    : sql`(select ts_rank(${rankedDocument.document}, ${tsquery})
       from ${workSearch} as ${sql.identifier('ranked_document')}
       where ${rankedDocument.workId} = ${candidate.id})`;
  return sql`(
    ${rank}
    + case when strpos(${candidate.titleNorm}, ${sql.placeholder('folded')}) > 0 then 0.3 else 0 end
    + 0.1 / (1 + date_part('epoch', now() - ${candidate.publishedAt}) / 2592000)
  )`;
}

/**
 * The rows of work_search a search matches. Through the GIN index, with the
 * prefixes spelled out in the statement (ADR 0026); or, narrowed by the kept
 * terms (ADR 0038), the works they leave, by key, each checked against the
 * whole query when a term was not kept (the check is wrapped so that it
 * never becomes an index scan).
 */
export function matching(
  lookup: Placeholder | string,
  ids: Placeholder | string | undefined,
  narrowed: TNarrowed | undefined,
): SQL {
  const byIndex = sql`${workSearch.document} @@ ${lookupQuery(lookup)}`;
  if (!narrowed || ids === undefined) return byIndex;
  const among = sql`${workSearch.workId} = any(${ids}::int[])`;
  return narrowed.checked ? sql`(${among} and coalesce(${byIndex}, false))` : among;
}

/** Search orders: relevance, or a list order on the search table's own copy or the works row. */
export const SEARCH_ORDERS: Record<Exclude<TFeedSort, 'relevance'>, SQL[]> = {
  newest: [sql`${workSearch.publishedAt} desc nulls last`, sql`${workSearch.workId} desc`],
  likes: ORDERS.likes,
  downloads: ORDERS.downloads,
};
