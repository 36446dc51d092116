import { randomBytes } from 'node:crypto';
import { LIMITS, type TCreateWorkInput, ZWorkDetailResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createCategory, createMachine, createMaterial, createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';

let t: TTestApp;

/** Design files and instructions reach readers through signed URLs (ADR 0009). */
const signed = (url: string) =>
  expect.stringMatching(new RegExp(`^${url.replaceAll('.', '\\.')}\\?expires=\\d+&sig=[\\w-]+$`));
let owner: { id: number; headers: { authorization: string } };
let fixture: Awaited<ReturnType<typeof workFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { nickname: 'maker@example.test', tag: 'Top creator' });
  owner = { id: user.id, headers: (await signIn(t, user.id)).headers };
  fixture = await workFixture(t, user.id);
});

afterAll(async () => {
  await t.close();
});

const create = (payload: unknown, headers = owner.headers, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/works/create',
    headers: { ...headers, 'content-language': lang },
    payload: payload as object,
  });

const get = (id: number, lang = 'en', headers = owner.headers) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/works/${id}`,
    headers: { ...headers, 'content-language': lang },
  });

describe('works: every field round-trips (SPEC 3)', () => {
  it('create -> get -> update -> get', async () => {
    const machine2 = await createMachine(t.db, { name: 'Bambu Lab X1C' });
    const material2 = await createMaterial(t.db, { nameEn: 'Walnut veneer', nameZh: '胡桃木皮' });
    const ai = await storeUpload(t, owner.id, 'ai', randomBytes(40), 'ai.png', 'image/png');
    const design2 = await storeUpload(
      t,
      owner.id,
      'design',
      randomBytes(500),
      '底座.3mf',
      'model/3mf',
    );
    const pdf = await storeUpload(
      t,
      owner.id,
      'instruction',
      randomBytes(90),
      'guide.pdf',
      'application/pdf',
    );
    const form: TCreateWorkInput = fixture.form({
      title: '  Walnut desk tidy  ',
      summary: 'A two-part tidy.',
      cover: [fixture.cover.url, `${t.config.publicUrl}${ai.url}`],
      project_file: [{ url: fixture.design.url, filename: 'tidy body' }, { url: design2.url }],
      source: 'remix',
      source_url: 'https://example.com/original',
      software: 'Bambu Studio',
      machine_ids: [fixture.machine.id, machine2.id],
      apply_dev: [1, 3],
      use_material: [fixture.material.nameZh, material2.id, 'Beeswax finish'],
      level: 2,
      categories: [fixture.category.id, fixture.parent.id],
      tags: ['desk', 'walnut'],
      instruction: { url: pdf.url },
      attachment: `<h2>Steps</h2><p onclick="x()">Glue <a href="https://wiki.example/glue">it</a></p><img src="${fixture.cover.url}" alt="done"><script>alert(1)</script>`,
      is_ai_assisted: true,
    });
    const created = await create(form);
    expect(created.statusCode).toBe(200);
    const detail = ZWorkDetailResponse.parse(created.json()).data;
    const again = ZWorkDetailResponse.parse((await get(detail.id)).json()).data;
    expect(again).toEqual(detail);
    expect(detail).toEqual({
      id: expect.any(Number),
      title: 'Walnut desk tidy',
      summary: 'A two-part tidy.',
      cover: [fixture.cover.url, ai.url],
      images: [fixture.cover.url, ai.url],
      price: 0,
      originalPrice: 0,
      credits: 0,
      nickname: 'maker',
      avatar: '',
      created_by: owner.id,
      CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      UpdatedAt: detail.CreatedAt,
      like: 0,
      favor: 0,
      is_like: false,
      is_favor: false,
      is_follow: false,
      follow_state: 'none',
      comment_count: 0,
      download_count: 0,
      tags: ['desk', 'walnut'],
      project_file: [
        {
          url: signed(fixture.design.url),
          filename: 'tidy body.stl',
          size: 300,
          mime: 'model/stl',
        },
        { url: signed(design2.url), filename: '底座.3mf', size: 500, mime: 'model/3mf' },
      ],
      attachment: `<h2>Steps</h2><p>Glue <a href="https://wiki.example/glue" rel="noopener noreferrer nofollow" target="_blank">it</a></p><img src="${fixture.cover.url}" alt="done" />`,
      instruction: {
        url: signed(pdf.url),
        filename: 'guide.pdf',
        size: 90,
        mime: 'application/pdf',
      },
      rejection_reason: '',
      creatorTag: 'Top creator',
      software: 'Bambu Studio',
      apply_dev: [1, 3],
      machine_ids: [fixture.machine.id, machine2.id],
      machines: [
        { ID: fixture.machine.id, name: fixture.machine.name },
        { ID: machine2.id, name: 'Bambu Lab X1C' },
      ],
      use_material: [fixture.material.nameEn, 'Walnut veneer', 'Beeswax finish'],
      level: 2,
      categories: expect.arrayContaining([
        { id: fixture.category.id, name: fixture.category.nameEn },
        { id: fixture.parent.id, name: fixture.parent.nameEn },
      ]),
      source: 'remix',
      source_url: 'https://example.com/original',
      is_ai_assisted: true,
      status: 'published',
      follow_count: 0,
      work_count: 1,
      fans_count: 0,
      userWorks: [expect.objectContaining({ id: detail.id, title: 'Walnut desk tidy' })],
    });
    expect(detail.categories).toHaveLength(2);

    const zh = ZWorkDetailResponse.parse((await get(detail.id, 'zh')).json()).data;
    expect(zh.use_material).toEqual([fixture.material.nameZh, '胡桃木皮', 'Beeswax finish']);
    expect(zh.categories.map((c) => c.name).sort()).toEqual(
      [fixture.category.nameZh, fixture.parent.nameZh].sort(),
    );

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/works/update',
      headers: owner.headers,
      payload: {
        ...form,
        id: detail.id,
        title: 'Walnut desk tidy v2',
        summary: '',
        cover: [ai.url],
        project_file: [{ url: design2.url, filename: 'base' }],
        source: 'original',
        source_url: '',
        machine_ids: [machine2.id],
        apply_dev: [2],
        use_material: ['Walnut veneer'],
        level: 1,
        categories: [fixture.parent.id],
        tags: [],
        instruction: null,
        attachment: '',
        is_ai_assisted: false,
      },
    });
    expect(updated.statusCode).toBe(200);
    const after = ZWorkDetailResponse.parse((await get(detail.id)).json()).data;
    expect(after).toMatchObject({
      id: detail.id,
      title: 'Walnut desk tidy v2',
      summary: '',
      cover: [ai.url],
      images: [ai.url],
      project_file: [
        { url: signed(design2.url), filename: 'base.3mf', size: 500, mime: 'model/3mf' },
      ],
      source: 'original',
      source_url: '',
      machine_ids: [machine2.id],
      machines: [{ ID: machine2.id, name: 'Bambu Lab X1C' }],
      apply_dev: [2],
      use_material: ['Walnut veneer'],
      level: 1,
      categories: [{ id: fixture.parent.id, name: fixture.parent.nameEn }],
      tags: [],
      instruction: null,
      attachment: '',
      is_ai_assisted: false,
      status: 'published',
      CreatedAt: detail.CreatedAt,
    });
    expect(after.UpdatedAt >= detail.UpdatedAt).toBe(true);
  });

  it('needs a login to publish', async () => {
    const res = await create(fixture.form(), {} as { authorization: string });
    expect(res.statusCode).toBe(401);
  });
});

describe('works: SPEC 5 rules', () => {
  const tooMany = (n: number, make: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => make(i));
  // biome-ignore format: a table
  const cases: [string, () => Partial<TCreateWorkInput> | Record<string, unknown>, string][] = [
    ['title required', () => ({ title: '   ' }), 'Please enter a title'],
    ['title max 100', () => ({ title: 'x'.repeat(101) }), 'The title cannot exceed 100 characters'],
    ['summary max 2000', () => ({ summary: 's'.repeat(2001) }), 'The summary cannot exceed 2000 characters'],
    ['project file required', () => ({ project_file: [] }), 'Please upload at least one project file'],
    ['project files max 20', () => ({ project_file: tooMany(21, (i) => `/files/x${i}`).map((url) => ({ url })) }), 'At most 20 project files can be uploaded'],
    ['covers max 9', () => ({ cover: tooMany(10, (i) => `/files/c${i}`) }), 'At most 9 cover images can be uploaded'],
    ['software required', () => ({ software: '' }), 'Please enter the software used'],
    ['machine required', () => ({ machine_ids: [] }), 'Please choose at least one machine'],
    ['machine exists', () => ({ machine_ids: [999_999] }), 'A chosen machine does not exist'],
    ['application required', () => ({ apply_dev: [] }), 'Please choose at least one application scenario'],
    ['application 1-5', () => ({ apply_dev: [6] }), 'Application scenarios are 1 to 5, each at most once'],
    ['materials required', () => ({ use_material: [] }), 'Please enter the materials'],
    ['no duplicate materials', () => ({ use_material: ['PLA', 'pla '] }), 'Materials cannot be repeated'],
    ['materials max 30', () => ({ use_material: tooMany(31, (i) => `m${i}`) }), 'At most 30 materials can be entered'],
    ['difficulty required', () => ({ level: undefined }), 'Please choose a difficulty'],
    ['difficulty 0-2', () => ({ level: 3 }), 'Please choose a difficulty'],
    ['category required', () => ({ categories: [] }), 'Please choose at least one category'],
    ['category exists', () => ({ categories: [999_999] }), 'A chosen category does not exist'],
    ['no duplicate tags', () => ({ tags: ['Desk', 'desk'] }), 'Tags cannot be repeated'],
    ['tags max 20', () => ({ tags: tooMany(21, (i) => `t${i}`) }), 'At most 20 tags can be added'],
    ['remix needs a source', () => ({ source: 'remix', source_url: '' }), 'A remix needs the link to the original work'],
    ['source is http(s)', () => ({ source: 'remix', source_url: 'javascript:alert(1)' }), 'The source link must be an http or https address'],
    ['instructions are a PDF', () => ({ instruction: { url: fixture.design.url } }), 'The instructions must be a PDF file uploaded here'],
  ];

  it.each(cases)('%s', async (_name, overrides, msg) => {
    const res = await create(fixture.form(overrides() as Partial<TCreateWorkInput>));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, msg });
  });

  it('answers the same rules in Chinese', async () => {
    const cases = [
      [{ title: '' }, '请输入标题'],
      [{ use_material: ['PLA', 'PLA'] }, '材料不能重复'],
      [{ tags: ['a', 'A'] }, '标签不能重复'],
      [{ project_file: [] }, '请至少上传一个项目文件'],
    ] as const;
    for (const [overrides, msg] of cases) {
      const res = await create(
        fixture.form(overrides as Partial<TCreateWorkInput>),
        owner.headers,
        'zh',
      );
      expect(res.json()).toMatchObject({ code: 400, msg });
    }
  });

  it('accepts exactly the documented maximums', async () => {
    const res = await create(
      fixture.form({
        title: 't'.repeat(LIMITS.workTitleMax),
        tags: Array.from({ length: LIMITS.tagsPerWork }, (_, i) => `tag${i}`),
        use_material: Array.from({ length: LIMITS.materialsPerWork }, (_, i) => `material ${i}`),
      }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses files the author did not upload, or of the wrong kind', async () => {
    const other = await createUser(t.db);
    const theirs = await storeUpload(t, other.id, 'design', randomBytes(20), 'x.stl', 'model/stl');
    const cases = [
      { project_file: [{ url: theirs.url }] },
      { project_file: [{ url: '/files/ab/not-a-real-file.stl' }] },
      { cover: [fixture.design.url] },
      { cover: ['https://evil.example/cover.png'] },
    ];
    for (const overrides of cases) {
      const res = await create(fixture.form(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^Files must be ones you uploaded here/);
    }
    const theirImage = await storeUpload(t, other.id, 'cover', randomBytes(20), 'y.webp');
    const guide = await create(fixture.form({ attachment: `<img src="${theirImage.url}">` }));
    expect(guide.json().msg).toMatch(/^Files must be ones you uploaded here/);
    // An image from anywhere else is dropped from the guide, not stored.
    const external = await create(
      fixture.form({ attachment: '<p>x</p><img src="https://evil.example/a.png">' }),
    );
    expect(external.statusCode).toBe(200);
    expect(external.json().data.attachment).toBe('<p>x</p>');
  });

  it('answers 406 with the sensitive words found (SPEC 8)', async () => {
    const res = await create(
      fixture.form({ title: '网上赌博教程', tags: ['porn'], summary: 'fine' }),
      owner.headers,
      'zh',
    );
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({
      code: 406,
      msg: '内容包含敏感词：赌博, porn',
      data: { words: ['赌博', 'porn'] },
    });
    const hidden = await create(fixture.form({ attachment: '<p>a ghost gun kit</p>' }));
    expect(hidden.json()).toMatchObject({ code: 406, data: { words: ['ghost gun'] } });
  });

  it('refuses a category list mixing known and unknown ids', async () => {
    const known = await createCategory(t.db);
    const res = await create(fixture.form({ categories: [known.id, 999_998] }));
    expect(res.json().msg).toBe('A chosen category does not exist');
  });
});
