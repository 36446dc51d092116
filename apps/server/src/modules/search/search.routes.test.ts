import {
  ZDeleteSearchRecordResponse,
  ZSearchRecordListResponse,
  ZSearchWordsResponse,
} from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCounts } from '../../db/schema';
import { signIn, type TSignedIn } from '../../test/auth-helpers';
import { createCategory, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { DEFAULT_SENSITIVE_WORDS } from '../moderation';

const DAY = 24 * 60 * 60 * 1000;
let now = new Date();
let t: TTestApp;
let alice: TSignedIn;
let bob: TSignedIn;

/** A visitor's search counts once per IP and day, so `ip` stands for different people. */
async function search(text: string, session?: TSignedIn, page = 1, ip = '127.0.0.1') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/works/home?page=${page}&query=${encodeURIComponent(text)}`,
    headers: session?.headers ?? {},
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
}

async function history(session: TSignedIn) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/works/search_record',
    headers: session.headers,
  });
  expect(res.statusCode).toBe(200);
  return ZSearchRecordListResponse.parse(res.json()).data;
}

function deleteRecords(session: TSignedIn | undefined, ids: number[], locale = 'en') {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/v1/works/delete_search_record',
    headers: { ...(session?.headers ?? {}), 'content-language': locale },
    payload: { ids },
  });
}

async function words(path: 'hot' | 'guess', locale = 'en') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/works/search/${path}`,
    headers: { 'content-language': locale },
  });
  expect(res.statusCode).toBe(200);
  return ZSearchWordsResponse.parse(res.json()).data.map((entry) => entry.words);
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  alice = await signIn(t, (await createUser(t.db)).id, { clock: () => now });
  bob = await signIn(t, (await createUser(t.db)).id, { clock: () => now });
});

afterAll(async () => {
  await t.close();
});

describe('search history (SPEC 4: newest first, no duplicates)', () => {
  it('needs a login', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/works/search_record' });
    expect(list.statusCode).toBe(401);
    expect((await deleteRecords(undefined, [])).statusCode).toBe(401);
  });

  it('records first-page searches, newest first, the same text once', async () => {
    await search('Dragon', alice);
    await search('  vase  ', alice);
    await search('dragon', alice);
    await search('lamp', alice, 2);
    await search('   ', alice);
    const records = await history(alice);
    expect(records.map((record) => record.words)).toEqual(['dragon', 'vase']);
    expect(await history(bob)).toEqual([]);
  });

  it('keeps the latest 20', async () => {
    for (let i = 1; i <= 22; i += 1) await search(`word ${i}`, bob);
    const records = await history(bob);
    expect(records).toHaveLength(20);
    expect(records[0]?.words).toBe('word 22');
    expect(records.at(-1)?.words).toBe('word 3');
  });

  it('deletes one record with the localised message, and never another user’s', async () => {
    const [first, second] = await history(alice);
    const foreign = await deleteRecords(bob, [first?.id ?? 0]);
    expect(ZDeleteSearchRecordResponse.parse(foreign.json()).data.count).toBe(0);
    const res = await deleteRecords(alice, [first?.id ?? 0], 'zh');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, msg: '搜索记录已删除', data: { count: 1 } });
    expect(await history(alice)).toEqual([second]);
  });

  it('clears all records with an empty list', async () => {
    const res = await deleteRecords(bob, []);
    expect(res.json()).toMatchObject({
      code: 200,
      msg: 'Search history cleared',
      data: { count: 20 },
    });
    expect(await history(bob)).toEqual([]);
    expect(await history(alice)).toHaveLength(1);
  });

  it('refuses ids that are not numbers', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/works/delete_search_record',
      headers: alice.headers,
      payload: { ids: ['x'] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('hot searches', () => {
  it('lists the most searched texts of the last 7 days, visitors included', async () => {
    now = new Date(Date.now() - 8 * DAY);
    for (let i = 0; i < 9; i += 1) await search('old news', undefined, 1, `10.0.0.${i}`);
    now = new Date();
    // Earlier tests searched texts once a day per user ('dragon' twice, counted once).
    for (let i = 0; i < 4; i += 1) await search('Resin', undefined, 1, `10.0.1.${i}`);
    await search('resin', alice);
    for (let i = 0; i < 3; i += 1) await search('蓝牙音箱', undefined, 1, `10.0.2.${i}`);
    await search('蓝牙音箱', bob);
    for (let i = 0; i < 3; i += 1) await search('gear', undefined, 1, `10.0.3.${i}`);
    const hot = await words('hot');
    expect(hot.slice(0, 3)).toEqual(['resin', '蓝牙音箱', 'gear']);
    expect(hot).not.toContain('old news');
  });

  it('shows at most 10 and never a sensitive word', async () => {
    const bad = DEFAULT_SENSITIVE_WORDS[0] ?? '';
    for (let i = 0; i < 5; i += 1) await search(bad, undefined, 1, `10.0.4.${i}`);
    for (let i = 0; i < 12; i += 1) await search(`topic ${i}`);
    const hot = await words('hot');
    expect(hot).toHaveLength(10);
    expect(hot).not.toContain(bad);
  });
});

describe('hot searches: repeats do not count', () => {
  async function countOf(wordsKey: string): Promise<number> {
    await words('hot'); // writes the buffered counts
    const rows = await t.db
      .select({ count: searchCounts.count })
      .from(searchCounts)
      .where(eq(searchCounts.wordsKey, wordsKey));
    return rows.reduce((sum, row) => sum + row.count, 0);
  }

  it('counts a text once per visitor IP, or per user, and day', async () => {
    for (let i = 0; i < 10; i += 1) await search('Spool Holder', undefined, 1, '10.9.0.1');
    // Any letter case or spacing is the same text; a logged-in user counts by account.
    await search('  spool   holder ', undefined, 1, '10.9.0.1');
    for (let i = 0; i < 5; i += 1) await search('spool holder', alice, 1, `10.9.1.${i}`);
    await search('spool holder', undefined, 1, '10.9.0.2');
    expect(await countOf('spool holder')).toBe(3);
    // The next day counts again.
    now = new Date(now.getTime() + DAY);
    await search('spool holder', undefined, 1, '10.9.0.1');
    await search('spool holder', alice);
    expect(await countOf('spool holder')).toBe(5);
    now = new Date();
  });

  it('cannot push a term above one searched by more people', async () => {
    for (let i = 0; i < 30; i += 1) await search('spam term', undefined, 1, '10.9.2.1');
    for (let i = 0; i < 2; i += 1) await search('real topic', undefined, 1, `10.9.3.${i}`);
    expect(await countOf('spam term')).toBe(1);
    const hot = await words('hot');
    expect(hot).toContain('real topic');
    const spam = hot.indexOf('spam term');
    expect(spam === -1 || spam > hot.indexOf('real topic')).toBe(true);
  });
});

describe('guessed searches', () => {
  it('offers tags of recent works, then category names in the request’s language', async () => {
    const parent = await createCategory(t.db, { nameEn: 'Crafts', nameZh: '手工' });
    await createCategory(t.db, { parentId: parent.id, nameEn: 'Lamps', nameZh: '灯具' });
    await createWork(t.db, { tags: ['planter', 'Desk'] });
    await createWork(t.db, { tags: ['desk'] });
    const en = await words('guess');
    // Tags are counted in any letter case; which spelling shows depends on the collation.
    expect(en.slice(0, 2).map((w) => w.toLowerCase())).toEqual(['desk', 'planter']);
    expect(en).toContain('Lamps');
    expect(en).not.toContain('Crafts');
    expect(await words('guess', 'zh')).toContain('灯具');
  });
});
