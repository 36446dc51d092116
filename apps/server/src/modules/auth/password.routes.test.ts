import { Code } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithPassword,
  lastCodeFor,
  loginThroughApi,
  signIn,
  TEST_CAPTCHA,
} from '../../test/auth-helpers';
import { encryptPassword, encryptWithKey, newEncryptionKey } from '../../test/password-cipher';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
const now = new Date('2026-03-01T08:00:00Z');
const clock = () => now;
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.0.4.${ipCounter}`;
};

beforeAll(async () => {
  t = await createTestApp({ clock, env: { AUTH_TEST_CAPTCHA: TEST_CAPTCHA } });
});

afterAll(async () => {
  await t.close();
});

const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/user/getinfo',
    headers: { authorization: `Bearer ${token}` },
  });

const askResetCode = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/user/emailCaptcha',
    payload: { email },
    headers,
    remoteAddress: nextIp(),
  });

const reset = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/user/updatePwdByEmail',
    payload,
    headers,
    remoteAddress: nextIp(),
  });

const resetBody = (email: string, code: string, password = 'newsecret1') => ({
  email,
  ...encryptPassword(password),
  code,
  uuid: '',
});

describe('POST /api/v1/user/emailCaptcha', () => {
  it('mails a reset code to an existing account', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const res = await askResetCode(user.email);
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect(await lastCodeFor(t, user.email)).toMatch(/^\d{6}$/);
  });

  it('answers 1004 for an unknown e-mail and 400 for a malformed one', async () => {
    const unknown = await askResetCode('nobody@example.test', { 'content-language': 'zh' });
    expect(unknown.json()).toEqual({
      code: Code.EMAIL_NOT_FOUND,
      msg: '该邮箱未注册。',
      data: null,
    });
    const bad = await askResetCode('nobody');
    expect(bad.json()).toMatchObject({ code: 400, msg: 'please enter a correct email format' });
  });
});

describe('PUT /api/v1/user/updatePwdByEmail', () => {
  it('sets the new password, ends every session and uses the code up', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const session = await signIn(t, user.id, { clock });
    await askResetCode(user.email);
    const code = await lastCodeFor(t, user.email);
    const res = await reset(resetBody(user.email.toUpperCase(), code));
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect((await me(session.access_token)).statusCode).toBe(401);
    const old = await loginThroughApi(t, user.email, 'secret123', { remoteAddress: nextIp() });
    expect(old.json().code).toBe(Code.ACCOUNT_OR_PASSWORD);
    const fresh = await loginThroughApi(t, user.email, 'newsecret1', { remoteAddress: nextIp() });
    expect(fresh.json().code).toBe(200);
    const again = await reset(resetBody(user.email, code, 'another123'));
    expect(again.json().code).toBe(Code.EMAIL_CODE_WRONG);
  });

  it('answers 1007 for an unknown e-mail and 1005 for a wrong code', async () => {
    const unknown = await reset(resetBody('nobody@example.test', '123456'));
    expect(unknown.json()).toEqual({
      code: Code.EMAIL_NOT_FOUND_ALT,
      msg: 'This e-mail is not registered.',
      data: null,
    });
    const user = await createUserWithPassword(t.db, 'secret123');
    await askResetCode(user.email);
    const code = await lastCodeFor(t, user.email);
    const wrong = await reset(resetBody(user.email, code === '999999' ? '999998' : '999999'));
    expect(wrong.json().code).toBe(Code.EMAIL_CODE_WRONG);
  });

  it('does not take a register code for a reset', async () => {
    const email = 'purpose@example.test';
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/register/email/${email}`,
      remoteAddress: nextIp(),
    });
    const registerCode = await lastCodeFor(t, email);
    await createUserWithPassword(t.db, 'secret123', { email });
    const res = await reset(resetBody(email, registerCode));
    expect(res.json().code).toBe(Code.EMAIL_CODE_WRONG);
  });

  it('checks the new password: 8-20 characters and real ciphertext', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const short = await reset(resetBody(user.email, '123456', 'short'));
    expect(short.json()).toMatchObject({
      code: 400,
      msg: 'The password must be 8 to 20 characters',
    });
    const broken = await reset({ ...resetBody(user.email, '123456'), password: 'plain' });
    expect(broken.json().msg).toBe('Password encryption failed. Please try again.');
    const missing = await reset({ email: user.email, code: '123456' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('PUT /api/v1/user/updatePwd', () => {
  const change = (token: string | undefined, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/updatePwd',
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('changes the password with plain values and ends every session', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const session = await signIn(t, user.id, { clock });
    const other = await signIn(t, user.id, { clock });
    const res = await change(session.access_token, {
      oldPassword: 'secret123',
      newPassword: 'changed123',
      confirmPassword: 'changed123',
    });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect((await me(session.access_token)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(401);
    const login = await loginThroughApi(t, user.email, 'changed123', { remoteAddress: nextIp() });
    expect(login.json().code).toBe(200);
  });

  it('accepts encrypted values when encryptionKey is sent', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const session = await signIn(t, user.id, { clock });
    const key = newEncryptionKey();
    const res = await change(session.access_token, {
      oldPassword: encryptWithKey('secret123', key),
      newPassword: encryptWithKey('changed456', key),
      confirmPassword: encryptWithKey('changed456', key),
      encryptionKey: key,
    });
    expect(res.json().code).toBe(200);
    const bad = await change((await signIn(t, user.id, { clock })).access_token, {
      oldPassword: 'changed456',
      newPassword: 'x',
      confirmPassword: 'x',
      encryptionKey: key,
    });
    expect(bad.json().msg).toBe('Password encryption failed. Please try again.');
  });

  it('answers 1008 oldPasswordWrong, passwordMismatch and passwordLength', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const { access_token } = await signIn(t, user.id, { clock });
    const wrongOld = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/updatePwd',
      headers: { authorization: `Bearer ${access_token}`, 'content-language': 'zh' },
      payload: {
        oldPassword: 'secret124',
        newPassword: 'changed123',
        confirmPassword: 'changed123',
      },
    });
    expect(wrongOld.json()).toEqual({
      code: Code.ACCOUNT_OR_PASSWORD,
      msg: '旧密码错误。',
      data: null,
    });
    const mismatch = await change(access_token, {
      oldPassword: 'secret123',
      newPassword: 'changed123',
      confirmPassword: 'changed124',
    });
    expect(mismatch.json()).toMatchObject({ code: 400, msg: 'The two passwords do not match.' });
    const tooLong = await change(access_token, {
      oldPassword: 'secret123',
      newPassword: 'x'.repeat(21),
      confirmPassword: 'x'.repeat(21),
    });
    expect(tooLong.json().msg).toBe('The password must be 8 to 20 characters');
    // None of these changed anything: the session still works.
    expect((await me(access_token)).statusCode).toBe(200);
  });

  it('answers 401 without a session, before looking at the body', async () => {
    const res = await change(undefined, {});
    expect(res.statusCode).toBe(401);
  });

  it('limits attempts to 5 a minute per user', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const { access_token } = await signIn(t, user.id, { clock });
    const body = {
      oldPassword: 'wrong-old',
      newPassword: 'changed123',
      confirmPassword: 'changed123',
    };
    for (let i = 0; i < 5; i += 1) {
      expect((await change(access_token, body)).json().code).toBe(Code.ACCOUNT_OR_PASSWORD);
    }
    expect((await change(access_token, body)).statusCode).toBe(429);
  });
});
