import { type TPost, ZPostListResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { CommunityPagesRepository } from './community-pages.repository';

/**
 * The square and recommend feeds (ADR 0013) on a fixed clock: ages are
 * hours before NOW, so every score below is known.
 */
let t: TTestApp;
const NOW = new Date('2026-11-20T10:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 60 * 60_000);
type TWho = { id: number; headers: { authorization: string } };
let viewer: TWho;
/** Posts by name; see beforeAll for their scores. */
const ids: Record<string, number> = {};

beforeAll(async () => {
  // 25 minutes into the hour: ages are measured from 10:00, the hour's start.
  t = await createTestApp({ clock: () => new Date(NOW.getTime() + 25 * 60_000) });
  const followed = await createUser(t.db);
  const stranger = await createUser(t.db);
  const v = await createUser(t.db);
  viewer = { id: v.id, headers: (await signIn(t, v.id)).headers };
  const follow = await t.app.inject({
    method: 'POST',
    url: `/api/v1/follow/user/${followed.id}`,
    headers: viewer.headers,
  });
  expect(follow.statusCode).toBe(200);
  const make = async (
    name: string,
    hours: number,
    values: { userId?: number; likeCount?: number; commentCount?: number } = {},
  ) => {
    const at = hoursAgo(hours);
    const post = await createPost(t.db, {
      userId: stranger.id,
      content: name,
      createdAt: at,
      updatedAt: at,
      ...values,
    });
    ids[name] = post.id;
  };
  // Scores: (likes + 2·comments + 1) / (age + 2)^1.5, ×3 for people the viewer follows.
  await make('engaged', 20, { likeCount: 10, commentCount: 3 }); // 17 / 22^1.5 = 0.165
  await make('quiet', 2); // 1 / 4^1.5 = 0.125
  await make('followed', 1, { userId: followed.id }); // 0.192, ×3 = 0.577
  await make('older', 5); // 1 / 7^1.5 = 0.054
  await make('fresh', 0.5); // 1 / 2.5^1.5 = 0.253
  await make('tieA', 5); // as 'older', same time: the higher id first
  await make('ancientPopular', 40 * 24, { likeCount: 500 }); // outside the 30 days: by time
  await make('ancient', 50 * 24);
});

afterAll(async () => {
  await t.close();
});

const feed = (tab: string, query = '', as?: TWho) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/community/feed/${tab}${query}`,
    headers: as?.headers ?? {},
  });

const names = (posts: TPost[]) =>
  posts.map((post) => Object.keys(ids).find((name) => ids[name] === post.id));

/** Every page of a feed, `size` posts at a time, and the totals each page gave. */
async function allPages(tab: string, size: number, as?: TWho) {
  const seen: TPost[] = [];
  const totals = new Set<number>();
  for (let page = 1; page <= 10; page += 1) {
    const res = await feed(tab, `?page=${page}&pageSize=${size}`, as);
    expect(res.statusCode).toBe(200);
    const body = ZPostListResponse.parse(res.json());
    totals.add(body.total);
    if (body.data.length === 0) break;
    seen.push(...body.data);
  }
  return { seen, totals: [...totals] };
}

describe('GET /community/feed/square', () => {
  it('lists every post newest first, paged, with the total', async () => {
    const { seen, totals } = await allPages('square', 3);
    expect(names(seen)).toEqual([
      'fresh',
      'followed',
      'quiet',
      'tieA',
      'older',
      'engaged',
      'ancientPopular',
      'ancient',
    ]);
    expect(totals).toEqual([8]);
    expect(seen.every((post) => post.activity === null && post.activity_at === null)).toBe(true);
  });

  it('defaults to pages of 20 and answers past the end with an empty page', async () => {
    const first = ZPostListResponse.parse((await feed('square')).json());
    expect(first.data).toHaveLength(8);
    const past = ZPostListResponse.parse((await feed('square', '?page=5')).json());
    expect(past).toMatchObject({ data: [], total: 8 });
  });
});

describe('GET /community/feed/recommend', () => {
  it('ranks recent engagement with time decay for a visitor, then older posts by time', async () => {
    const { seen, totals } = await allPages('recommend', 3);
    expect(names(seen)).toEqual([
      'fresh',
      'followed',
      'engaged',
      'quiet',
      'tieA',
      'older',
      'ancientPopular',
      'ancient',
    ]);
    expect(totals).toEqual([8]);
  });

  it('puts an engaged older post above a quiet newer one', async () => {
    const order = names((await allPages('recommend', 20)).seen);
    expect(order.indexOf('engaged')).toBeLessThan(order.indexOf('quiet'));
    expect(order.indexOf('engaged')).toBeLessThan(order.indexOf('older'));
  });

  it('boosts posts by people the viewer follows, and never repeats a post across pages', async () => {
    for (const size of [1, 2, 3, 5]) {
      const { seen, totals } = await allPages('recommend', size, viewer);
      expect(names(seen)).toEqual([
        'followed',
        'fresh',
        'engaged',
        'quiet',
        'tieA',
        'older',
        'ancientPopular',
        'ancient',
      ]);
      expect(new Set(seen.map((post) => post.id)).size).toBe(seen.length);
      expect(totals).toEqual([8]);
    }
  });

  it('follows the ranked candidates with every older post at the seam, whatever the page size', async () => {
    const repository = new CommunityPagesRepository(t.db);
    const options = {
      viewerId: null,
      now: NOW,
      since: hoursAgo(30 * 24),
      maxCandidates: 3,
      followBoost: 3,
    };
    for (const size of [1, 2, 3, 4, 8]) {
      const order: number[] = [];
      for (let offset = 0; offset < 10; offset += size) {
        const { rows, total } = await repository.recommended(options, { limit: size, offset });
        expect(total).toBe(8);
        order.push(...rows.map((row) => row.id));
      }
      // The newest three are ranked; the rest come newest first.
      expect(order).toEqual(
        ['fresh', 'followed', 'quiet', 'tieA', 'older', 'engaged', 'ancientPopular', 'ancient'].map(
          (name) => ids[name],
        ),
      );
    }
  });

  it('refuses an unknown tab (400)', async () => {
    expect((await feed('hot')).statusCode).toBe(400);
  });
});
