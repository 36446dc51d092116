import { Code, ZErrorEnvelope, ZTokensResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithPassword, loginThroughApi, TEST_CAPTCHA } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { encryptPassword } from '../../test/password-cipher';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
let now = new Date('2026-03-01T08:00:00Z');
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.0.2.${ipCounter}`;
};

beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_TEST_CAPTCHA: TEST_CAPTCHA }, clock: () => now });
});

afterAll(async () => {
  await t.close();
});

async function captchaId(remoteAddress: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/captcha', remoteAddress });
  return res.json().id;
}

async function postLogin(payload: unknown, headers: Record<string, string> = {}) {
  const remoteAddress = nextIp();
  const body =
    payload && typeof payload === 'object'
      ? { code: TEST_CAPTCHA, uuid: await captchaId(remoteAddress), ...payload }
      : payload;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    remoteAddress,
    headers,
    payload: body as object,
  });
}

describe('POST /api/v1/user/login', () => {
  it('answers both tokens for the right e-mail (any case), password and captcha', async () => {
    const user = await createUserWithPassword(t.db, 'secret123', {
      email: 'Case.Maker@Example.test',
    });
    const res = await loginThroughApi(t, 'case.maker@EXAMPLE.test', 'secret123', {
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const body = ZTokensResponse.parse(res.json());
    expect(body).toMatchObject({ code: 200, msg: 'success' });
    expect(Object.keys(body.data).sort()).toEqual(['access_token', 'refresh_token']);
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/getinfo',
      headers: { authorization: `Bearer ${body.data.access_token}` },
    });
    expect(info.json().data.userId).toBe(user.id);
  });

  it('answers 1008 for a wrong password and for an unknown e-mail alike', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const wrong = await loginThroughApi(t, user.email, 'secret124', { remoteAddress: nextIp() });
    const unknown = await loginThroughApi(t, 'nobody@example.test', 'secret123', {
      remoteAddress: nextIp(),
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: Code.ACCOUNT_OR_PASSWORD,
        msg: 'Wrong account or password.',
        data: null,
      });
    }
  });

  it('answers 1008 for an account whose stored value is no hash (seeded demo users)', async () => {
    const user = await createUser(t.db, { passwordHash: '!seed-no-login' });
    const res = await loginThroughApi(t, user.email, 'secret123', { remoteAddress: nextIp() });
    expect(res.json().code).toBe(Code.ACCOUNT_OR_PASSWORD);
  });

  it('localises msg by Content-Language', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const zh = await postLogin(
      { username: user.email, ...encryptPassword('wrong-one') },
      { 'content-language': 'zh' },
    );
    expect(zh.json()).toMatchObject({ code: Code.ACCOUNT_OR_PASSWORD, msg: '账号或密码错误。' });
    const captcha = await postLogin(
      { username: user.email, ...encryptPassword('secret123'), code: 'zzzz' },
      { 'content-language': 'zh' },
    );
    expect(captcha.json()).toMatchObject({ code: Code.CAPTCHA_WRONG, msg: '验证码错误。' });
  });

  it('answers passwordEncryptionFailed (400) for a password that is not valid ciphertext', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    for (const [password, encryptionKey] of [
      ['secret123', 'abcdefghijklmnop'],
      [encryptPassword('secret123').password, 'abcdefghijklmnop'],
      [encryptPassword('secret123').password, 'short'],
    ]) {
      const res = await postLogin({ username: user.email, password, encryptionKey });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        msg: 'Password encryption failed. Please try again.',
        data: null,
      });
    }
    const zh = await postLogin(
      { username: user.email, password: 'x:y', encryptionKey: 'abcdefghijklmnop' },
      { 'content-language': 'zh' },
    );
    expect(zh.json().msg).toBe('密码加密失败，请重试。');
  });

  it.each([
    [
      'missing username',
      { ...encryptPassword('secret123') },
      'please enter a correct email format',
    ],
    [
      'bad e-mail',
      { username: 'not-an-email', ...encryptPassword('secret123') },
      'please enter a correct email format',
    ],
    [
      'over-long e-mail',
      { username: `${'a'.repeat(250)}@example.test`, ...encryptPassword('secret123') },
      'please enter a correct email format',
    ],
    ['missing password', { username: 'a@example.test', encryptionKey: 'abcdefghijklmnop' }, null],
    [
      'password of the wrong type',
      { username: 'a@example.test', password: 12345678, encryptionKey: 'abcdefghijklmnop' },
      null,
    ],
    [
      'over-long password',
      { username: 'a@example.test', password: 'x'.repeat(600), encryptionKey: 'abcdefghijklmnop' },
      null,
    ],
    ['missing encryptionKey', { username: 'a@example.test', password: 'x' }, null],
  ])('answers 400 for %s', async (_name, payload, msg) => {
    const res = await postLogin(payload);
    expect(res.statusCode).toBe(400);
    const body = ZErrorEnvelope.parse(res.json());
    expect(body.code).toBe(400);
    if (msg) expect(body.msg).toBe(msg);
    else expect(body.msg).toMatch(/^Invalid parameters: /);
  });

  it('answers 400 for a body that is not an object or not JSON', async () => {
    for (const payload of ['[]', '"x"', '{"username":']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('login rate limits', () => {
  it('allows 5 attempts a minute per account from one address', async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await loginThroughApi(t, user.email, 'wrong-pass', { remoteAddress: ip });
      expect(res.json().code).toBe(Code.ACCOUNT_OR_PASSWORD);
    }
    const blocked = await loginThroughApi(t, user.email.toUpperCase(), 'secret123', {
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 429,
      msg: 'Too many requests, please try again later.',
    });
    now = new Date(now.getTime() + 60_000);
    const later = await loginThroughApi(t, user.email, 'secret123', { remoteAddress: ip });
    expect(later.json().code).toBe(200);
  });

  it("a stranger's wrong passwords never lock the owner out (ADR 0010)", async () => {
    const user = await createUserWithPassword(t.db, 'secret123');
    const attacker = nextIp();
    for (let i = 0; i < 6; i += 1) {
      await loginThroughApi(t, user.email, 'wrong-pass', { remoteAddress: attacker });
    }
    const attackerAgain = await loginThroughApi(t, user.email, 'secret123', {
      remoteAddress: attacker,
    });
    expect(attackerAgain.statusCode).toBe(429);
    const owner = await loginThroughApi(t, user.email, 'secret123', { remoteAddress: nextIp() });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().code).toBe(200);
  });

  it('allows 10 attempts a minute per IP, over any accounts', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      const res = await loginThroughApi(t, `nobody${i}@example.test`, 'secret123', {
        remoteAddress: ip,
      });
      expect(res.json().code).toBe(Code.ACCOUNT_OR_PASSWORD);
    }
    const blocked = await loginThroughApi(t, 'other@example.test', 'secret123', {
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      remoteAddress: ip,
      headers: { 'content-language': 'zh' },
      payload: { username: 'x@example.test', ...encryptPassword('secret123') },
    });
    expect(zh.json()).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后再试。' });
  });
});
