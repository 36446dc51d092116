import { ZModerationListResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { workFixture } from '../../test/works-fixture';

type TWho = { id: number; headers: Record<string, string> };
let t: TTestApp;
let owner: TWho;
let moderator: TWho;
let fixture: Awaited<ReturnType<typeof workFixture>>;

const who = async (role?: 'moderator'): Promise<TWho> => {
  const user = await createUser(t.db, role ? { role } : {});
  return { id: user.id, headers: (await signIn(t, user.id, { role })).headers };
};

const call = (
  method: 'GET' | 'POST',
  url: string,
  caller: TWho,
  options: { payload?: object; lang?: 'zh' | 'en' } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...caller.headers, 'content-language': options.lang ?? 'en' },
    payload: options.payload,
  });

const publish = async (title: string): Promise<number> => {
  const res = await call('POST', '/works/create', owner, { payload: fixture.form({ title }) });
  expect(res.json().data.status).toBe('published');
  return res.json().data.id;
};

const reject = (id: number, payload: object, lang: 'zh' | 'en' = 'en') =>
  call('POST', `/moderation/works/${id}/reject`, moderator, { payload, lang });

beforeAll(async () => {
  t = await createTestApp();
  owner = await who();
  moderator = await who('moderator');
  fixture = await workFixture(t, owner.id);
});

afterAll(async () => {
  await t.close();
});

/**
 * ADR 0014 preset rejection reasons: kept as a code, shown to each reader in
 * their language (Content-Language, SPEC 7): the moderator's answer, the
 * owner's detail, own list and system notification, the appeals queue and
 * the audit log.
 */
describe('preset rejection reasons', () => {
  it('answers the moderator in their language and shows the owner the reason in theirs', async () => {
    const id = await publish('Hex key holder');
    const res = await reject(id, { preset: 'notOwn' }, 'zh');
    expect(res.json().data).toEqual({
      id,
      status: 'rejected',
      rejection_reason: '非本人原创作品',
    });
    for (const [lang, text] of [
      ['en', 'Not your own work'],
      ['zh', '非本人原创作品'],
    ] as const) {
      const detail = await call('GET', `/works/${id}`, owner, { lang });
      expect(detail.json().data).toMatchObject({ status: 'rejected', rejection_reason: text });
      const mine = await call('GET', '/works?mine=1&page=1&pageSize=50', owner, { lang });
      const card = mine.json().data.find((work: { id: number }) => work.id === id);
      expect(card).toMatchObject({ status: 'rejected', rejection_reason: text });
    }
    const notices = await call('GET', '/notify/sys_msg/pull?page=1&pageSize=20', owner, {
      lang: 'zh',
    });
    expect(notices.json().data[0]).toMatchObject({
      system_type: 'work_rejected',
      work_id: id,
      title: '您的作品「Hex key holder」未通过审核',
      content: '非本人原创作品',
    });
  });

  it('adds the note after the preset, and keeps free text as written', async () => {
    const withNote = await publish('Phone stand');
    const res = await reject(withNote, { preset: 'files', reason: 'The 3MF is empty' });
    expect(res.json().data.rejection_reason).toBe('Missing or broken files: The 3MF is empty');
    const zh = await call('GET', `/works/${withNote}`, owner, { lang: 'zh' });
    expect(zh.json().data.rejection_reason).toBe('文件缺失或损坏：The 3MF is empty');

    const free = await publish('Spool holder');
    const freeText = await reject(free, { reason: 'preset:bogus' });
    expect(freeText.json().data.rejection_reason).toBe('preset:bogus');
    const plain = await publish('Drawer label');
    expect((await reject(plain, { reason: 'Blurry photos' })).json().data.rejection_reason).toBe(
      'Blurry photos',
    );
  });

  it('needs a preset or a reason, and only a known preset', async () => {
    const id = await publish('Cable comb');
    const none = await reject(id, { reason: '   ' });
    expect(none.json()).toMatchObject({
      code: 400,
      msg: 'Please enter the reason for the rejection',
    });
    expect((await reject(id, {})).statusCode).toBe(400);
    expect((await reject(id, { preset: 'ugly' })).statusCode).toBe(400);
    expect((await call('GET', `/works/${id}`, owner)).json().data.status).toBe('published');
  });

  it('shows the appeals queue, the review list and the audit log in the moderator’s language', async () => {
    const id = await publish('Headphone hook');
    await reject(id, { preset: 'misleading' });
    const appeal = await call('POST', '/work/appeal/submit', owner, {
      payload: { work_id: id, appeal_reason: 'The pictures are of this print' },
    });
    expect(appeal.statusCode).toBe(200);
    const appeals = await call('GET', '/admin/appeals?status=open', moderator, { lang: 'zh' });
    expect(
      appeals.json().data.find((a: { work: { id: number } }) => a.work.id === id),
    ).toMatchObject({ rejection_reason: '标题或图片与内容不符' });
    await reject(id, { preset: 'inappropriate' });
    const rejected = ZModerationListResponse.parse(
      (await call('GET', '/moderation/works?status=rejected', moderator, { lang: 'zh' })).json(),
    );
    expect(rejected.data.find((work) => work.id === id)?.rejection_reason).toBe('内容不当');
    const audit = await call('GET', `/admin/audit?item_kind=work&item_id=${id}`, moderator);
    expect(
      audit
        .json()
        .data.map((entry: { action: string; reason: string }) => [entry.action, entry.reason]),
    ).toEqual([
      ['work_reject', 'Inappropriate content'],
      ['work_reject', 'Misleading title or pictures'],
    ]);
  });
});
