import {
  LIMITS,
  message,
  type TFeedbackInput,
  type TLocale,
  type TMessageKey,
  ZErrorEnvelope,
  ZFeedbackResponse,
} from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPostImage, createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/** SPEC 7 POST /suggestion/submit: SPEC 3 Feedback, 5 rules, 8 messages; ours: limits. */
let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let ipCounter = 0;
/** A fresh address per test, so the per-address limit of one test never reaches another. */
const freshIp = () => {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

async function who(): Promise<TWho> {
  const user = await createUser(t.db);
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}

const submit = (
  payload: TFeedbackInput | Record<string, unknown>,
  { as, lang = 'en', ip = freshIp() }: { as?: TWho; lang?: TLocale; ip?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/suggestion/submit',
    headers: { ...(as?.headers ?? {}), 'content-language': lang },
    remoteAddress: ip,
    payload,
  });

const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(feedback).where(eq(feedback.id, id));
  if (!row) throw new Error(`no feedback ${id}`);
  return row;
};

/** A feedback image a user uploaded (a files row of kind feedback). */
const feedbackImage = async (userId: number) =>
  (await createPostImage(t.db, userId, { kind: 'feedback' })).url;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('POST /suggestion/submit', () => {
  it('takes a visitor’s feedback, thanks them in their language and keeps no address', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const ip = freshIp();
      const res = await submit(
        { suggestion: '  Please add a dark mode  ', contact: ' maker@example.com ' },
        { lang, ip },
      );
      expect(res.statusCode).toBe(200);
      const body = ZFeedbackResponse.parse(res.json());
      expect(body).toMatchObject({ code: 200, msg: message(lang, 'feedbackThanks') });
      const row = await rowOf(body.data.id);
      expect(row).toMatchObject({
        userId: null,
        suggestion: 'Please add a dark mode',
        contact: 'maker@example.com',
        pictures: [],
        status: 'open',
        locale: lang,
      });
      expect(row.ipHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(ip);
    }
    expect(message('en', 'feedbackThanks')).toBe('Thank you for your feedback!');
    expect(message('zh', 'feedbackThanks')).toBe('感谢您的反馈！');
  });

  it('records the user when logged in, with their feedback images in order', async () => {
    const user = await who();
    const pictures = [await feedbackImage(user.id), await feedbackImage(user.id)];
    const res = await submit(
      { suggestion: '模型预览加载太慢', contact: '', picture: [...pictures, pictures[0] ?? ''] },
      { as: user, lang: 'zh' },
    );
    expect(res.statusCode).toBe(200);
    const row = await rowOf(ZFeedbackResponse.parse(res.json()).data.id);
    expect(row).toMatchObject({ userId: user.id, contact: null, pictures, locale: 'zh' });
  });

  it('accepts exactly 100 characters, Chinese too, and 9 images', async () => {
    const user = await who();
    const pictures = await Promise.all(
      Array.from({ length: LIMITS.feedbackMaxImages }, () => feedbackImage(user.id)),
    );
    for (const suggestion of ['a'.repeat(100), '打'.repeat(100)]) {
      const res = await submit({ suggestion, picture: pictures }, { as: user });
      expect(res.statusCode).toBe(200);
    }
  });

  it('keeps feedback when its sender’s account is deleted, without the sender', async () => {
    const user = await who();
    const { data } = ZFeedbackResponse.parse(
      (await submit({ suggestion: 'Hi' }, { as: user })).json(),
    );
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await rowOf(data.id)).userId).toBeNull();
  });
});

