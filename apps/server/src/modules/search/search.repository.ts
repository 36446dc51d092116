import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { queryRows, type TDatabase } from '../../db/client';
import { searchCounts, searchRecords, searchTerms, works } from '../../db/schema';
import { lookupParam, lookupQuery } from './search-lookup.sql';
import type { TLookup } from './search-query';

export type TSearchRecordRow = { id: number; words: string };
export type TCountedSearch = { day: string; wordsKey: string; words: string; count: number };

/** A counted search's row key (its day and folded text), ordered as the rows are written. */
export const countKey = (entry: Pick<TCountedSearch, 'day' | 'wordsKey'>) =>
  `${entry.day}\n${entry.wordsKey}`;

/** Search history, search counts and the typo-tolerance vocabulary (DESIGN 1). */
export class SearchRepository {
  constructor(private readonly db: TDatabase) {}

  /**
   * SPEC 4: the newest search first; a repeated text moves to the top
   * instead of repeating, and only the newest `keep` stay. Two statements:
   * run it on a unit of work, so they are kept or lost together.
   */
  async record(
    userId: number,
    words: string,
    wordsKey: string,
    now: Date,
    keep: number,
  ): Promise<void> {
    // Strictly later than the user's latest record, so two searches within
    // one clock tick still keep their order.
    const searchedAt = sql`greatest(${now.toISOString()}::timestamptz, (
      select max(${searchRecords.searchedAt}) + interval '1 millisecond'
      from ${searchRecords} where ${searchRecords.userId} = ${userId}
    ))`;
    await this.db
      .insert(searchRecords)
      .values({ userId, words, wordsKey, searchedAt })
      .onConflictDoUpdate({
        target: [searchRecords.userId, searchRecords.wordsKey],
        set: { words, searchedAt },
      });
    const kept = this.db
      .select({ id: searchRecords.id })
      .from(searchRecords)
      .where(eq(searchRecords.userId, userId))
      .orderBy(desc(searchRecords.searchedAt), desc(searchRecords.id))
      .limit(keep);
    await this.db
      .delete(searchRecords)
      .where(and(eq(searchRecords.userId, userId), notInArray(searchRecords.id, kept)));
  }

  history(userId: number, limit: number): Promise<TSearchRecordRow[]> {
    return this.db
      .select({ id: searchRecords.id, words: searchRecords.words })
      .from(searchRecords)
      .where(eq(searchRecords.userId, userId))
      .orderBy(desc(searchRecords.searchedAt), desc(searchRecords.id))
      .limit(limit);
  }

  /** Deletes the user's records with `ids`, or all of them when `ids` is empty. */
  async deleteRecords(userId: number, ids: readonly number[]): Promise<number> {
    const mine = eq(searchRecords.userId, userId);
    const deleted = await this.db
      .delete(searchRecords)
      .where(ids.length > 0 ? and(mine, inArray(searchRecords.id, [...ids])) : mine)
      .returning({ id: searchRecords.id });
    return deleted.length;
  }

  /**
   * Adds counted searches to their day's totals: one statement for a whole
   * batch, whose rows travel as one JSON parameter (as the indexer writes
   * documents). A batch holds every text
   * searched for a few seconds (thousands when searches are new), and a
   * VALUES list of four parameters a row took the event loop 80 to 120 ms
   * to build for 3,000 rows (docs/PERFORMANCE.md, "Hot-search counts in one
   * parameter"). Rows go in key order, so two instances adding the same
   * texts lock them in the same order.
   */
  async addCounts(counts: readonly TCountedSearch[]): Promise<void> {
    if (counts.length === 0) return;
    const inKeyOrder = counts
      .map((entry) => [countKey(entry), entry] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const rows = JSON.stringify(
      inKeyOrder.map(([, c]) => ({
        day: c.day,
        words_key: c.wordsKey,
        words: c.words,
        count: c.count,
      })),
    );
    await this.db.execute(sql`
      insert into ${searchCounts} (day, words_key, words, count)
      select day, words_key, words, count
      from jsonb_to_recordset(${rows}::jsonb)
        as batch(day date, words_key text, words text, count int)
      on conflict (day, words_key) do update
        set count = ${searchCounts}.count + excluded.count, words = excluded.words`);
  }

  /** The most searched texts since `fromDay`, with the latest spelling of each. */
  async hot(fromDay: string, limit: number): Promise<{ words: string; total: number }[]> {
    return queryRows<{ words: string; total: number }>(
      this.db,
      sql`
        select (array_agg(${searchCounts.words} order by ${searchCounts.day} desc))[1] as words,
               sum(${searchCounts.count})::int as total
        from ${searchCounts}
        where ${searchCounts.day} >= ${fromDay}
        group by ${searchCounts.wordsKey}
        order by total desc, max(${searchCounts.day}) desc, ${searchCounts.wordsKey}
        limit ${limit}
      `,
    );
  }

  async pruneCounts(beforeDay: string): Promise<void> {
    await this.db.delete(searchCounts).where(sql`${searchCounts.day} < ${beforeDay}`);
  }

  /** The query a search matches with (`lookupQuery`), as text: what the statement spells out. */
  async lookupText(lookup: TLookup): Promise<string> {
    const [row] = await queryRows<{ text: string }>(
      this.db,
      sql`select (${lookupQuery(lookupParam(lookup))})::text as text`,
    );
    return row?.text ?? '';
  }

  /**
   * The indexed words nearest to each of `words` by trigram distance (GiST
   * KNN, best first) that are at least `minSimilarity` alike: typo tolerance
   * for a vocabulary far smaller than the documents.
   */
  async similarTerms(words: readonly string[], perWord: number, minSimilarity: number) {
    if (words.length === 0) return [];
    return queryRows<{ word: string; term: string; similarity: number }>(
      this.db,
      sql`
        select q.word, s.term, (1 - s.distance)::float8 as similarity
        from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as q(word)
        cross join lateral (
          select ${searchTerms.term} as term, ${searchTerms.term} <-> q.word as distance
          from ${searchTerms}
          order by ${searchTerms.term} <-> q.word
          limit ${perWord}
        ) s
        where s.distance <= ${1 - minSimilarity}
        order by q.word, s.distance, s.term
      `,
    );
  }

  /** Tags of the latest published works, most frequent first (guessed searches). */
  async recentTags(sample: number, limit: number): Promise<string[]> {
    const rows = await queryRows<{ tag: string }>(
      this.db,
      sql`
        with recent as (
          select ${works.tags} as tags from ${works}
          where ${works.status} = 'published' and ${works.deletedAt} is null
          order by ${works.publishedAt} desc nulls last, ${works.id} desc nulls last
          limit ${sample}
        )
        select min(tag) as tag
        from recent, jsonb_array_elements_text(recent.tags) as tag
        group by lower(tag)
        order by count(*) desc, lower(tag)
        limit ${limit}
      `,
    );
    return rows.map((row) => row.tag);
  }
}
