import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One line of DATA_DIR/mail/outbox.jsonl, written by the server when SMTP_URL is not set. */
export interface IOutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

const OUTBOX_TIMEOUT_MS = 15_000;
const CODE = /\b(\d{6})\b/;

export const outboxFile = (dataDir: string): string => join(dataDir, 'mail', 'outbox.jsonl');

export const readOutbox = (dataDir: string): IOutboxMail[] => {
  const file = outboxFile(dataDir);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as IOutboxMail);
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The 6-digit code of the newest mail to `to` sent at or after `since`
 * (the server may take a moment to write it). Fails after 15 s.
 */
export const waitForCode = async (
  dataDir: string,
  to: string,
  since: Date,
): Promise<{ code: string; mail: IOutboxMail }> => {
  const deadline = Date.now() + OUTBOX_TIMEOUT_MS;
  const address = to.toLowerCase();
  while (Date.now() < deadline) {
    const mail = readOutbox(dataDir)
      .filter((m) => m.to.toLowerCase() === address && Date.parse(m.sentAt) >= since.getTime())
      .at(-1);
    const code = mail?.text.match(CODE)?.[1];
    if (mail && code) return { code, mail };
    await sleep(200);
  }
  throw new Error(`no mail with a 6-digit code to ${to} in ${outboxFile(dataDir)} within 15 s`);
};

/** A new address per call, unique across runs on a reused database. */
export const uniqueEmail = (tag: string): string =>
  `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The web client's password transport (DESIGN 3): base64(iv) ':'
 * base64(AES-128-CBC(utf8(password))) under a 16-character key.
 */
export const encryptPassword = (password: string, encryptionKey: string): string => {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(encryptionKey, 'utf8'), iv);
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return `${iv.toString('base64')}:${body.toString('base64')}`;
};

export const newEncryptionKey = (): string =>
  Array.from(randomBytes(16), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');

interface IEnvelope {
  code: number;
  msg: string;
  data?: unknown;
}

const call = async (url: string, init: RequestInit): Promise<IEnvelope> => {
  const response = await fetch(url, {
    ...init,
    headers: { 'Content-Type': 'application/json', 'Content-Language': 'en', ...init.headers },
  });
  const body = (await response.json()) as IEnvelope;
  if (response.status !== 200 || body.code !== 200) {
    throw new Error(
      `${init.method ?? 'GET'} ${url}: HTTP ${response.status} ${JSON.stringify(body)}`,
    );
  }
  return body;
};

/**
 * Registers an account through the API (register code from the outbox). The
 * answer's `codeSentAt` matters: the server sends one code per address per
 * 120 s, whatever the purpose.
 */
let makersRegistered = 0;

/**
 * The address a maker registered through the API comes from: one of the
 * documentation range (RFC 5737) per maker, sent as X-Forwarded-For to the
 * server that trusts its proxy (TRUST_PROXY=1), so the per-IP code and
 * register limits (10 an hour) count makers as they would in production.
 */
const nextMakerAddress = (): string => {
  makersRegistered += 1;
  return `198.51.100.${(makersRegistered % 254) + 1}`;
};

export const registerThroughApi = async (
  origin: string,
  dataDir: string,
  email: string,
  password: string,
): Promise<{ codeSentAt: Date }> => {
  const from = { 'X-Forwarded-For': nextMakerAddress() };
  const codeSentAt = new Date();
  await call(`${origin}/api/v1/user/register/email/${encodeURIComponent(email)}`, {
    method: 'GET',
    headers: from,
  });
  const { code } = await waitForCode(dataDir, email, new Date(codeSentAt.getTime() - 1_000));
  const encryptionKey = newEncryptionKey();
  await call(`${origin}/api/v1/user/register`, {
    method: 'POST',
    headers: from,
    body: JSON.stringify({
      username: email,
      password: encryptPassword(password, encryptionKey),
      confirmPassword: encryptPassword(password, encryptionKey),
      code,
      uuid: '',
      isAgree: true,
      encryptionKey,
    }),
  });
  return { codeSentAt };
};
