import type { AddressInfo } from 'node:net';
import { Code } from '@layerline/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn } from '../../test/auth-helpers';
import { encryptWithKey, newEncryptionKey } from '../../test/password-cipher';
import { createTestApp, type TTestApp } from '../../test/test-app';

type TReceived = { from: string; to: string[]; raw: string };

/** A local SMTP server (DESIGN 6: outbound traffic in tests only goes to local fakes). */
let server: SMTPServer;
let received: TReceived[] = [];
let t: TTestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // Addresses starting with "bounce" are refused, as a real server refuses unknown users.
      if (address.address.startsWith('bounce')) {
        callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: '"Maker Hub" <hello@makers.test>',
      PRODUCT_TITLE: 'Maker Hub',
    },
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Just enough MIME to read our own mails: encoded-word headers, QP and base64 bodies. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replaceAll('_', ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function readMail(raw: string): { subject: string; text: string } {
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  const subject = decodeWords(subjectLine.replace(/\r?\n[ \t]/g, ' '));
  const part =
    /Content-Type: text\/plain[\s\S]*?Content-Transfer-Encoding: (\S+)\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(
      raw,
    );
  const encoding = part?.[1]?.toLowerCase();
  const body = part?.[2] ?? '';
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { subject, text };
}

describe('SmtpMailer against a local SMTP server', () => {
  it('mails the register code, with which registration completes', async () => {
    received = [];
    const email = 'smtp.maker@example.test';
    const ask = await t.app.inject({ method: 'GET', url: `/api/v1/user/register/email/${email}` });
    expect(ask.json()).toMatchObject({ code: 200 });
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message?.from).toBe('hello@makers.test');
    expect(message?.to).toEqual([email]);
    expect(message?.raw).toMatch(/^From: "?Maker Hub"? <hello@makers.test>/m);
    expect(message?.raw).toMatch(/Content-Type: text\/html/);
    const mail = readMail(message?.raw ?? '');
    expect(mail.subject).toBe('Maker Hub verification code');
    expect(mail.text).toContain('valid for 10 minutes');

    const encryptionKey = newEncryptionKey();
    const password = encryptWithKey('secret123', encryptionKey);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: {
        username: email,
        password,
        confirmPassword: password,
        code: codeIn(mail),
        uuid: '',
        isAgree: true,
        encryptionKey,
      },
    });
    expect(res.json()).toMatchObject({ code: 200, data: { access_token: expect.any(String) } });
  });

  it('writes the mail in Chinese for a zh request', async () => {
    received = [];
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/register/email/zh.maker@example.test',
      headers: { 'content-language': 'zh' },
    });
    const mail = readMail(received[0]?.raw ?? '');
    expect(mail.subject).toBe('Maker Hub 邮箱验证码');
    expect(mail.text).toContain('10 分钟内有效');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });

  it('answers 1002 when the server refuses the mail, and lets the address ask again at once', async () => {
    const ask = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/user/register/email/bounce@example.test',
        headers: { 'content-language': 'zh' },
      });
    const first = await ask();
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      code: Code.EMAIL_CODE_SEND_FAILED,
      msg: '邮箱验证码发送失败，请重试。',
      data: null,
    });
    // SPEC 4: the client resets its countdown on this error, so no 120 s wait follows.
    expect((await ask()).json().code).toBe(Code.EMAIL_CODE_SEND_FAILED);
  });
});

describe('SmtpMailer with no server listening', () => {
  it('answers 1002', async () => {
    const probe = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.server.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const dead = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const res = await dead.app.inject({
        method: 'POST',
        url: '/api/v1/user/emailCaptcha',
        payload: { email: 'nobody@example.test' },
      });
      expect(res.json().code).toBe(Code.EMAIL_NOT_FOUND);
      const send = await dead.app.inject({
        method: 'GET',
        url: '/api/v1/user/register/email/somebody@example.test',
      });
      expect(send.json()).toMatchObject({ code: Code.EMAIL_CODE_SEND_FAILED });
    } finally {
      await dead.close();
    }
  });
});
