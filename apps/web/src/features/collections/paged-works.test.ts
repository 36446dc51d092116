import { describe, expect, it } from 'vitest';
import { createWorkCard } from '../works/test-fakes';
import { flattenPages, nextPageOf } from './paged-list';
import { PAGED_WORKS_PAGE_SIZE } from './paged-works';

const cards = (...ids: number[]) => ids.map((id) => createWorkCard({ id }));

describe('paged works lists (SPEC 4 Feed paging rule, SPEC 9 page size 50)', () => {
  it('pages by 50', () => {
    expect(PAGED_WORKS_PAGE_SIZE).toBe(50);
  });

  it('has a next page while the page is below ceil(total / page size)', () => {
    expect(nextPageOf({ page: 1, total: 51, data: cards(1) }, PAGED_WORKS_PAGE_SIZE)).toBe(2);
    expect(nextPageOf({ page: 2, total: 101, data: cards(1) }, PAGED_WORKS_PAGE_SIZE)).toBe(3);
    expect(
      nextPageOf({ page: 1, total: 50, data: cards(1) }, PAGED_WORKS_PAGE_SIZE),
    ).toBeUndefined();
    expect(
      nextPageOf({ page: 3, total: 101, data: cards(1) }, PAGED_WORKS_PAGE_SIZE),
    ).toBeUndefined();
  });

  it('stops at an empty page even if the total says otherwise', () => {
    expect(nextPageOf({ page: 2, total: 500, data: [] }, PAGED_WORKS_PAGE_SIZE)).toBeUndefined();
  });

  it('joins the pages, showing a work that moved between pages once', () => {
    const items = flattenPages([
      { page: 1, total: 4, data: cards(4, 3) },
      { page: 2, total: 4, data: cards(3, 2, 1) },
    ]);
    expect(items.map((work) => work.id)).toEqual([4, 3, 2, 1]);
  });
});
