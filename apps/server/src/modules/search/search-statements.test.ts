import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type TDatabase } from '../../db/client';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { FeedRepository } from '../feed/feed.repository';
import { SearchRepository } from './search.repository';
import { SearchIndexer } from './search-indexer';
import { lookupParam, lookupQuery, MAX_EXPANSIONS } from './search-lookup.sql';
import { SearchMatcher } from './search-matcher';
import { quoteLexeme } from './search-text';

/*
 * A search never seen before is answered from the database (ADR 0018), and
 * every statement it sends is a round trip on a busy machine. These hold how
 * many it sends once the typo look-ups are cached, and that what it answers
 * is what it was.
 */

let t: TTestApp;
let matcher: SearchMatcher;
let searchRepository: SearchRepository;
let repository: FeedRepository;
/** Statements sent through the driver since the last reset, on either driver. */
let sent: string[] = [];

/** Counts what the driver is asked to run: node-postgres' pool and PGlite both go through `query`. */
function countStatements(db: TDatabase): void {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [first] = args;
    sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return query(...args);
  };
}

async function search(text: string, offset = 0, limit = 50) {
  const match = await matcher.match(text);
  if (!match) throw new Error(`no query for ${text}`);
  return repository.searchPage({ match }, 'relevance', { offset, limit });
}

/** The page and the statements it took, typo look-ups of its words already cached. */
async function measured(text: string, offset = 0, limit = 50) {
  await search(text, offset, limit);
  sent = [];
  const page = await search(text, offset, limit);
  return { page, statements: sent.length };
}

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t.db, { nickname: 'Round Trip' });
  const titles = [
    'Lantern base',
    'Lanterns for the porch',
    'Garden lamp',
    'Desk lamp',
    '小猫钥匙扣',
  ];
  // More words starting "zqq" than a prefix is spelled out for (ADR 0024).
  for (let i = 0; i < MAX_EXPANSIONS + 2; i += 1)
    titles.push(`zqq${String.fromCharCode(97 + i)}x marker`);
  for (const title of titles) await createWork(t.db, { title, userId: author.id });
  await new SearchIndexer(t.db).refresh();
  searchRepository = new SearchRepository(t.db);
  matcher = new SearchMatcher(searchRepository);
  repository = new FeedRepository(t.db);
  countStatements(t.db);
});

afterAll(async () => {
  await t.close();
});

describe('the statements of a new search', () => {
  it('counts nothing again for a search that finds nothing, and answers a total of 0', async () => {
    const found = await measured('lantern base');
    expect(found.page.total).toBe(1);
    const { page, statements } = await measured('lantern garden');
    expect(page).toEqual({ rows: [], total: 0 });
    expect(statements).toBe(found.statements);
  });

  it('still counts the matches for a page past the last one', async () => {
    const { page } = await measured('lamp', 5, 5);
    expect(page.rows).toEqual([]);
    expect(page.total).toBe(2);
    const first = await search('lamp', 0, 5);
    expect(first.total).toBe(2);
    expect(first.rows.map((row) => row.title).sort()).toEqual(['Desk lamp', 'Garden lamp']);
  });

  it('sends one statement: the prefixes are spelled out inside it (ADR 0026)', async () => {
    const { page, statements } = await measured('lantern base');
    expect(page.rows.map((row) => row.title)).toEqual(['Lantern base']);
    expect(statements).toBe(1);
    expect((await measured('lanter')).statements).toBe(1);
  });
});

describe('the query a search matches with', () => {
  /** Work ids a tsquery (SQL) matches among visible documents. */
  async function idsMatching(query: ReturnType<typeof sql>): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      t.db,
      sql`select work_id as id from work_search where visible and document @@ ${query} order by 1`,
    );
    return rows.map((row) => row.id);
  }

  it('matches exactly what the query as typed matches', async () => {
    const texts = [
      'lan',
      'lantern',
      'lanterns porch',
      'lamp garden',
      'lantren',
      'zqq',
      'zqqc marker',
      'qqqzz',
      'la',
      '小猫 lamp',
      'desk lam',
    ];
    for (const text of texts) {
      const match = await matcher.match(text);
      if (!match) throw new Error(`no query for ${text}`);
      const typed = await idsMatching(sql`${match.tsquery}::tsquery`);
      const spelled = await idsMatching(lookupQuery(lookupParam(match.lookup)));
      expect(spelled, text).toEqual(typed);
    }
    expect(await idsMatching(sql`${'zqq:*'}::tsquery`)).toHaveLength(MAX_EXPANSIONS + 2);
  });

  it('quotes a prefix as search-text quotes a lexeme', async () => {
    for (const word of ["o'brien", 'back\\slash', "it''s"]) {
      const spelled = await searchRepository.lookupText({ parts: ['', ''], prefixes: [word] });
      const [quoted] = await queryRows<{ text: string }>(
        t.db,
        sql`select (${quoteLexeme(word)}::tsquery)::text as text`,
      );
      expect(spelled).toBe(quoted?.text);
    }
  });
});
