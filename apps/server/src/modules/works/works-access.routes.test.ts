import { ZAuthorCardResponse, ZWorkListResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { workFixture } from '../../test/works-fixture';

let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let owner: TWho;
let other: TWho;
let moderator: TWho;
const published: number[] = [];
let inReview: number;
let rejected: number;
let deleted: number;

const DAY = 24 * 60 * 60 * 1000;
const base = Date.UTC(2025, 0, 1);

async function who(overrides: Parameters<typeof createUser>[1] = {}, role?: 'moderator') {
  const user = await createUser(t.db, overrides);
  return { id: user.id, headers: (await signIn(t, user.id, { role })).headers };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await who({ nickname: 'owner.maker@example.test', bio: 'I print things', tag: 'Pro' });
  other = await who();
  moderator = await who({ role: 'moderator' }, 'moderator');
  // Five published works, the newest last; plus one of each hidden state.
  for (let i = 0; i < 5; i += 1) {
    const at = new Date(base + i * DAY);
    const work = await createWork(t.db, {
      userId: owner.id,
      title: `Published ${i}`,
      publishedAt: at,
      createdAt: at,
    });
    published.push(work.id);
  }
  const later = new Date(base + 10 * DAY);
  inReview = (await createWork(t.db, { userId: owner.id, status: 'in_review', createdAt: later }))
    .id;
  rejected = (
    await createWork(t.db, {
      userId: owner.id,
      status: 'rejected',
      rejectionReason: 'Blurry cover',
      createdAt: new Date(base + 11 * DAY),
    })
  ).id;
  deleted = (await createWork(t.db, { userId: owner.id, deletedAt: later })).id;
});

afterAll(async () => {
  await t.close();
});

