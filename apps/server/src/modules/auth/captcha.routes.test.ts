import { Code, ZCaptchaResponse } from '@layerline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPassword, TEST_CAPTCHA } from '../../test/auth-helpers';
import { encryptPassword } from '../../test/password-cipher';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
let now = new Date('2026-03-01T08:00:00Z');
let email: string;
let ipCounter = 0;
/** Each test its own address, so the per-IP limits of one do not touch another. */
const nextIp = () => {
  ipCounter += 1;
  return `10.0.1.${ipCounter}`;
};

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_TEST_CAPTCHA: TEST_CAPTCHA },
    clock: () => now,
    // One account logs in throughout; the account limit has its own test elsewhere.
    authLimits: { loginPerAccount: { max: 1000, windowMs: 60_000 } },
  });
  email = (await createUserWithPassword(t.db, 'secret123')).email;
});

afterAll(async () => {
  await t.close();
});

async function newCaptcha(remoteAddress = nextIp()) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/captcha', remoteAddress });
  expect(res.statusCode).toBe(200);
  return ZCaptchaResponse.parse(res.json());
}

function login(
  fields: { uuid?: string; code?: string; password?: string },
  remoteAddress = nextIp(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    remoteAddress,
    payload: {
      username: email,
      ...encryptPassword(fields.password ?? 'secret123'),
      code: fields.code,
      uuid: fields.uuid,
    },
  });
}

describe('GET /api/v1/user/captcha', () => {
  it('answers an SVG data URL in data and the captcha id beside it (DESIGN 3)', async () => {
    const body = await newCaptcha();
    expect(body.code).toBe(200);
    expect(body.msg).toBe('success');
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.data.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(body.data.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // Only a keyed hash of the answer is stored.
    const rows = await t.db.execute(sql`select answer_hash from captchas where id = ${body.id}`);
    expect(JSON.stringify(rows)).not.toContain(TEST_CAPTCHA);
  });

  it('gives a new id every time', async () => {
    const a = await newCaptcha();
    const b = await newCaptcha();
    expect(a.id).not.toBe(b.id);
  });

  it('answers 1001 get captcha error when it cannot be stored', async () => {
    await t.db.execute(sql`alter table captchas rename to captchas_away`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/captcha' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: Code.CAPTCHA_ERROR,
        msg: 'get captcha error',
        data: null,
      });
    } finally {
      await t.db.execute(sql`alter table captchas_away rename to captchas`);
    }
  });
});

describe('captcha check on login (SPEC 4, 8: 1006)', () => {
  it('accepts the answer in any case and only once', async () => {
    const { id } = await newCaptcha();
    expect((await login({ uuid: id, code: TEST_CAPTCHA.toUpperCase() })).json().code).toBe(200);
    const again = await login({ uuid: id, code: TEST_CAPTCHA });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: Code.CAPTCHA_WRONG, msg: 'The captcha is wrong.' });
  });

  it('is used up by a login that fails on the password', async () => {
    const { id } = await newCaptcha();
    const wrong = await login({ uuid: id, code: TEST_CAPTCHA, password: 'not-the-one' });
    expect(wrong.json().code).toBe(Code.ACCOUNT_OR_PASSWORD);
    const retry = await login({ uuid: id, code: TEST_CAPTCHA });
    expect(retry.json().code).toBe(Code.CAPTCHA_WRONG);
  });

  it('is used up by a wrong answer', async () => {
    const { id } = await newCaptcha();
    expect((await login({ uuid: id, code: 'nope' })).json().code).toBe(Code.CAPTCHA_WRONG);
    expect((await login({ uuid: id, code: TEST_CAPTCHA })).json().code).toBe(Code.CAPTCHA_WRONG);
  });

  it('expires after 5 minutes', async () => {
    const fresh = await newCaptcha();
    const old = await newCaptcha();
    now = new Date(now.getTime() + 4 * 60_000 + 59_000);
    expect((await login({ uuid: fresh.id, code: TEST_CAPTCHA })).json().code).toBe(200);
    now = new Date(now.getTime() + 2000);
    expect((await login({ uuid: old.id, code: TEST_CAPTCHA })).json().code).toBe(
      Code.CAPTCHA_WRONG,
    );
  });

  it.each([
    ['missing', {}],
    ['empty answer', { code: '' }],
    ['unknown id', { uuid: '00000000-0000-4000-8000-000000000000', code: TEST_CAPTCHA }],
    ['id that is not a uuid', { uuid: 'abc', code: TEST_CAPTCHA }],
  ])('answers 1006 for a %s captcha', async (_name, fields) => {
    const res = await login(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(Code.CAPTCHA_WRONG);
  });

  it('limits captcha images to 30 a minute per IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i += 1) await newCaptcha(ip);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/captcha',
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 429, data: { retryAfter: expect.any(Number) } });
    expect(res.headers['retry-after']).toBeDefined();
    now = new Date(now.getTime() + 61_000);
    await newCaptcha(ip);
  });
});
