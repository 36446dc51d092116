import { API_ROUTES, type TApiRouteName } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { COUNTING_READS, KEPT_READS, WRITES } from './freshness';
import type { TReadRouteName, TWriteRouteName, TWriteTable } from './freshness-tags';

/** ADR 0044: the freshness table is complete, by type and by the contract's method field. */
describe('the freshness table', () => {
  it('names every write endpoint of the contract, and no read', () => {
    const writes = (Object.keys(API_ROUTES) as TApiRouteName[]).filter(
      (name) => API_ROUTES[name].method !== 'GET',
    );
    expect(Object.keys(WRITES).sort()).toEqual(writes.sort());
    for (const name of Object.keys(KEPT_READS) as TApiRouteName[]) {
      expect(API_ROUTES[name].method, name).toBe('GET');
    }
  });

  it('is a type error without one write endpoint, or with a GET among them', () => {
    const { 'social.like': _omitted, ...missingOne } = WRITES;
    // @ts-expect-error social.like is missing: a new write endpoint without an entry does not compile.
    const incomplete: TWriteTable = missingOne;
    // @ts-expect-error feed.home is a GET: it is not a write endpoint.
    const read: TWriteRouteName = 'feed.home';
    // @ts-expect-error a tag is typed: a like changes work:<id>, not an arbitrary text.
    const untyped: TWriteTable = { ...WRITES, 'social.like': () => ['likes'] };
    expect([incomplete, read, untyped]).toHaveLength(3);
  });

  it('has figures moved by GETs only: a write says what it changes in WRITES', () => {
    for (const name of Object.keys(COUNTING_READS) as TApiRouteName[]) {
      expect(API_ROUTES[name].method, name).toBe('GET');
    }
    // @ts-expect-error social.like is a write endpoint, not a read that moves a figure.
    const write: TReadRouteName = 'social.like';
    expect(write).toBe('social.like');
  });
});
