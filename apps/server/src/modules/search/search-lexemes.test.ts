import { ZWorkListResponse } from '@layerline/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { works } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { createUser, createWork } from '../../test/factories';
import { dropWritten, workTags } from '../../test/kept-answers';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { SearchRepository } from './search.repository';
import { SearchIndexer } from './search-indexer';
import { MAX_EXPANSIONS, SearchMatcher } from './search-matcher';

/*
 * ADR 0024: a typed word matched as a prefix is searched as the indexed
 * words it starts, read from search_lexemes, which triggers keep complete.
 * It must find exactly what the prefix finds, at once after a publish.
 */

let t: TTestApp;
let authorId = 0;
let indexer: SearchIndexer;
/** More words starting "zqq" than a prefix is spelled out for. */
const MANY = MAX_EXPANSIONS + 2;

async function titlesOf(text: string): Promise<string[]> {
  const url = `/api/v1/works/home?pageSize=100&query=${encodeURIComponent(text)}`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const body = ZWorkListResponse.parse(res.json());
  expect(body.total).toBe(body.data.length);
  return body.data.map((card) => card.title).sort();
}

/** What the prefix query itself finds, straight from the documents. */
async function prefixTitles(prefix: string): Promise<string[]> {
  const rows = await queryRows<{ title: string }>(
    t.db,
    sql`select w.title from work_search s join works w on w.id = s.work_id
        where s.visible and s.document @@ to_tsquery('simple', ${`${prefix}:*`})`,
  );
  return rows.map((row) => row.title).sort();
}

/** The query the search statement matches with, its prefixes spelled out (ADR 0026). */
async function lookupOf(text: string): Promise<string | undefined> {
  const repository = new SearchRepository(t.db);
  const match = await new SearchMatcher(repository).match(text);
  return match && repository.lookupText(match.lookup);
}

beforeAll(async () => {
  t = await createTestApp();
  indexer = new SearchIndexer(t.db);
  authorId = (await createUser(t.db, { nickname: 'Lexeme Lab' })).id;
  for (const title of ['Lantern base', 'Lanterns for the porch', 'Landscape relief', 'Lamp']) {
    await createWork(t.db, { title, userId: authorId });
  }
  for (let i = 0; i < MANY; i += 1) {
    await createWork(t.db, {
      title: `zqq${String.fromCharCode(97 + i)}x marker`,
      userId: authorId,
    });
  }
  await indexer.refresh();
});

afterAll(async () => {
  await t.close();
});

describe('search_lexemes', () => {
  it('holds every lexeme of every document', async () => {
    const missing = await queryRows<{ lexeme: string }>(
      t.db,
      sql`select distinct unnest(tsvector_to_array(document)) as lexeme from work_search
          except select lexeme from search_lexemes`,
    );
    expect(missing).toEqual([]);
    const [count] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from search_lexemes where lexeme like 'lan%'`,
    );
    expect(count?.n).toBeGreaterThanOrEqual(3);
  });

  it('spells a prefix out as the words it starts, and finds what the prefix finds', async () => {
    const lookup = await lookupOf('lan');
    expect(lookup).toBeDefined();
    expect(lookup).not.toContain(':*');
    expect(lookup).toContain("'lantern'");
    expect(await titlesOf('lan')).toEqual(await prefixTitles('lan'));
    expect(await titlesOf('lan')).toEqual([
      'Landscape relief',
      'Lantern base',
      'Lanterns for the porch',
    ]);
  });

  it(`keeps a prefix that starts more than ${MAX_EXPANSIONS} words a prefix`, async () => {
    expect(await lookupOf('zqq')).toBe("'zqq':*");
    expect(await titlesOf('zqq')).toHaveLength(MANY);
    expect(await titlesOf('zqq')).toEqual(await prefixTitles('zqq'));
    expect(await lookupOf('zqqa')).toBe("'zqqax'");
    expect(await titlesOf('zqqa')).toEqual(['zqqax marker']);
  });

  it('finds nothing for a prefix no indexed word starts', async () => {
    expect(await lookupOf('qqqzz')).toBe("'qqqzz'");
    expect(await titlesOf('qqqzz')).toEqual([]);
  });

  it('knows the words of a work published a moment ago, and of an edited one', async () => {
    const fresh = await createWork(t.db, { title: 'Quokkaland planter', userId: authorId });
    await new UnitOfWork(t.db).run((tx) => indexer.indexWorks([fresh.id], tx));
    // Written past the API (works.create drops these): the test drops them (ADR 0044).
    await dropWritten(t, workTags(fresh));
    expect(await titlesOf('quokk')).toEqual(['Quokkaland planter']);

    // An edit writes the document again (an update): its new words count too.
    await t.db.update(works).set({ title: 'Wombatville planter' }).where(eq(works.id, fresh.id));
    await indexer.indexWorks([fresh.id]);
    await dropWritten(t, workTags(fresh));
    expect(await titlesOf('wombatv')).toEqual(['Wombatville planter']);
    expect(await titlesOf('quokk')).toEqual([]);
  });
});
