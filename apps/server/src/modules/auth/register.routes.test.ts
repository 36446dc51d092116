import { Code, ZTokensResponse } from '@layerline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createUserWithPassword, lastCodeFor, readOutbox } from '../../test/auth-helpers';
import { encryptWithKey, newEncryptionKey } from '../../test/password-cipher';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
let now = new Date('2026-03-01T08:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
let counter = 0;
const nextEmail = () => {
  counter += 1;
  return `new${counter}@example.test`;
};
const nextIp = () => `10.0.3.${counter + 100}`;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { PRODUCT_TITLE: 'Maker Hub' } });
});

afterAll(async () => {
  await t.close();
});

const askCode = (email: string, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/user/register/email/${encodeURIComponent(email)}`,
    headers,
    remoteAddress,
  });

function registerBody(email: string, code: string, overrides: Record<string, unknown> = {}) {
  const encryptionKey = newEncryptionKey();
  const password = (overrides.plain as string | undefined) ?? 'secret123';
  const confirm = (overrides.plainConfirm as string | undefined) ?? password;
  const { plain: _p, plainConfirm: _c, ...rest } = overrides;
  return {
    username: email,
    password: encryptWithKey(password, encryptionKey),
    confirmPassword: encryptWithKey(confirm, encryptionKey),
    code,
    uuid: '',
    isAgree: true,
    encryptionKey,
    ...rest,
  };
}

const register = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/register',
    payload,
    headers,
    remoteAddress: nextIp(),
  });

describe('GET /api/v1/user/register/email/{email}', () => {
  it('mails a 6-digit code in the request language (outbox without SMTP_URL)', async () => {
    const email = nextEmail();
    const res = await askCode(email.toUpperCase(), { 'content-language': 'zh' });
    expect(res.json()).toEqual({ code: 200, msg: '成功', data: null });
    const [mail] = (await readOutbox(t)).filter((m) => m.to === email);
    expect(mail).toMatchObject({ to: email, subject: 'Maker Hub 邮箱验证码' });
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.text).toContain('10 分钟');
    expect(mail?.html).toContain(await lastCodeFor(t, email));
    expect(mail?.sentAt).toBe(now.toISOString());
    // Only a keyed hash is stored.
    const code = await lastCodeFor(t, email);
    const rows = await t.db.execute(sql`select code_hash from email_codes where email = ${email}`);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('answers 1003 when the e-mail has an account', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const res = await askCode(user.email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: Code.EMAIL_EXISTS,
      msg: 'This e-mail is already registered.',
      data: null,
    });
  });

  it('answers 400 with the SPEC 5 message for a malformed address', async () => {
    const res = await askCode('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('please enter a correct email format');
    const zh = await askCode('a@b', { 'content-language': 'zh' });
    expect(zh.json().msg).toBe('请输入正确的邮箱格式');
  });

  it('sends one code per address per 120 s (applyTooFrequently)', async () => {
    const email = nextEmail();
    expect((await askCode(email)).statusCode).toBe(200);
    advance(119_000);
    const again = await askCode(email);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 429,
      msg: 'You apply too frequently, please try again later',
      data: { retryAfter: expect.any(Number) },
    });
    advance(1000);
    expect((await askCode(email)).statusCode).toBe(200);
  });

  it('sends at most 10 codes an hour per IP', async () => {
    const ip = '10.0.3.250';
    for (let i = 0; i < 10; i += 1)
      expect((await askCode(nextEmail(), {}, ip)).statusCode).toBe(200);
    const blocked = await askCode(nextEmail(), {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe('Too many requests, please try again later.');
  });
});

describe('POST /api/v1/user/register', () => {
  it('creates the account, logs it in and uses the code up', async () => {
    const email = nextEmail();
    await askCode(email);
    const code = await lastCodeFor(t, email);
    const res = await register(registerBody(email.toUpperCase(), code));
    expect(res.statusCode).toBe(200);
    const tokens = ZTokensResponse.parse(res.json()).data;
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/getinfo',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    // SPEC 9: a new account starts at 0 points; the first request of the day
    // tops it up to the daily allowance (20 by default, ADR 0011).
    expect(info.json().data).toMatchObject({ userName: email, email, role: 'user', points: 20 });
    expect(info.json().data.nickname).toMatch(/^maker_[0-9a-z]{6}$/);
    const [row] = await queryRows<{ password_hash: string }>(
      t.db,
      sql`select password_hash from users where email = ${email}`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    // The account exists now, and the code is spent.
    const twice = await register(registerBody(email, code));
    expect(twice.json().code).toBe(Code.EMAIL_EXISTS);
  });

  it('answers 1005 for a wrong code and kills the code after 5 wrong tries', async () => {
    const email = nextEmail();
    await askCode(email);
    const code = await lastCodeFor(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await register(registerBody(email, wrong));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: Code.EMAIL_CODE_WRONG,
        msg: 'The e-mail code is wrong or has expired.',
      });
    }
    expect((await register(registerBody(email, code))).json().code).toBe(Code.EMAIL_CODE_WRONG);
  });

  it('accepts the right code after fewer than 5 wrong tries', async () => {
    const email = nextEmail();
    await askCode(email);
    const code = await lastCodeFor(t, email);
    for (const wrong of ['12345', 'abcdef', '']) {
      expect((await register(registerBody(email, wrong))).json().code).toBe(Code.EMAIL_CODE_WRONG);
    }
    expect((await register(registerBody(email, code))).json().code).toBe(200);
  });

  it('answers 1005 once the code is 10 minutes old, and for a replaced code', async () => {
    const email = nextEmail();
    await askCode(email);
    const first = await lastCodeFor(t, email);
    advance(121_000);
    await askCode(email);
    const second = await lastCodeFor(t, email);
    if (first !== second) {
      expect((await register(registerBody(email, first))).json().code).toBe(Code.EMAIL_CODE_WRONG);
    }
    advance(10 * 60_000);
    expect((await register(registerBody(email, second))).json().code).toBe(Code.EMAIL_CODE_WRONG);
  });

  it('answers 1005 when no code was asked for', async () => {
    const res = await register(registerBody(nextEmail(), '123456'));
    expect(res.json().code).toBe(Code.EMAIL_CODE_WRONG);
  });

  it('answers 1003 when the e-mail has an account', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const res = await register(registerBody(user.email, '123456'));
    expect(res.json()).toMatchObject({ code: Code.EMAIL_EXISTS });
  });

  it('checks the passwords: match, 8-20 characters, real ciphertext', async () => {
    const email = nextEmail();
    const mismatch = await register(registerBody(email, '123456', { plainConfirm: 'secret124' }), {
      'content-language': 'zh',
    });
    expect(mismatch.json()).toMatchObject({ code: 400, msg: '两次输入的密码不一致。' });
    for (const plain of ['short', 'x'.repeat(21)]) {
      const res = await register(registerBody(email, '123456', { plain }));
      expect(res.json()).toMatchObject({
        code: 400,
        msg: 'The password must be 8 to 20 characters',
      });
    }
    // ADR 0010: not only spaces, not one of the 1,000 most common passwords.
    const blank = await register(registerBody(email, '123456', { plain: ' '.repeat(8) }), {
      'content-language': 'zh',
    });
    expect(blank.json()).toMatchObject({ code: 400, msg: '密码不能全为空格' });
    const common = await register(registerBody(email, '123456', { plain: '12345678' }));
    expect(common.json()).toMatchObject({
      code: 400,
      msg: 'This password is too common, please choose another one',
    });
    const broken = await register(registerBody(email, '123456', { password: 'plain-text' }));
    expect(broken.json()).toMatchObject({
      code: 400,
      msg: 'Password encryption failed. Please try again.',
    });
  });

  it('requires the agreement and the fields', async () => {
    const email = nextEmail();
    const disagree = await register(registerBody(email, '123456', { isAgree: false }));
    expect(disagree.json()).toMatchObject({
      code: 400,
      msg: 'Please read and agree to the User Agreement and Privacy Policy',
    });
    const { code: _code, ...noCode } = registerBody(email, '123456');
    expect((await register(noCode)).json().msg).toBe('Invalid parameters: code');
    const wrongType = await register(registerBody(email, 123456 as unknown as string));
    expect(wrongType.statusCode).toBe(400);
    const longCode = await register(registerBody(email, '1'.repeat(100)));
    expect(longCode.statusCode).toBe(400);
  });

  it('allows 10 registrations an hour per IP', async () => {
    const ip = '10.0.3.251';
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: registerBody(nextEmail(), '123456'),
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i += 1) expect((await call()).json().code).toBe(Code.EMAIL_CODE_WRONG);
    expect((await call()).statusCode).toBe(429);
  });
});
