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
