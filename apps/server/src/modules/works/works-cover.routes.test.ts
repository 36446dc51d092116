import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { asciiStlOf, binaryStlOf, cubeMesh, objOf } from '../../test/mesh-files';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';

let t: TTestApp;
let owner: { id: number; headers: { authorization: string } };
let fixture: Awaited<ReturnType<typeof workFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db);
  owner = { id: user.id, headers: (await signIn(t, user.id)).headers };
  fixture = await workFixture(t, user.id);
});

afterAll(async () => {
  await t.close();
});

const save = (path: 'create' | 'update', payload: object) =>
  t.app.inject({
    method: path === 'create' ? 'POST' : 'PUT',
    url: `/api/v1/works/${path}`,
    headers: { ...owner.headers, 'content-language': 'en' },
    payload,
  });

const design = (data: Buffer, filename: string, mime: string) =>
  storeUpload(t, owner.id, 'design', data, filename, mime);

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
  bytes.subarray(8, 12).toString('latin1') === 'WEBP';

/** The cover is served as an image, and recorded as the author's cover upload with a thumbnail. */
async function expectGeneratedCover(url: string | undefined) {
  expect(url).toMatch(/^\/files\/.+\.webp$/);
  const image = await t.app.inject({ method: 'GET', url: url ?? '' });
  expect(image.statusCode).toBe(200);
  expect(image.headers['content-type']).toBe('image/webp');
  expect(isWebp(image.rawPayload)).toBe(true);
  const [row] = await t.db
    .select()
    .from(files)
    .where(and(eq(files.url, url ?? ''), eq(files.userId, owner.id)));
  expect(row).toMatchObject({ kind: 'cover', mime: 'image/webp' });
  const thumbnail = await t.app.inject({ method: 'GET', url: row?.thumbnail ?? '' });
  expect(thumbnail.statusCode).toBe(200);
  expect(isWebp(thumbnail.rawPayload)).toBe(true);
}

describe('generated covers (ADR 0005)', () => {
  it('draws a cover from the first STL when a work is published without one', async () => {
    const notes = await storeUpload(t, owner.id, 'design', Buffer.from('%PDF-1.4'), 'a.pdf');
    const stl = await design(binaryStlOf(cubeMesh()), 'cube.stl', 'model/stl');
    const res = await save(
      'create',
      fixture.form({ cover: [], project_file: [{ url: notes.url }, { url: stl.url }] }),
    );
    expect(res.statusCode).toBe(200);
    const work = res.json().data;
    expect(work.cover).toHaveLength(1);
    expect(work.images).toEqual(work.cover);
    await expectGeneratedCover(work.cover[0]);
    // The generated cover is an ordinary one: saving it back keeps it.
    const again = await save('update', { ...fixture.form({ cover: work.cover }), id: work.id });
    expect(again.json().data.cover).toEqual(work.cover);
  });

  it("gives cards the first cover's thumbnail, or '' when its upload has none", async () => {
    const stl = await design(binaryStlOf(cubeMesh(8)), 'small.stl', 'model/stl');
    const drawn = (
      await save('create', fixture.form({ cover: [], project_file: [{ url: stl.url }] }))
    ).json().data;
    const given = (await save('create', fixture.form({}))).json().data;
    const [row] = await t.db.select().from(files).where(eq(files.url, drawn.cover[0]));
    expect(row?.thumbnail).toMatch(/^\/files\/.+\.webp$/);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/works/author/all/${owner.id}?page=1&pageSize=50`,
      headers: owner.headers,
    });
    const cards = list.json().data as { id: number; cover_thumb?: string }[];
    expect(cards.find((card) => card.id === drawn.id)?.cover_thumb).toBe(row?.thumbnail);
    // The fixture's cover upload is not a decodable image, so it has no thumbnail.
    expect(cards.find((card) => card.id === given.id)?.cover_thumb).toBe('');
  });

  it('keeps the covers the author gave', async () => {
    const stl = await design(binaryStlOf(cubeMesh(30)), 'big.stl', 'model/stl');
    const before = await t.db.select().from(files).where(eq(files.userId, owner.id));
    const res = await save('create', fixture.form({ project_file: [{ url: stl.url }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cover).toEqual([fixture.cover.url]);
    const after = await t.db.select().from(files).where(eq(files.userId, owner.id));
    expect(after).toHaveLength(before.length);
  });

  it('publishes without a cover when the STL cannot be read', async () => {
    // The fixture's part.stl is random bytes.
    const res = await save('create', fixture.form({ cover: [] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cover).toEqual([]);
  });

  it('draws one on update, from ASCII STL, OBJ and SVG files', async () => {
    const created = await save('create', fixture.form({ cover: [] }));
    const id = created.json().data.id as number;
    // The camera fits the part, so every cube looks the same: the OBJ is a tower.
    const cube = cubeMesh(10);
    const tower = { ...cube, positions: cube.positions.map((v, i) => (i % 3 === 2 ? v * 3 : v)) };
    const sources = [
      await design(asciiStlOf(cubeMesh(12)), 'ascii.stl', 'model/stl'),
      await design(objOf(tower), 'part.obj', 'model/obj'),
      await design(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><circle cx="10" cy="10" r="8" fill="#a33"/></svg>',
        ),
        'sign.svg',
        'image/svg+xml',
      ),
    ];
    const seen = new Set<string>();
    for (const source of sources) {
      const res = await save('update', {
        ...fixture.form({ cover: [], project_file: [{ url: source.url }] }),
        id,
      });
      expect(res.statusCode).toBe(200);
      const [cover] = res.json().data.cover as string[];
      await expectGeneratedCover(cover);
      seen.add(cover ?? '');
    }
    expect(seen.size).toBe(3);
  });
});
