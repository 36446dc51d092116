import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { workFixture } from '../../test/works-fixture';

/**
 * DESIGN 3: anything the caller may not see answers exactly as a missing id
 * does. An id scan over every route that takes a work id must not tell
 * another user's in-review, rejected or deleted work from an id that was
 * never used.
 */
let t: TTestApp;
let stranger: { authorization: string };
let form: Awaited<ReturnType<typeof workFixture>>['form'];
const hidden: number[] = [];
const MISSING = 2_000_000_000;

beforeAll(async () => {
  t = await createTestApp({
    commentLimit: { max: 1000, windowMs: 60_000 },
    userLimits: { socialToggles: { max: 1000, windowMs: 60_000 } },
  });
  const owner = await createUser(t.db);
  const other = await createUser(t.db);
  stranger = (await signIn(t, other.id)).headers;
  ({ form } = await workFixture(t, other.id));
  for (let i = 0; i < 4; i += 1) {
    hidden.push((await createWork(t.db, { userId: owner.id, status: 'in_review' })).id);
    hidden.push(
      (await createWork(t.db, { userId: owner.id, status: 'rejected', rejectionReason: 'No' })).id,
    );
    hidden.push((await createWork(t.db, { userId: owner.id, deletedAt: new Date() })).id);
  }
});

afterAll(async () => {
  await t.close();
});

type TProbe = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (id: number) => string;
  payload?: (id: number) => object;
};

const PROBES: TProbe[] = [
  { name: 'detail', method: 'GET', url: (id) => `/api/v1/works/${id}` },
  { name: 'delete', method: 'DELETE', url: (id) => `/api/v1/works/${id}` },
  {
    name: 'update',
    method: 'PUT',
    url: () => '/api/v1/works/update',
    payload: (id) => ({ ...form(), id }),
  },
  { name: 'download', method: 'GET', url: (id) => `/api/v1/works/download/${id}` },
  {
    name: 'appeal',
    method: 'POST',
    url: () => '/api/v1/work/appeal/submit',
    payload: (id) => ({ work_id: id, appeal_reason: 'Please look again' }),
  },
  {
    name: 'comment',
    method: 'POST',
    url: () => '/api/v1/comment/put_comment',
    payload: (id) => ({ work_id: id, content: 'Nice print' }),
  },
  { name: 'comments', method: 'GET', url: (id) => `/api/v1/comment/work/withsub/${id}` },
  { name: 'like', method: 'POST', url: (id) => `/api/v1/works/like/${id}` },
  { name: 'unlike', method: 'DELETE', url: (id) => `/api/v1/works/like/${id}` },
  { name: 'favour', method: 'POST', url: (id) => `/api/v1/favor/${id}` },
  { name: 'unfavour', method: 'DELETE', url: (id) => `/api/v1/favor/${id}` },
  { name: 'approve', method: 'POST', url: (id) => `/api/v1/moderation/works/${id}/approve` },
];

async function answer(probe: TProbe, id: number) {
  const res = await t.app.inject({
    method: probe.method,
    url: probe.url(id),
    headers: { ...stranger, 'content-language': 'en' },
    payload: probe.payload?.(id),
  });
  const body = res.json() as { code: number; msg: string; data: unknown };
  return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data };
}

describe('hidden works answer as missing ids (DESIGN 3)', () => {
  for (const probe of PROBES) {
    it(`${probe.name}: identical answers for ${12} hidden works and a missing id`, async () => {
      const missing = await answer(probe, MISSING);
      for (const id of hidden) {
        expect({ id, ...(await answer(probe, id)) }).toEqual({ id, ...missing });
      }
    });
  }
});
