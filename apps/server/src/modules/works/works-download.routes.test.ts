import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';
import { readZip } from '../../test/zips';
import { uniqueNames } from './works-download.service';

let t: TTestApp;
let now = Date.UTC(2025, 5, 1, 10, 0, 0);
const clock = () => new Date(now);
let ownerId: number;
let readerId: number;
const bytes = {
  stl: randomBytes(2000),
  gcode: Buffer.from('G28\nG1 X10 Y10\n'),
  zip: randomBytes(700),
};
let multi: number;
let single: number;
let hidden: number;

const headersOf = async (userId: number) => (await signIn(t, userId, { clock })).headers;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { REVIEW_MODE: 'auto' } });
  ownerId = (await createUser(t.db)).id;
  readerId = (await createUser(t.db)).id;
  const fixture = await workFixture(t, ownerId);
  const stl = await storeUpload(t, ownerId, 'design', bytes.stl, '支架.stl', 'model/stl');
  const gcode = await storeUpload(t, ownerId, 'design', bytes.gcode, 'part.gcode', 'text/x-gcode');
  const zip = await storeUpload(t, ownerId, 'design', bytes.zip, 'extras.zip', 'application/zip');
  const create = async (payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers: await headersOf(ownerId),
      payload,
    });
    return res.json().data.id as number;
  };
  multi = await create(
    fixture.form({
      title: '桌面支架 Desk stand',
      project_file: [{ url: stl.url }, { url: gcode.url }, { url: zip.url }],
    }),
  );
  single = await create(fixture.form({ project_file: [{ url: gcode.url }] }));
  hidden = await create(fixture.form({ project_file: [{ url: stl.url }] }));
  const moderator = (await createUser(t.db, { role: 'admin' })).id;
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/moderation/works/${hidden}/reject`,
    headers: (await signIn(t, moderator, { role: 'admin', clock })).headers,
    payload: { reason: 'Duplicate' },
  });
});

afterAll(async () => {
  await t.close();
});

const download = async (id: number, userId: number | null, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/works/download/${id}${query}`,
    headers: userId === null ? {} : await headersOf(userId),
  });

/** A visitor's detail, kept (ADR 0018): a download that counted drops it (COUNTING_READS, ADR 0044). */
const downloads = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/works/${id}` })).json().data.download_count;

describe('GET /api/v1/works/download/{id}', () => {
  it('needs a login (SPEC 5), answering the envelope', async () => {
    const res = await download(multi, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 401 });
  });

  it('sends one file byte for byte, with its UTF-8 name', async () => {
    const res = await download(multi, readerId, '?file=0');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes.stl)).toBe(true);
    expect(res.headers['content-type']).toBe('model/stl');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__.stl"; filename*=UTF-8''${encodeURIComponent('支架.stl')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const only = await download(single, readerId);
    expect(only.rawPayload.equals(bytes.gcode)).toBe(true);
    expect(only.headers['content-disposition']).toContain('filename="part.gcode"');
  });

  it('sends every file as one ZIP that unpacks to the originals', async () => {
    const res = await download(multi, readerId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('桌面支架 Desk stand.zip')}`,
    );
    const entries = await readZip(res.rawPayload);
    expect([...entries.keys()]).toEqual(['支架.stl', 'part.gcode', 'extras.zip']);
    expect(entries.get('支架.stl')?.equals(bytes.stl)).toBe(true);
    expect(entries.get('part.gcode')?.equals(bytes.gcode)).toBe(true);
    expect(entries.get('extras.zip')?.equals(bytes.zip)).toBe(true);
  });

  it('counts each user once per day', async () => {
    // The reader downloaded `multi` three times today in the tests above.
    expect(await downloads(multi)).toBe(1);
    await download(multi, ownerId);
    expect(await downloads(multi)).toBe(2);
    now += 24 * 60 * 60 * 1000;
    await download(multi, readerId, '?file=1');
    await download(multi, readerId);
    expect(await downloads(multi)).toBe(3);
  });

  it('answers 404 for a file index out of range and for works the user may not see', async () => {
    expect((await download(multi, readerId, '?file=3')).statusCode).toBe(404);
    expect((await download(hidden, readerId)).statusCode).toBe(404);
    expect((await download(999999, readerId)).statusCode).toBe(404);
    const own = await download(hidden, ownerId);
    expect(own.rawPayload.equals(bytes.stl)).toBe(true);
    expect(await downloads(multi)).toBe(3);
  });
});

describe('uniqueNames', () => {
  it('keeps names and numbers repeats', () => {
    expect(uniqueNames(['a.stl', 'b.stl', 'A.stl', 'a.stl'])).toEqual([
      'a.stl',
      'b.stl',
      'A (2).stl',
      'a (3).stl',
    ]);
  });
});
