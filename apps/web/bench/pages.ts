/**
 * The landing pages `npm run bench:web` audits, with the demo content's ids
 * read from the running server, and the signed-in reader's session: a maker
 * registered through the API (the register code read from the server's mail
 * outbox, DATA_DIR/mail/outbox.jsonl) and written where the web app keeps it
 * (SPEC 3: localStorage `user` and its `token` mirror) before the audit.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

export type TPage = {
  /** Short name in the report. */
  name: string;
  path: string;
  /** Audited with a signed-in reader's session in the browser. */
  isSignedIn?: boolean;
};

type TEnvelope<T> = { code: number; msg: string; data: T };

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { 'Content-Type': 'application/json', 'Content-Language': 'en', ...init.headers },
  });
  const body = (await response.json()) as TEnvelope<T>;
  if (response.status !== 200 || body.code !== 200) {
    throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${response.status} ${body.msg}`);
  }
  return body.data;
}

const PAGE_NAMES = [
  'home',
  'work',
  'work-signed-in',
  'community',
  'aiCreate',
  'collection',
  'profile',
  'search',
] as const;

/**
 * Every landing page, home first (each page's score is compared with the
 * home's of the same run). `only` keeps those named (PAGES=home,work,...).
 * Search results have no address of their own today (the search text lives
 * in the feed's store), so they are audited only at SEARCH_PATH.
 */
export async function landingPages(
  baseUrl: string,
  only: string[] | null,
  searchPath: string | undefined,
): Promise<{ pages: TPage[]; notes: string[] }> {
  const notes: string[] = [];
  const feed = await call<{ id: number; created_by: number }[]>(
    `${baseUrl}/api/v1/works/home?pageNum=1&pageSize=10`,
  );
  const work = feed[0];
  const collections = await call<{ id: number }[]>(`${baseUrl}/api/v1/collection/getAllCollection`);
  const makerId = work?.created_by;
  const candidates: Record<(typeof PAGE_NAMES)[number], TPage | null> = {
    home: { name: 'home', path: '/' },
    work: work ? { name: 'work', path: `/work/${work.id}` } : null,
    'work-signed-in': work
      ? { name: 'work-signed-in', path: `/work/${work.id}`, isSignedIn: true }
      : null,
    community: { name: 'community', path: '/community' },
    aiCreate: { name: 'aiCreate', path: '/aiCreate' },
    collection: collections[0]
      ? { name: 'collection', path: `/collections/${collections[0].id}` }
      : null,
    profile: makerId ? { name: 'profile', path: `/userInfor/${makerId}` } : null,
    search: searchPath ? { name: 'search', path: searchPath } : null,
  };
  if (!searchPath) {
    notes.push(
      'search results: no address shows them today (the text lives in the feed store); set SEARCH_PATH to audit one',
    );
  }
  const pages: TPage[] = [];
  for (const name of PAGE_NAMES) {
    if (only && !only.includes(name)) continue;
    const page = candidates[name];
    if (page) pages.push(page);
    else if (name !== 'search') notes.push(`${name}: the demo content has none, not audited`);
  }
  return { pages, notes };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The web client's password transport (DESIGN 3): base64(iv) ':' base64(AES-128-CBC). */
function encryptPassword(password: string, key: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), iv);
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return `${iv.toString('base64')}:${body.toString('base64')}`;
}

async function registerCode(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'mail', 'outbox.jsonl');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const text = existsSync(outbox) ? readFileSync(outbox, 'utf8') : '';
    for (const line of text.split('\n').reverse()) {
      if (!line.trim()) continue;
      const mail = JSON.parse(line) as { to: string; text: string };
      const code = mail.to.toLowerCase() === email ? /\b(\d{6})\b/.exec(mail.text)?.[1] : null;
      if (code) return code;
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no register code for ${email} in ${outbox}`);
}

export type TSession = { token: string; refreshToken: string; userId: string; nickName: string };

/** A new reader registered through the API, as the register dialog does (SPEC 4). */
export async function registerReader(baseUrl: string, dataDir: string): Promise<TSession> {
  const email = `bench-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
  const password = `Bench-${randomBytes(6).toString('hex')}`;
  await call(`${baseUrl}/api/v1/user/register/email/${encodeURIComponent(email)}`);
  const code = await registerCode(dataDir, email);
  const key = Array.from(randomBytes(16), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join(
    '',
  );
  const tokens = await call<{ access_token: string; refresh_token: string }>(
    `${baseUrl}/api/v1/user/register`,
    {
      method: 'POST',
      body: JSON.stringify({
        username: email,
        password: encryptPassword(password, key),
        confirmPassword: encryptPassword(password, key),
        code,
        uuid: '',
        isAgree: true,
        encryptionKey: key,
      }),
    },
  );
  const info = await call<{ userId: number; nickName: string }>(`${baseUrl}/api/v1/user/getinfo`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  return {
    token: tokens.access_token,
    refreshToken: tokens.refresh_token,
    userId: String(info.userId),
    nickName: info.nickName,
  };
}

/**
 * Writes the session into the browser's storage for `baseUrl` as the login
 * flow leaves it, from a page that loads none of the app's files (/healthz),
 * so the audit that follows still starts with an empty cache.
 */
export async function signInBrowser(
  cdpPort: number,
  baseUrl: string,
  session: TSession,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/healthz`);
    const persisted = {
      state: {
        user: {
          userId: session.userId,
          name: '',
          avatar: '',
          points: 0,
          nickName: session.nickName,
        },
        token: session.token,
        refreshToken: session.refreshToken,
        isLogin: true,
        activePath: '/',
      },
      version: 0,
    };
    await page.evaluate(
      ([user, token, userId]) => {
        window.localStorage.setItem('user', user);
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('userId', userId);
      },
      [JSON.stringify(persisted), session.token, session.userId] as const,
    );
    await page.close();
  } finally {
    await browser.close();
  }
}
