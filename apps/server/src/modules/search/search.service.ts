import { LIMITS, type TLocale, type TSearchRecord, type TSearchWords } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter/limiter';
import { localised } from '../../lib/localised';
import type { SearchRepository } from './search.repository';
import type { SearchCounter } from './search-counter';
import { utcDay } from './search-counter';
import { foldText, tidySearchText } from './search-text';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOT_CACHE_MS = 60_000;
const GUESS_CACHE_MS = 10 * 60_000;
/** Recent works whose tags make the guessed searches. */
const GUESS_SAMPLE = 1000;

export type TCategoryName = { nameEn: string; nameZh: string };
export type TSearchDeps = {
  /** A history record (its upsert and the trim to the newest) is one unit of work (ADR 0045). */
  db: TDatabase;
  repository: SearchRepository;
  counter: SearchCounter;
  clock: TClock;
  /** Hot and guessed searches never show sensitive words (moderation's filter). */
  isClean: (text: string) => boolean;
  /** Child category names, the fallback of guessed searches. */
  categoryNames: () => Promise<TCategoryName[]>;
  /** Lets a text count once per searcher and day (absent: every search counts). */
  limiter?: Limiter;
};

type TCache<T> = { value: T; at: number } | undefined;

/**
 * Search history, hot searches and guessed searches (SPEC 2 suggestions
 * panel and Search screen, SPEC 4 Search).
 */
export class SearchService {
  private hotCache: TCache<TSearchWords[]>;
  private readonly guessCache = new Map<TLocale, NonNullable<TCache<TSearchWords[]>>>();

  private readonly uow: UnitOfWork;

  constructor(private readonly deps: TSearchDeps) {
    this.uow = new UnitOfWork(deps.db);
  }

  /**
   * Counts a search for hot searches and, for a logged-in user, puts it on
   * top of their history (SPEC 4: newest first, no duplicates). A text counts
   * at most once a (UTC) day per user, or per IP for visitors, so repeating
   * a search cannot push it up the hot list.
   */
  async recordSearch(viewer: TAuth | null, text: string, ip?: string): Promise<void> {
    const words = tidySearchText(text);
    if (!words) return;
    const wordsKey = foldText(words);
    if (await this.isFirstToday(viewer ? `user:${viewer.userId}` : `ip:${ip ?? ''}`, wordsKey)) {
      this.deps.counter.count(words, wordsKey);
    }
    if (!viewer) return;
    const now = this.deps.clock();
    await this.uow.run((tx) =>
      tx.search.record(viewer.userId, words, wordsKey, now, LIMITS.searchHistoryMax),
    );
  }

  private async isFirstToday(searcher: string, wordsKey: string): Promise<boolean> {
    const { limiter, clock } = this.deps;
    if (!limiter) return true;
    const now = clock();
    // The window ends with the UTC day the counts are kept by.
    const untilMidnight = DAY_MS - (now.getTime() % DAY_MS);
    return limiter.isFirst('hot-search', `${utcDay(now)}:${searcher}:${wordsKey}`, untilMidnight);
  }

  history(userId: number): Promise<TSearchRecord[]> {
    return this.deps.repository.history(userId, LIMITS.searchHistoryMax);
  }

  /** SPEC 7: `ids` with one record deletes it; empty clears the history. */
  async deleteRecords(
    userId: number,
    ids: readonly number[],
  ): Promise<{ count: number; messageKey: 'searchRecordDeleted' | 'searchRecordsCleared' }> {
    const count = await this.deps.repository.deleteRecords(userId, ids);
    return { count, messageKey: ids.length > 0 ? 'searchRecordDeleted' : 'searchRecordsCleared' };
  }

  /** The most searched texts of the last LIMITS.hotSearchDays days, by everybody. */
  async hot(): Promise<TSearchWords[]> {
    const wrote = await this.deps.counter.flush();
    const now = this.deps.clock().getTime();
    if (!wrote && this.hotCache && now - this.hotCache.at < HOT_CACHE_MS) {
      return this.hotCache.value;
    }
    const fromDay = utcDay(new Date(now - (LIMITS.hotSearchDays - 1) * DAY_MS));
    // Extra rows make up for texts the sensitive-word filter removes.
    const rows = await this.deps.repository.hot(fromDay, LIMITS.hotSearchCount * 3);
    const value = rows
      .filter((row) => this.deps.isClean(row.words))
      .slice(0, LIMITS.hotSearchCount)
      .map((row) => ({ words: row.words }));
    this.hotCache = { value, at: now };
    return value;
  }

  /**
   * Ours (SPEC 2 'guessed searches'): tags most used on recent works, then
   * category names in the request's language, without repeats.
   */
  async guess(locale: TLocale): Promise<TSearchWords[]> {
    const now = this.deps.clock().getTime();
    const cached = this.guessCache.get(locale);
    if (cached && now - cached.at < GUESS_CACHE_MS) return cached.value;
    const [tags, categories] = await Promise.all([
      this.deps.repository.recentTags(GUESS_SAMPLE, LIMITS.guessSearchCount),
      this.deps.categoryNames(),
    ]);
    const names = categories.map((category) => localised(locale, category.nameEn, category.nameZh));
    const seen = new Set<string>();
    const value: TSearchWords[] = [];
    for (const words of [...tags, ...names]) {
      const key = foldText(words);
      if (seen.has(key) || !this.deps.isClean(words)) continue;
      seen.add(key);
      value.push({ words });
      if (value.length === LIMITS.guessSearchCount) break;
    }
    this.guessCache.set(locale, { value, at: now });
    return value;
  }
}
