import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { searchCounts } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import { SearchRepository } from './search.repository';
import { SearchCounter } from './search-counter';

let database: TDatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('SearchCounter with an entry the database refuses', () => {
  it('drops the poison entry after logging it and writes every other count', async () => {
    const errors: unknown[] = [];
    const clock = () => new Date('2026-03-02T08:00:00Z');
    const counter = new SearchCounter(new SearchRepository(database.db), clock, (error) =>
      errors.push(error),
    );
    counter.count('poison\u0000x', 'poison\u0000x');
    counter.count('kitten', 'kitten');
    counter.count('kitten', 'kitten');

    await counter.flush();
    expect(errors).toHaveLength(1);

    // Later counts are written; the poison entry does not come back.
    counter.count('dragon', 'dragon');
    await counter.flush();
    const rows = await database.db
      .select({ wordsKey: searchCounts.wordsKey, count: searchCounts.count })
      .from(searchCounts);
    expect(rows.sort((a, b) => a.wordsKey.localeCompare(b.wordsKey))).toEqual([
      { wordsKey: 'dragon', count: 1 },
      { wordsKey: 'kitten', count: 2 },
    ]);
    expect(errors).toHaveLength(1);
    await counter.close();
  });
});

describe('SearchCounter while the database is away', () => {
  it('keeps the whole batch for the next flush in one statement, and writes it once back', async () => {
    const errors: unknown[] = [];
    const repository = new SearchRepository(database.db);
    const calls: number[] = [];
    let isDown = true;
    const flaky = Object.create(repository) as SearchRepository;
    flaky.addCounts = async (batch) => {
      calls.push(batch.length);
      if (isDown) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      return repository.addCounts(batch);
    };
    const clock = () => new Date('2026-03-03T08:00:00Z');
    const counter = new SearchCounter(flaky, clock, (error) => errors.push(error));
    for (const word of ['lamp', 'vase', 'box']) counter.count(word, word);

    await expect(counter.flush()).rejects.toThrow('connection refused');
    // One statement for the batch, not one per row while the database is down.
    expect(calls).toEqual([3]);
    isDown = false;
    counter.count('lamp', 'lamp');
    await counter.flush();
    expect(calls).toEqual([3, 3]);
    const rows = await database.db
      .select({ wordsKey: searchCounts.wordsKey, count: searchCounts.count })
      .from(searchCounts)
      .where(eq(searchCounts.day, '2026-03-03'));
    expect(rows.sort((a, b) => a.wordsKey.localeCompare(b.wordsKey))).toEqual([
      { wordsKey: 'box', count: 1 },
      { wordsKey: 'lamp', count: 2 },
      { wordsKey: 'vase', count: 1 },
    ]);
    expect(errors).toEqual([]);
    await counter.close();
  });
});

describe('SearchRepository.addCounts', () => {
  it("adds a whole batch to its days' totals, any text intact, the latest spelling kept", async () => {
    const repository = new SearchRepository(database.db);
    const texts = [
      'it\'s "quoted"',
      'back\\slash',
      '小猫 钥匙扣',
      'emoji 🐱',
      '{"json":[1]}',
      'a,b',
    ];
    const batch = texts.flatMap((text, i) => [
      { day: '2026-03-04', wordsKey: `k${i}`, words: text, count: i + 1 },
      { day: '2026-03-05', wordsKey: `k${i}`, words: text, count: 1 },
    ]);
    await repository.addCounts(batch);
    await repository.addCounts([
      { day: '2026-03-04', wordsKey: 'k0', words: 'It’s new', count: 5 },
    ]);
    const rows = await database.db
      .select({
        day: searchCounts.day,
        wordsKey: searchCounts.wordsKey,
        words: searchCounts.words,
        count: searchCounts.count,
      })
      .from(searchCounts)
      .where(inArray(searchCounts.day, ['2026-03-04', '2026-03-05']));
    const byKey = new Map(rows.map((row) => [`${row.day} ${row.wordsKey}`, row]));
    expect(rows).toHaveLength(texts.length * 2);
    texts.forEach((text, i) => {
      expect(byKey.get(`2026-03-05 k${i}`)).toMatchObject({ words: text, count: 1 });
      if (i > 0) expect(byKey.get(`2026-03-04 k${i}`)).toMatchObject({ words: text, count: i + 1 });
    });
    expect(byKey.get('2026-03-04 k0')).toMatchObject({ words: 'It’s new', count: 6 });
  });
});
