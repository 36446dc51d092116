import type { TFeedSort } from '@layerline/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client';
import { intArrayParam } from '../../db/prepared';
import { users, workSearch, works } from '../../db/schema';
import { cardColumns, type TCardRow } from '../../kernel/card-columns.sql';
import type { TPage } from '../../kernel/pagination';
import {
  lookupParam,
  lookupQuery,
  type TLookup,
  type TNarrowed,
  type TSearchMatch,
  type TSearchTitles,
  type TTitleRow,
} from '../search';
import { inCategory, ORDERS, type TFeedFilter, type TFeedPage, withoutExtras } from './feed.sql';
import { candidateWords, chooseCandidates } from './feed-candidates';
import type { FeedCardsRepository } from './feed-cards.repository';
import { candidateOrder, matching, relevance, SEARCH_ORDERS, searchable } from './feed-search.sql';

/**
 * How many matches a search ranks with ts_rank (ADR 0022). The rest are
 * counted but not ranked: a common word matches 20,000 works, and ranking
 * them all cost 40 to 120 ms per new search.
 */
export const RANKED_CANDIDATES = 500;
/** The prepared statement of a page among candidates that are all ranked (ADR 0066). */
const RANKED_STATEMENT = 'search_ranked_among';
/** The prepared statement of `termMatches`. */
export const TERM_MATCHES_STATEMENT = 'search_term_matches';

type TSearchQuery = PgPreparedQuery<
  PreparedQueryConfig & { execute: (TCardRow & { score: number | null; total: number })[] }
>;

type TRankedQuery = PgPreparedQuery<
  PreparedQueryConfig & { execute: (TCardRow & { score: number })[] }
>;

/** The SQL of /works/home's searches (SPEC 4 Search, ADR 0022, 0026, 0038, 0039). */
export class FeedSearchRepository {
  private readonly preparedSearches = new Map<string, TSearchQuery>();

  private rankedStatement: TRankedQuery | undefined;

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
    /** A search without a text is a list page. */
    private readonly cards: FeedCardsRepository,
    options: { rankedCandidates?: number } = {},
  ) {
    this.rankedCandidates = options.rankedCandidates ?? RANKED_CANDIDATES;
  }

  /**
   * One page of a search, by relevance or a list order, with the number of
   * all matches. The search table carries visibility and publication time,
   * so relevance and newest never touch the works table before the page is
   * chosen; only most liked and most downloaded join it for their counters.
   */
  async searchPage(filter: TFeedFilter, sort: TFeedSort, page: TPage): Promise<TFeedPage> {
    const { match } = filter;
    if (!match) return this.cards.listPage(filter, sort, page);
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
    if (page.offset + page.limit <= this.rankedCandidates) {
      // Every candidate is ranked: the page is the best ranked, nothing to place after them.
      const rows = await this.rankedQuery().execute({
        ids: intArrayParam(chosen),
        tsquery: match.tsquery,
        folded: match.folded,
        limit: page.limit,
        offset: page.offset,
      });
      return { rows: rows.map(withoutExtras), total: all.length };
    }
    const found = await this.relevancePage(match, undefined, page, { ids: chosen, checked: false });
    return { rows: found.rows, total: all.length };
  }

  /**
   * A page of chosen candidates that are all ranked (ADR 0066): each is
   * read by key and ranked as it is read, best first. ADR 0022's statement
   * would give the same page (every position within the bound, so the
   * order is the score, then the larger id) after counting the candidates
   * and sorting them twice, each row with its document: half of its time
   * on the benchmark's texts (docs/PERFORMANCE.md, "New searches").
   */
  private rankedQuery(): TRankedQuery {
    if (this.rankedStatement) return this.rankedStatement;
    const score = relevance({
      id: sql`${workSearch.workId}`,
      titleNorm: sql`${workSearch.titleNorm}`,
      publishedAt: sql`${workSearch.publishedAt}`,
      document: sql`${workSearch.document}`,
    });
    const chosen = this.db
      .select({
        id: sql<number>`${workSearch.workId}`.as('match_id'),
        score: sql<number>`${score}`.as('score'),
      })
      .from(workSearch)
      .where(and(searchable, sql`${workSearch.workId} = any(${sql.placeholder('ids')}::int[])`))
      .orderBy(sql`score desc`, sql`${workSearch.workId} desc`)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page_ids');
    const query = this.db
      .select({ ...cardColumns, score: chosen.score })
      .from(chosen)
      .innerJoin(works, eq(works.id, chosen.id))
      .innerJoin(users, eq(users.id, works.userId))
      .orderBy(sql`${chosen.score} desc`, sql`${works.id} desc`)
      .prepare(RANKED_STATEMENT);
    this.rankedStatement = query;
    return query;
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

  private async countMatches(where: SQL | undefined): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(workSearch)
      .where(where);
    return row?.total ?? 0;
  }
}
