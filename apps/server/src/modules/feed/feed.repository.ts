import type { TFeedSort } from '@layerline/contract';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client';
import { intArrayParam } from '../../db/prepared';
import { users, workCategoryFeed, workSearch, works } from '../../db/schema';
import { cardColumns, type TCardRow } from '../../kernel/card-columns';
import type { TPage } from '../../kernel/pagination';
import {
  lookupParam,
  lookupQuery,
  lowerBound,
  type TLookup,
  type TNarrowed,
  type TSearchMatch,
  type TSearchTitles,
  type TTitleRow,
} from '../search';
import {
  CATEGORY_NEWEST,
  currentVersion,
  inCategory,
  isVisible,
  ORDERS,
  type TFeedFilter,
  type TFeedPage,
  type TListQuery,
  withoutExtras,
} from './feed.sql';
import { FeedBookmarks } from './feed-bookmarks';

export type { TFeedFilter, TFeedPage } from './feed.sql';

/**
 * How many matches a search ranks with ts_rank (ADR 0022). The rest are
 * counted but not ranked: a common word matches 20,000 works, and ranking
 * them all cost 40 to 120 ms per new search.
 */
export const RANKED_CANDIDATES = 500;
/** The prepared statement of `termMatches`. */
export const TERM_MATCHES_STATEMENT = 'search_term_matches';
/** The typed words a candidate's title is checked for; more add nothing to the choice. */
const CANDIDATE_WORDS = 4;

/**
 * Visible works, spelled as the GIN index's predicate: a bound `visible = $1`
 * would keep a prepared statement's generic plan off that partial index.
 */
const searchable = sql`${workSearch.visible}`;

/** A second name for work_search: a candidate's document is read again by its key. */
const rankedDocument = alias(workSearch, 'ranked_document');

/** The typed words (folded) a candidate's title is checked for. */
function candidateWords(match: TSearchMatch): string[] {
  return [...new Set(match.folded.split(/\s+/u).filter(Boolean))].slice(0, CANDIDATE_WORDS);
}

/**
 * The cheap order that chooses the candidates (ADR 0022): a title that holds
 * the text as typed, then one that holds more of the typed words, then the
 * newest. It reads only the title and publication time of each match, never
 * the document, so it costs no more than counting. Parameters: `folded` and
 * `w0` ... for the words.
 */
function candidateOrder(wordCount: number): SQL<number> {
  const holds = (text: Placeholder) =>
    sql`case when strpos(${workSearch.titleNorm}, ${text}) > 0 then 1 else 0 end`;
  const words = Array.from({ length: wordCount }, (_, i) => holds(sql.placeholder(`w${i}`)));
  return sql<number>`(2 * ${holds(sql.placeholder('folded'))}${sql.join(
    words.map((word) => sql` + ${word}`),
  )})`;
}

/** Publication times (µs) newest first, a work without one last. */
function newerFirst(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
  return b - a;
}

/**
 * The first `count` of a search's matches (`all`, ascending ids, exactly its
 * matches) in the candidate order, from the kept titles (ADR 0039), as a
 * set: the statement orders them itself. The rule is `candidateOrder`'s (2
 * when the title holds the text as typed, 1 more for each typed word it
 * holds; then the newest, then the larger id) and must stay the same as the
 * statement's; strpos is a substring test, as `includes` is. Only the works
 * tied at the cut are sorted. Undefined when a match's title is not kept
 * and it would decide the choice.
 */
