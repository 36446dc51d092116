import { ZWorkListResponse } from '@layerline/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workSearch } from '../../db/schema';
import { createUser, createWork } from '../../test/factories';
import { dropWritten, workTags } from '../../test/kept-answers';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { SearchIndexer } from './search-indexer';
import { TOKENIZER_VERSION } from './search-text';

let t: TTestApp;
let sign = { id: 0, userId: 0 };

async function titlesOf(text: string) {
  const url = `/api/v1/works/home?query=${encodeURIComponent(text)}`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return ZWorkListResponse.parse(res.json())
    .data.map((card) => card.title)
    .sort();
}

beforeAll(async () => {
  t = await createTestApp();
  const { id: userId } = await createUser(t.db, { nickname: 'Maker' });
  const work = (title: string, extra: Parameters<typeof createWork>[1] = {}) =>
    createWork(t.db, { title, userId, publishedAt: new Date(), ...extra });
  await work('Slate coaster');
  await work('Parametric storage box');
  sign = await work('Walnut name sign', { tags: ['engraved'] });
  await work('Cat Keychain');
  await work('Glass vases');
  await work('Daily news stand');
  await work('木质杯垫');
  await new SearchIndexer(t.db).refresh();
});

afterAll(async () => {
  await t.close();
});

describe('search matches English word forms (SPEC 4 Search)', () => {
  it('finds the singular for a plural', async () => {
    // And the Chinese coaster through the glossary (ADR 0020).
    expect(await titlesOf('coasters')).toEqual(['Slate coaster', '木质杯垫']);
    expect(await titlesOf('keychains')).toEqual(['Cat Keychain']);
    expect(await titlesOf('boxes')).toEqual(['Parametric storage box']);
  });

  it('finds the plural for a singular', async () => {
    expect(await titlesOf('vase')).toEqual(['Glass vases']);
  });

  it('finds engraved and engrave for engraving', async () => {
    expect(await titlesOf('engraving')).toEqual(['Walnut name sign']);
    expect(await titlesOf('engrave')).toEqual(['Walnut name sign']);
  });

  it('does not strip words that only look plural', async () => {
    expect(await titlesOf('news')).toEqual(['Daily news stand']);
    expect(await titlesOf('new')).toEqual(['Daily news stand']); // as a prefix, as before
    expect(await titlesOf('glass')).toEqual(['Glass vases']);
    expect(await titlesOf('glasses')).toEqual(['Glass vases']);
  });

  it('keeps prefixes, typos and Chinese working', async () => {
    expect(await titlesOf('coast')).toEqual(['Slate coaster', '木质杯垫']);
    expect(await titlesOf('engr')).toEqual(['Walnut name sign']);
    expect(await titlesOf('keychian')).toEqual(['Cat Keychain']);
    expect(await titlesOf('parametirc')).toEqual(['Parametric storage box']);
    expect(await titlesOf('杯垫')).toEqual(['Slate coaster', '木质杯垫']);
  });

  it('rebuilds documents of an older tokenizer version on a full refresh', async () => {
    await t.db
      .update(workSearch)
      // A document as version 1 built it: words as typed, no stems.
      .set({ document: sql`'''walnut'':1A ''engraved'':4B'::tsvector`, version: 1 })
      .where(eq(workSearch.workId, sign.id));
    // Documents written past the API, by the test and by the indexer: their drops go with them (ADR 0044).
    await dropWritten(t, workTags(sign));
    expect(await titlesOf('engraving')).toEqual([]);
    expect(await new SearchIndexer(t.db).refresh({ full: true })).toBe(1);
    await dropWritten(t, workTags(sign));
    const [row] = await t.db
      .select({ version: workSearch.version })
      .from(workSearch)
      .where(eq(workSearch.workId, sign.id));
    expect(row?.version).toBe(TOKENIZER_VERSION);
    expect(await titlesOf('engraving')).toEqual(['Walnut name sign']);
  });
});