const inject = (method: 'GET' | 'DELETE' | 'PUT', url: string, headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

describe('visibility (DESIGN 3)', () => {
  it('shows unpublished works to their owner and moderators only; 404 to others', async () => {
    for (const id of [inReview, rejected]) {
      expect((await inject('GET', `/api/v1/works/${id}`)).statusCode).toBe(404);
      expect((await inject('GET', `/api/v1/works/${id}`, other.headers)).statusCode).toBe(404);
      const own = await inject('GET', `/api/v1/works/${id}`, owner.headers);
      expect(own.statusCode).toBe(200);
      expect((await inject('GET', `/api/v1/works/${id}`, moderator.headers)).statusCode).toBe(200);
    }
    const own = await inject('GET', `/api/v1/works/${rejected}`, owner.headers);
    expect(own.json().data).toMatchObject({ status: 'rejected', rejection_reason: 'Blurry cover' });
    expect((await inject('GET', `/api/v1/works/${published[0]}`)).statusCode).toBe(200);
  });

  it('hides deleted works from everybody, their owner too', async () => {
    for (const headers of [{}, owner.headers, moderator.headers]) {
      expect((await inject('GET', `/api/v1/works/${deleted}`, headers)).statusCode).toBe(404);
    }
    expect((await inject('GET', '/api/v1/works/999999')).json()).toMatchObject({ code: 404 });
    expect((await inject('GET', '/api/v1/works/abc')).statusCode).toBe(400);
  });
});

describe('owner only (SPEC 6)', () => {
  it('answers 403 to anybody else editing or deleting, 401 without login', async () => {
    const fixture = await workFixture(t, other.id);
    const id = published[0] as number;
    const edit = await inject('PUT', '/api/v1/works/update', other.headers, {
      ...fixture.form(),
      id,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 403, msg: 'You can only change your own works' });
    const remove = await inject('DELETE', `/api/v1/works/${id}`, other.headers);
    expect(remove.statusCode).toBe(403);
    expect((await inject('DELETE', `/api/v1/works/${id}`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/v1/works/${id}`)).statusCode).toBe(200);
  });

  it('lets the owner delete: the work leaves the detail and every list', async () => {
    const work = await createWork(t.db, { userId: owner.id, publishedAt: new Date(base - DAY) });
    const res = await inject('DELETE', `/api/v1/works/${work.id}`, owner.headers);
    expect(res.json()).toMatchObject({ code: 200, data: { id: work.id } });
    expect((await inject('GET', `/api/v1/works/${work.id}`, owner.headers)).statusCode).toBe(404);
    const mine = await inject('GET', '/api/v1/works?mine=1&pageSize=100', owner.headers);
    expect(mine.json().data.map((w: { id: number }) => w.id)).not.toContain(work.id);
    expect((await inject('DELETE', `/api/v1/works/${work.id}`, owner.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/v1/works', () => {
  const list = async (query: string, headers = {}) => {
    const res = await inject('GET', `/api/v1/works${query}`, headers);
    return { res, body: res.statusCode === 200 ? ZWorkListResponse.parse(res.json()) : undefined };
  };

  it('pages through published works, newest first', async () => {
    const newestFirst = [...published].reverse();
    const first = await list('?page=1&pageSize=2');
    expect(first.body?.data.map((w) => w.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.body?.total).toBe(5);
    expect((await list('?page=3&pageSize=2')).body?.data.map((w) => w.id)).toEqual(
      newestFirst.slice(4),
    );
    const past = await list('?page=4&pageSize=2');
    expect(past.body).toMatchObject({ data: [], total: 5 });
    const all = await list('');
    expect(all.body?.data.map((w) => w.id)).toEqual(newestFirst);
  });

  it('gives cards with the author shortened from an e-mail (SPEC 3)', async () => {
    const { body } = await list('?pageSize=1');
    expect(body?.data[0]).toEqual({
      id: published[4],
      title: 'Published 4',
      cover: [expect.stringMatching(/^\/files\//)],
      // The factory's work has no cover upload behind it, so no thumbnail.
      cover_thumb: '',
      nickname: 'owner.maker',
      avatar: '',
      created_by: owner.id,
      like: 0,
      favor: 0,
      is_like: false,
      download_count: 0,
      comment_count: 0,
      CreatedAt: new Date(base + 4 * DAY).toISOString(),
      status: 'published',
      rejection_reason: '',
    });
  });

  it('refuses bad page parameters', async () => {
    for (const query of ['?page=0', '?pageSize=0', '?pageSize=101', '?page=x']) {
      expect((await list(query)).res.statusCode).toBe(400);
    }
  });

  it('mine=1 lists the caller’s works in every state, and needs a login', async () => {
    expect((await list('?mine=1')).res.statusCode).toBe(401);
    const { body } = await list('?mine=1&pageSize=100', owner.headers);
    expect(body?.data.map((w) => w.id)).toEqual([rejected, inReview, ...[...published].reverse()]);
    expect(body?.data[0]).toMatchObject({ status: 'rejected', rejection_reason: 'Blurry cover' });
    expect(body?.total).toBe(7);
    expect((await list('?mine=1', other.headers)).body?.total).toBe(0);
  });
});

describe('authors', () => {
  it('GET /works/author/{id}: profile, stats and the latest 3 published works', async () => {
    const res = await inject('GET', `/api/v1/works/author/${owner.id}`);
    const card = ZAuthorCardResponse.parse(res.json()).data;
    expect(card).toMatchObject({
      id: owner.id,
      nickname: 'owner.maker',
      creatorTag: 'Pro',
      bio: 'I print things',
      follow_count: 0,
      fans_count: 0,
      work_count: 5,
      is_follow: false,
    });
    expect(card.userWorks.map((w) => w.id)).toEqual([...published].reverse().slice(0, 3));
    expect((await inject('GET', '/api/v1/works/author/999999')).statusCode).toBe(404);
  });

  it('GET /works/author/all/{id}: published for others, every state for the owner', async () => {
    const url = `/api/v1/works/author/all/${owner.id}`;
    const visitor = ZWorkListResponse.parse(
      (await inject('GET', `${url}?author=${owner.id}&page=2&pageSize=3`)).json(),
    );
    expect(visitor.total).toBe(5);
    expect(visitor.data.map((w) => w.id)).toEqual([published[1], published[0]]);
    const empty = ZWorkListResponse.parse((await inject('GET', `${url}?page=9`)).json());
    expect(empty).toMatchObject({ data: [], total: 5 });
    const own = ZWorkListResponse.parse((await inject('GET', url, owner.headers)).json());
    expect(own.total).toBe(7);
    expect(own.data.map((w) => w.status)).toContain('in_review');
    const noWorks = ZWorkListResponse.parse(
      (await inject('GET', `/api/v1/works/author/all/${moderator.id}`)).json(),
    );
    expect(noWorks).toMatchObject({ data: [], total: 0 });
    expect((await inject('GET', '/api/v1/works/author/all/999999')).statusCode).toBe(404);
  });
});