describe('SPEC 5 feedback rules, in zh and en', () => {
  const refusals: [string, () => Promise<TFeedbackInput | Record<string, unknown>>, TMessageKey][] =
    [
      ['no suggestion', async () => ({ contact: 'a@b.co' }), 'feedbackSuggestionRequired'],
      ['an empty suggestion', async () => ({ suggestion: '' }), 'feedbackSuggestionRequired'],
      ['a blank suggestion', async () => ({ suggestion: ' \n\t ' }), 'feedbackSuggestionRequired'],
      [
        '101 characters',
        async () => ({ suggestion: 'x'.repeat(101) }),
        'feedbackSuggestionTooLong',
      ],
      [
        '10 images',
        async () => ({
          suggestion: 'ok',
          picture: Array.from({ length: 10 }, (_, i) => `/files/test/p-${i}.webp`),
        }),
        'feedbackPicturesTooMany',
      ],
      [
        'a contact with a bad e-mail',
        async () => ({ suggestion: 'ok', contact: 'me@' }),
        'emailFormat',
      ],
      [
        'a contact over 254 characters',
        async () => ({ suggestion: 'ok', contact: `${'m'.repeat(250)}@example.com` }),
        'feedbackContactTooLong',
      ],
    ];

  for (const [name, payload, key] of refusals) {
    it(`refuses ${name}`, async () => {
      for (const lang of ['en', 'zh'] as const) {
        const res = await submit(await payload(), { lang });
        expect(res.statusCode).toBe(400);
        expect(ZErrorEnvelope.parse(res.json())).toMatchObject({
          code: 400,
          msg: message(lang, key),
        });
      }
    });
  }

  it('says the SPEC 5 and 8 texts', () => {
    expect(message('en', 'emailFormat')).toBe('please enter a correct email format');
    expect(message('zh', 'feedbackSuggestionRequired')).toBe('请输入您的建议');
    expect(message('en', 'feedbackSuggestionTooLong')).toBe(
      'Your suggestion cannot exceed 100 characters',
    );
  });

  it('refuses images that are not the sender’s feedback uploads', async () => {
    const user = await who();
    const other = await who();
    const cases = [
      (await createPostImage(t.db, user.id, { kind: 'cover' })).url,
      (await createPostImage(t.db, user.id)).url,
      await feedbackImage(other.id),
      '/files/test/never-uploaded.webp',
      'https://elsewhere.example/cat.png',
    ];
    for (const url of cases) {
      for (const lang of ['en', 'zh'] as const) {
        const res = await submit({ suggestion: 'ok', picture: [url] }, { as: user, lang });
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(message(lang, 'feedbackPictureInvalid'));
      }
    }
    // A visitor may not name a user's feedback upload either.
    const res = await submit({ suggestion: 'ok', picture: [await feedbackImage(user.id)] });
    expect(res.json().msg).toBe(message('en', 'feedbackPictureInvalid'));
    expect(await t.db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
  });

  it('refuses half a surrogate pair (the database cannot store it) with a 400, storing nothing', async () => {
    const before = (await t.db.select().from(feedback)).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suggestion/submit',
      headers: { 'content-type': 'application/json' },
      remoteAddress: freshIp(),
      payload: '{"suggestion":"ab\\udec8c","contact":"x\\ud800"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Invalid characters in: suggestion');
    expect((await t.db.select().from(feedback)).length).toBe(before);
  });

  it('lets a contact that is not an e-mail through', async () => {
    for (const contact of ['+86 138 0000 0000', 'WeChat: maker_01']) {
      const res = await submit({ suggestion: 'ok', contact });
      expect(res.statusCode).toBe(200);
      expect((await rowOf(res.json().data.id)).contact).toBe(contact);
    }
  });

  it('answers 406 for sensitive words in the suggestion or the contact', async () => {
    for (const payload of [
      { suggestion: 'where to buy followers' },
      { suggestion: 'ok', contact: '色情网站' },
    ]) {
      for (const lang of ['en', 'zh'] as const) {
        const res = await submit(payload, { lang });
        expect(res.statusCode).toBe(406);
        expect(res.json()).toMatchObject({ code: 406 });
        expect(res.json().msg).toContain(lang === 'en' ? 'sensitive words' : '敏感词');
      }
    }
  });
});

describe('feedback limits (ours: 429)', () => {
  it(`takes ${LIMITS.feedbackPerHourVisitor} an hour from a visitor’s address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.feedbackPerHourVisitor; i += 1) {
      expect((await submit({ suggestion: `idea ${i}` }, { ip })).statusCode).toBe(200);
    }
    // Refused forms do not count; the next accepted one is over the limit.
    expect((await submit({ suggestion: ' ' }, { ip })).statusCode).toBe(400);
    for (const lang of ['en', 'zh'] as const) {
      const res = await submit({ suggestion: 'one more' }, { ip, lang });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 429, msg: message(lang, 'tooManyRequests') });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await submit({ suggestion: 'another address' })).statusCode).toBe(200);
  });

  it(`takes ${LIMITS.feedbackPerHourUser} an hour from a user, wherever they write from`, async () => {
    const user = await who();
    for (let i = 0; i < LIMITS.feedbackPerHourUser; i += 1) {
      expect((await submit({ suggestion: `idea ${i}` }, { as: user })).statusCode).toBe(200);
    }
    const res = await submit({ suggestion: 'one more' }, { as: user });
    expect(res.statusCode).toBe(429);
    expect((await submit({ suggestion: 'someone else' }, { as: await who() })).statusCode).toBe(
      200,
    );
  });
});
