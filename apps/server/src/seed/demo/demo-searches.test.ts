import { ZSearchWordsResponse, ZWorkListResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchIndexer } from '../../modules/search';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { runSeed } from '../index';
import { DEMO_SEARCHES } from './searches.data';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
  await runSeed({ db: t.db, storage: t.storage, demo: true, log: { info: () => undefined } });
  await new SearchIndexer(t.db).refresh({ full: true });
});

afterAll(async () => {
  await t?.close();
});

describe('demo popular searches (SPEC 2 search panel on a fresh install)', () => {
  it('are the popular searches, most searched first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/works/search/hot' });
    expect(res.statusCode).toBe(200);
    const words = ZSearchWordsResponse.parse(res.json()).data.map((entry) => entry.words);
    expect(words).toEqual(
      [...DEMO_SEARCHES].sort((a, b) => b.count - a.count).map((entry) => entry.words),
    );
  });

  it('each finds demo works', async () => {
    for (const { words } of DEMO_SEARCHES) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/works/home?query=${encodeURIComponent(words)}`,
      });
      expect(res.statusCode).toBe(200);
      const body = ZWorkListResponse.parse(res.json());
      expect(body.total, `works found for '${words}'`).toBeGreaterThan(0);
    }
  });

  // ADR 0020: the glossary joins the languages; 花瓶 used to find 1 vase and 'vase' 2.
  it('finds the same demo works in either language', async () => {
    const ids = async (words: string) => {
      const url = `/api/v1/works/home?query=${encodeURIComponent(words)}&pageSize=50`;
      const body = ZWorkListResponse.parse((await t.app.inject({ method: 'GET', url })).json());
      return body.data.map((card) => card.id).sort((a, b) => a - b);
    };
    for (const [en, zh] of [
      ['vase', '花瓶'],
      ['keychain', '钥匙扣'],
      ['coaster', '杯垫'],
    ] as const) {
      const english = await ids(en);
      expect(english.length, en).toBeGreaterThan(1);
      expect(await ids(zh), zh).toEqual(english);
    }
  });
});