export function chooseCandidates(
  titles: TSearchTitles,
  all: Int32Array,
  match: TSearchMatch,
  count: number,
): Int32Array | undefined {
  // All fit: the titles decide nothing.
  if (all.length <= count) return all;
  const words = candidateWords(match);
  const holds = new Uint8Array(all.length);
  const atTitle = new Int32Array(all.length);
  const withHolds = new Uint32Array(2 + CANDIDATE_WORDS + 1);
  let from = 0;
  for (const [i, id] of all.entries()) {
    from = lowerBound(titles.ids, id, from);
    if (titles.ids[from] !== id) return undefined;
    const title = titles.titles[from] ?? '';
    let held = title.includes(match.folded) ? 2 : 0;
    for (const word of words) if (title.includes(word)) held += 1;
    holds[i] = held;
    atTitle[i] = from;
    withHolds[held] = (withHolds[held] ?? 0) + 1;
  }
  // The cut: every work holding more than `cut` is in, and the newest of those holding `cut`.
  let cut = withHolds.length - 1;
  let above = 0;
  while (cut > 0 && above + (withHolds[cut] ?? 0) < count) {
    above += withHolds[cut] ?? 0;
    cut -= 1;
  }
  const chosen: number[] = [];
  const tied: number[] = [];
  for (const [i, id] of all.entries()) {
    const held = holds[i] ?? 0;
    if (held > cut) chosen.push(id);
    else if (held === cut) tied.push(i);
  }
  const published = (i: number) => titles.published[atTitle[i] ?? 0] ?? Number.NaN;
  tied.sort((a, b) => newerFirst(published(a), published(b)) || (all[b] ?? 0) - (all[a] ?? 0));
  for (const i of tied.slice(0, count - above)) chosen.push(all[i] ?? 0);
  return Int32Array.from(chosen);
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
function relevance(candidate: { id: SQL; titleNorm: SQL; publishedAt: SQL; document?: SQL }): SQL {
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
function matching(
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
const SEARCH_ORDERS: Record<Exclude<TFeedSort, 'relevance'>, SQL[]> = {
  newest: [sql`${workSearch.publishedAt} desc nulls last`, sql`${workSearch.workId} desc`],
  likes: ORDERS.likes,
  downloads: ORDERS.downloads,
};

type TSearchQuery = PgPreparedQuery<
  PreparedQueryConfig & { execute: (TCardRow & { score: number | null; total: number })[] }
>;

/** The SQL of /works/home (SPEC 7): lists and searches of published works. */
export class FeedRepository {
  private readonly prepared = new Map<string, TListQuery>();

  private readonly preparedSearches = new Map<string, TSearchQuery>();

  private readonly bookmarks: FeedBookmarks;

  private termQuery:
    | PgPreparedQuery<PreparedQueryConfig & { execute: { ids: string | null }[] }>
    | undefined;

  private titlesQuery:
    | PgPreparedQuery<
        PreparedQueryConfig & {
          execute: { id: number; title: string; publishedUs: string | null }[];
        }
      >
    | undefined;

  /** RANKED_CANDIDATES; tests lower it to reach the bound with a few works. */
  private readonly rankedCandidates: number;

  constructor(
    private readonly db: TDatabase,
    options: { bookmarkStep?: number; rankedCandidates?: number } = {},
  ) {
    this.bookmarks = new FeedBookmarks(db, options.bookmarkStep);
    this.rankedCandidates = options.rankedCandidates ?? RANKED_CANDIDATES;
  }

  /**
   * One page of a list (newest, most liked, most downloaded). The page's ids
   * come from an index-only walk; only those 50 rows are joined to authors.
   */
  async listPage(filter: TFeedFilter, sort: TFeedSort, page: TPage): Promise<TFeedPage> {
    const listSort = sort === 'relevance' ? 'newest' : sort;
    if (listSort === 'newest') {
      const deep = await this.bookmarks.page(filter.categoryId, page);
      if (deep) return deep;
    }
    const query = this.listQuery(listSort, filter.categoryId !== undefined);
    const rows = await query.execute({
      limit: page.limit,
      offset: page.offset,
      category: filter.categoryId ?? 0,
    });
    return { rows: rows.map(withoutExtras), version: rows[0]?.version };
  }

  /**
   * The list queries as prepared statements, one per order and filter: the
   * feed's first page is the busiest request of the site, and planning took
   * as long as running it.
   */
  private listQuery(sort: Exclude<TFeedSort, 'relevance'>, hasCategory: boolean) {
    const key = `feed_${sort}${hasCategory ? '_category' : ''}`;
    const known = this.prepared.get(key);
    if (known) return known;
    const order = ORDERS[sort];
    const ids =
      hasCategory && sort === 'newest'
        ? this.categoryNewestIds()
        : this.db
            .select({ id: works.id })
            .from(works)
            .where(
              hasCategory ? and(isVisible, inCategory(sql.placeholder('category'))) : isVisible,
            )
            .orderBy(...order)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .as('page_ids');
    const query = this.db
      .select({ ...cardColumns, version: currentVersion })
      .from(ids)
      .innerJoin(works, eq(works.id, ids.id))
      .innerJoin(users, eq(users.id, works.userId))
      .orderBy(...order)
      .prepare(key);
    this.prepared.set(key, query);
    return query;
  }

  /** A category's newest page: a range of the work_category_feed index (subtree included). */
  private categoryNewestIds() {
    return this.db
      .select({ id: workCategoryFeed.workId })
      .from(workCategoryFeed)
      .where(eq(workCategoryFeed.categoryId, sql.placeholder('category')))
      .orderBy(...CATEGORY_NEWEST)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page_ids');
  }

  /**
   * One page of a search, by relevance or a list order, with the number of
   * all matches. The search table carries visibility and publication time,
   * so relevance and newest never touch the works table before the page is
   * chosen; only most liked and most downloaded join it for their counters.
   */
  async searchPage(filter: TFeedFilter, sort: TFeedSort, page: TPage): Promise<TFeedPage> {
    const { match } = filter;
    if (!match) return this.listPage(filter, sort, page);
    const { narrowed } = filter;
    // Built only where used: a relevance page has a prepared statement of its own.
    const matches = () =>
      and(
        searchable,
        matching(lookupParam(match.lookup), narrowed && intArrayParam(narrowed.ids), narrowed),
        filter.categoryId ? inCategory(filter.categoryId, workSearch.workId) : undefined,
      );
    const found =
      sort === 'relevance'
        ? await this.relevancePage(match, filter.categoryId || undefined, page, narrowed)
        : await this.orderedPage(matches(), sort, page);
    if (found.rows.length > 0) return found;
    // An empty first page means no match at all: nothing left to count (half
    // of all new searches find nothing, and counting again was a second
    // statement for each).
    if (page.offset === 0) return { rows: [], total: 0 };
    // Past the last page: the window had no row to count on.
    return { rows: [], total: await this.countMatches(matches()) };
  }

  /**
   * A page by relevance of a search whose kept terms give exactly its
   * matches (`all`, however many; ADR 0039): the candidates are chosen from
   * the kept titles and only they are read by key, ranked as ADR 0022 ranks
   * them. The page and total are those of `relevancePage` through the
   * index. Undefined when a match's title is not kept.
   */
  async chosenRelevancePage(
    match: TSearchMatch,
    all: Int32Array,
    titles: TSearchTitles,
    page: TPage,
  ): Promise<TFeedPage | undefined> {
    if (page.offset >= all.length) return undefined;
    const count = Math.max(this.rankedCandidates, page.offset + page.limit);
    const chosen = chooseCandidates(titles, all, match, count);
    if (!chosen) return undefined;
    const found = await this.relevancePage(match, undefined, page, { ids: chosen, checked: false });
    return { rows: found.rows, total: all.length };
  }

  /**
   * A page by relevance over a bounded candidate set (ADR 0022). One narrow
   * scan of all matches counts them and keeps the first RANKED_CANDIDATES in
   * the cheap candidate order; only those are ranked by relevance, and they
   * come first. Matches past the bound follow in the candidate order, so
   * pages never repeat or skip a work. With no more matches than the bound
   * (nearly every search), the order is relevance throughout, as before.
   */
  private async relevancePage(
    match: TSearchMatch,
    categoryId: number | undefined,
    page: TPage,
    narrowed: TNarrowed | undefined,
  ): Promise<TFeedPage> {
    const words = candidateWords(match);
    const query = this.relevanceQuery(words.length, categoryId !== undefined, narrowed);
    const rows = await query.execute({
      ids: narrowed ? intArrayParam(narrowed.ids) : '{}',
      tsquery: match.tsquery,
      lookup: lookupParam(match.lookup),
      folded: match.folded,
      ...Object.fromEntries(words.map((word, i) => [`w${i}`, word])),
      category: categoryId ?? 0,
      candidates: Math.max(this.rankedCandidates, page.offset + page.limit),
      limit: page.limit,
      offset: page.offset,
    });
    return { rows: rows.map(withoutExtras), total: rows[0]?.total };
  }

  /**
   * The relevance query, prepared per number of typed words and category
   * filter: planning it took a third of a small search's time.
   */
  private relevanceQuery(
    wordCount: number,
    hasCategory: boolean,
    narrowed: TNarrowed | undefined,
  ): TSearchQuery {
    const among = narrowed ? (narrowed.checked ? '_checked' : '_among') : '';
    const key = `search_relevance_${wordCount}${hasCategory ? '_category' : ''}${among}`;
    const known = this.preparedSearches.get(key);
    if (known) return known;
    const bound = sql.raw(String(this.rankedCandidates));
    const matched = this.db
      .select({
        // Names of their own: drizzle leaves a subquery's computed columns unqualified.
        id: sql<number>`${workSearch.workId}`.as('match_id'),
        titleNorm: sql<string>`${workSearch.titleNorm}`.as('match_title'),
        publishedAt: sql<Date | null>`${workSearch.publishedAt}`.as('match_published_at'),
        // Narrowed: at most NARROWED_MAX rows, each ranked from the document read here.
        document: sql<string | null>`${narrowed ? workSearch.document : sql`null::tsvector`}`.as(
          'match_document',
        ),
        pre: candidateOrder(wordCount).as('pre'),
        total: sql<number>`(count(*) over ())::int`.as('total'),
      })
      .from(workSearch)
      .where(
        and(
          searchable,
          matching(sql.placeholder('lookup'), narrowed && sql.placeholder('ids'), narrowed),
          hasCategory ? inCategory(sql.placeholder('category'), workSearch.workId) : undefined,
        ),
      )
      .orderBy(
        sql`pre desc`,
        sql`${workSearch.publishedAt} desc nulls last`,
        sql`${workSearch.workId} desc`,
      )
      .limit(sql.placeholder('candidates'))
      .as('matched');
    const placed = this.db
      .select({
        id: matched.id,
        titleNorm: matched.titleNorm,
        publishedAt: matched.publishedAt,
        document: matched.document,
        total: matched.total,
        pos: sql<number>`row_number() over (order by ${matched.pre} desc, ${matched.publishedAt} desc nulls last, ${matched.id} desc)`.as(
          'pos',
        ),
      })
      .from(matched)
      .as('placed');
    const candidate = {
      id: sql`${placed.id}`,
      titleNorm: sql`${placed.titleNorm}`,
      publishedAt: sql`${placed.publishedAt}`,
      ...(narrowed ? { document: sql`${placed.document}` } : {}),
    };
    const chosen = this.db
      .select({
        id: placed.id,
        total: placed.total,
        score: sql<
          number | null
        >`case when ${placed.pos} <= ${bound} then ${relevance(candidate)} end`.as('score'),
        restPos: sql<number | null>`case when ${placed.pos} > ${bound} then ${placed.pos} end`.as(
          'rest_pos',
        ),
      })
      .from(placed)
      .orderBy(sql`score desc nulls last`, sql`rest_pos nulls first`, sql`${placed.id} desc`)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page_ids');
    const query = this.db
      .select({ ...cardColumns, score: chosen.score, total: chosen.total })
      .from(chosen)
      .innerJoin(works, eq(works.id, chosen.id))
      .innerJoin(users, eq(users.id, works.userId))
      .orderBy(
        sql`${chosen.score} desc nulls last`,
        sql`${chosen.restPos} nulls first`,
        sql`${works.id} desc`,
      )
      .prepare(`${key}_${this.rankedCandidates}`);
    this.preparedSearches.set(key, query);
    return query;
  }

  /**
   * The visible works matching one term of a search (ADR 0038), ascending,
   * at most `limit`: what SearchTermSets keeps.
   */
  async termMatches(lookup: TLookup, limit: number): Promise<number[]> {
    if (!this.termQuery) {
      const matched = this.db
        .select({ id: workSearch.workId })
        .from(workSearch)
        .where(
          and(searchable, sql`${workSearch.document} @@ ${lookupQuery(sql.placeholder('lookup'))}`),
        )
        .orderBy(workSearch.workId)
        .limit(sql.placeholder('limit'))
        .as('matched');
      // One text of ids, not a row each: a common term's 20,000 rows cost
      // the event loop more to map than the statement takes.
      this.termQuery = this.db
        .select({
          ids: sql<string | null>`string_agg(${matched.id}::text, ',' order by ${matched.id})`,
        })
        .from(matched)
        .prepare(TERM_MATCHES_STATEMENT);
    }
    const [row] = await this.termQuery.execute({ lookup: lookupParam(lookup), limit });
    return row?.ids ? row.ids.split(',').map(Number) : [];
  }

  /** What SearchTitles keeps (ADR 0039): a page of visible works' folded titles and publication times. */
  async titlesAfter(afterId: number, limit: number): Promise<TTitleRow[]> {
    this.titlesQuery ??= this.db
      .select({
        id: workSearch.workId,
        title: workSearch.titleNorm,
        // Microseconds, as the candidate order compares them.
        publishedUs: sql<
          string | null
        >`(extract(epoch from ${workSearch.publishedAt}) * 1000000)::bigint`,
      })
      .from(workSearch)
      .where(and(searchable, sql`${workSearch.workId} > ${sql.placeholder('after')}`))
      .orderBy(workSearch.workId)
      .limit(sql.placeholder('limit'))
      .prepare('search_titles_page');
    const rows = await this.titlesQuery.execute({ after: afterId, limit });
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      publishedUs: row.publishedUs === null ? null : Number(row.publishedUs),
    }));
  }

  /** A page of matches in a list order (newest, most liked, most downloaded), with their number. */
  private async orderedPage(
    matches: SQL | undefined,
    sort: Exclude<TFeedSort, 'relevance'>,
    page: TPage,
  ): Promise<TFeedPage> {
    const needsWorks = sort === 'likes' || sort === 'downloads';
    const chosen = this.db
      .select({
        id: workSearch.workId,
        total: sql<number>`(count(*) over ())::int`.as('total'),
      })
      .from(workSearch)
      .$dynamic();
    const inner = (needsWorks ? chosen.innerJoin(works, eq(works.id, workSearch.workId)) : chosen)
      .where(matches)
      .orderBy(...SEARCH_ORDERS[sort])
      .limit(page.limit)
      .offset(page.offset)
      .as('page_ids');
    const rows = await this.db
      .select({ ...cardColumns, total: inner.total })
      .from(inner)
      .innerJoin(works, eq(works.id, inner.id))
      .innerJoin(users, eq(users.id, works.userId))
      .orderBy(...ORDERS[sort]);
    return { rows: rows.map(withoutExtras), total: rows[0]?.total };
  }

  /** The number of published works in a list, with the version it was counted at. */
  async countVisible(filter: TFeedFilter): Promise<{ total: number; version: number }> {
    const [row] = filter.categoryId
      ? await this.db
          .select({ total: sql<number>`count(*)::int`, version: currentVersion })
          .from(workCategoryFeed)
          .where(eq(workCategoryFeed.categoryId, filter.categoryId))
      : await this.db
          .select({ total: sql<number>`count(*)::int`, version: currentVersion })
          .from(works)
          .where(isVisible);
    return { total: row?.total ?? 0, version: row?.version ?? 0 };
  }

  private async countMatches(where: SQL | undefined): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(workSearch)
      .where(where);
    return row?.total ?? 0;
  }
}
