import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineCounts } from '../support/boxes';
import { launchBrowser } from '../support/chromium';
import { baseUrl, dataDir, e2eSkipReason } from '../support/e2e-context';
import { journeyPages, type TStorageState } from '../support/journey';
import { registerThroughApi, uniqueEmail, waitForCode } from '../support/outbox';
import type { IWatchOptions } from '../support/page-watch';
import type { TShoot } from '../support/screenshots';
import { E2E_CAPTCHA } from '../support/server';
import {
  menuEntry,
  moreMenu,
  NAV,
  text,
  UI_TIMEOUT_MS,
  visible,
  waitVisible,
} from '../support/shell';

type TPanel = 'login' | 'register' | 'forgotPassword' | 'setPassword';

/** Dialog titles of the four panels (auth.panels); the logo before them may add to the name. */
const PANEL_TITLE: Record<TPanel, RegExp> = {
  login: /(Log in|登录)$/,
  register: /(Sign up|注册)$/,
  forgotPassword: /(Reset your password|找回密码)$/,
  setPassword: /(Change your password|修改密码)$/,
};

/** Field labels (auth.fields) in both languages. */
const FIELD = {
  email: /^(E-mail|邮箱)$/,
  password: /^(Password|密码)$/,
  newPassword: /^(New password|新密码)$/,
  confirmPassword: /^(Confirm password|确认密码)$/,
  oldPassword: /^(Current password|当前密码)$/,
  captcha: /^(Captcha|验证码)$/,
  emailCode: /^(Verification code|邮箱验证码)$/,
} as const;

/** antd puts a space between two CJK characters of a button: '登 录'. */
const BUTTON = {
  openLogin: /^(Log in \/ Sign up|登录 \/ 注册)$/,
  login: /^(Log in|登\s?录)$/,
  register: /^(Sign up|注\s?册)$/,
  toRegister: /^(No account yet\? Sign up|还没有账号？立即注册)$/,
  toForgot: /^(Forgot your password\?|忘记密码？)$/,
  getCode: /^(Get code|获取验证码)$/,
  resetPassword: /^(Reset password|重置密码)$/,
  setPassword: /^(Change password|修改密码)$/,
  logout: /^(Log out|退出登录)$/,
  captchaImage: /^(Captcha image, click to refresh|验证码图片，点击刷新)$/,
} as const;

const MINE = /^(Mine|我的)$/;
const AGREEMENT = /^(I have read and agree to the|我已阅读并同意)$/;
const EXPIRED_DIALOG = /Login has expired|登录已过期|登录已失效/;
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
/** Shaped like a JWT, signed by nobody: the server answers 401. */
const FORGED_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwIiwiZXhwIjoxfQ.Zm9yZ2VkLXNpZ25hdHVyZQ';
/** The server sends one e-mail code per address per 120 s, whatever it is for. */
const CODE_INTERVAL_MS = 121_000;

interface ISession {
  token: string;
  refreshToken: string;
  isLogin: boolean;
  userId: string;
  mirrorToken: string | null;
}

/** The persisted session ('user', a zustand JSON envelope) and its loose 'token' mirror. */
const readSession = (page: Page): Promise<ISession> =>
  page.evaluate(() => {
    const raw = window.localStorage.getItem('user');
    const state = raw ? (JSON.parse(raw) as { state?: Record<string, unknown> }).state : undefined;
    const user = (state?.user ?? {}) as { userId?: string };
    return {
      token: String(state?.token ?? ''),
      refreshToken: String(state?.refreshToken ?? ''),
      isLogin: state?.isLogin === true,
      userId: String(user.userId ?? ''),
      mirrorToken: window.localStorage.getItem('token'),
    };
  });

const authDialog = (page: Page, panel: TPanel): Locator =>
  page.getByRole('dialog', { name: PANEL_TITLE[panel] });

const mineLink = (page: Page): Locator => page.getByRole('link', { name: MINE });

const expectLoggedIn = async (page: Page): Promise<ISession> => {
  await waitVisible(mineLink(page));
  await expect
    .poll(async () => (await readSession(page)).userId, { timeout: UI_TIMEOUT_MS })
    .not.toBe('');
  const session = await readSession(page);
  expect(session.isLogin).toBe(true);
  expect(session.token).toMatch(JWT);
  expect(session.refreshToken).not.toBe('');
  expect(session.mirrorToken).toBe(session.token);
  return session;
};

const expectLoggedOut = async (page: Page): Promise<void> => {
  await mineLink(page).first().waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  const session = await readSession(page);
  expect(session.isLogin).toBe(false);
  expect(session.token).toBe('');
  expect(session.refreshToken).toBe('');
  expect(session.mirrorToken).toBeNull();
};

/** Opens the login dialog from the side navigation's login card. */
const openLoginDialog = async (page: Page): Promise<Locator> => {
  await (await waitVisible(page.getByRole('button', { name: BUTTON.openLogin }))).click();
  return waitVisible(authDialog(page, 'login'));
};

const tickAgreement = async (dialog: Locator): Promise<void> => {
  const box = dialog.getByRole('checkbox', { name: AGREEMENT });
  await box.check();
  expect(await box.isChecked()).toBe(true);
};

/** Login panel: e-mail, password, the fixed test captcha, agreement, submit. */
const logIn = async (
  page: Page,
  email: string,
  password: string,
  shoot: TShoot,
): Promise<ISession> => {
  const open = await visible(authDialog(page, 'login')).count();
  const dialog = open ? visible(authDialog(page, 'login')) : await openLoginDialog(page);
  // The captcha image has arrived before the answer is typed.
  await waitVisible(dialog.getByRole('button', { name: BUTTON.captchaImage }).locator('img'));
  // Beside the form, each sign-up benefit takes one or two lines (three at 168 px).
  const benefitLines = await lineCounts(dialog.locator('.benefit-list__text'));
  expect(benefitLines).toHaveLength(3);
  expect(Math.max(...benefitLines)).toBeLessThanOrEqual(2);
  await dialog.getByLabel(FIELD.email).fill(email);
  await dialog.getByLabel(FIELD.password).fill(password);
  await dialog.getByLabel(FIELD.captcha).fill(E2E_CAPTCHA);
  await tickAgreement(dialog);
  await shoot(page, 'login-filled');
  await dialog.getByRole('button', { name: BUTTON.login }).click();
  await waitVisible(text(page, /Logged in\. Welcome back!|登录成功，欢迎回来！/));
  await authDialog(page, 'login').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
  const session = await expectLoggedIn(page);
  await shoot(page, 'logged-in');
  return session;
};

/** Clicks the get-code button and reads the code the server put in the outbox. */
const getEmailCode = async (dialog: Locator, email: string): Promise<string> => {
  const since = new Date(Date.now() - 1_000);
  await dialog.getByRole('button', { name: BUTTON.getCode }).click();
  const { code } = await waitForCode(dataDir(), email, since);
  expect(code).toMatch(/^\d{6}$/);
  // The button counts down the 120 s (auth.code.countdown).
  await waitVisible(dialog.getByRole('button', { name: /^\d+\s?(s|秒)$/ }));
  await dialog.getByLabel(FIELD.emailCode).fill(code);
  return code;
};

/**
 * Accounts end to end: register with an e-mail code, log out and in, a silent
 * token refresh, a password change in Chinese, and a forgotten password.
 * The journeys build on each other and run in order.
 */
describe.skipIf(e2eSkipReason())('accounts journey', () => {
  let browser: Browser;
  const pages = journeyPages();
  let origin: string;

  /** The account registered in journey A; C changes its password. */
  const account = { email: uniqueEmail('a'), password: 'Layer-line-1' };
  /** Logged-in storage at the end of A, so B starts from that session. */
  let sessionAfterA: TStorageState | undefined;
  /** Registered through the API up front for journey D; its code went out then. */
  const resetAccount = { email: uniqueEmail('d'), password: 'Before-reset-4' };
  let resetCodeSentAt = new Date();

  beforeAll(async () => {
    origin = baseUrl();
    browser = await launchBrowser();
    ({ codeSentAt: resetCodeSentAt } = await registerThroughApi(
      origin,
      dataDir(),
      resetAccount.email,
      resetAccount.password,
    ));
  });

  afterAll(async () => {
    await browser?.close();
  });

  const openPage = (
    locale: 'en-US' | 'zh-CN',
    testName: string,
    options: { storageState?: TStorageState; watch?: IWatchOptions } = {},
  ) => pages.open(browser, { locale, name: testName, ...options });

  it('A: registers with an e-mail code, logs out, and logs in with the captcha', async ({
    task,
  }) => {
    const { context, page, watch, shoot } = await openPage('en-US', task.name);
    await page.goto('/');
    await waitVisible(text(page, NAV.en.discover));
    expect(await visible(mineLink(page)).count()).toBe(0);
    await shoot(page, 'home-visitor');

    const login = await openLoginDialog(page);
    await shoot(page, 'login-dialog');
    await login.getByRole('button', { name: BUTTON.toRegister }).click();
    const register = await waitVisible(authDialog(page, 'register'));
    await register.getByLabel(FIELD.email).fill(account.email);
    await getEmailCode(register, account.email);
    await waitVisible(text(page, /A verification code has been sent to/));
    await register.getByLabel(FIELD.password).fill(account.password);
    await register.getByLabel(FIELD.confirmPassword).fill(account.password);
    await tickAgreement(register);
    await shoot(page, 'register-filled');
    await register.getByRole('button', { name: BUTTON.register }).click();

    await waitVisible(text(page, /Your account is ready\. Welcome!/));
    await authDialog(page, 'register').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await expectLoggedIn(page);
    await shoot(page, 'registered-and-logged-in');

    await (await waitVisible(moreMenu(page))).click();
    await (await waitVisible(menuEntry(page, BUTTON.logout))).click();
    const confirm = await waitVisible(page.getByRole('dialog').filter({ hasText: /Log out of/ }));
    await shoot(page, 'logout-confirm');
    await confirm.getByRole('button', { name: BUTTON.logout }).click();
    await waitVisible(text(page, /You have logged out\./));
    await expectLoggedOut(page);
    await shoot(page, 'logged-out');

    await logIn(page, account.email, account.password, shoot);
    sessionAfterA = await context.storageState();
    watch.expectClean('register, logout, login');
  });

  it('B: refreshes an access token the server refuses, without a login-expired dialog', async ({
    task,
  }) => {
    expect(sessionAfterA, 'journey A left a logged-in session').toBeDefined();
    const { page, watch, shoot } = await openPage('en-US', task.name, {
      storageState: sessionAfterA,
      // The forged token's refused requests are the point of this journey:
      // every call the profile page starts with it (user info, own works, the
      // unread counts and the live stream's ticket) is refused once, then replayed
      // after the one refresh. Chromium logs every 4xx response as an error.
      watch: {
        ignore: [
          /^console\.error: Failed to load resource: the server responded with a status of 401 \(Unauthorized\) \(http:\/\/127\.0\.0\.1:\d+\/api\/v1\/(user\/getinfo|user\/stream_ticket|works\?mine=1&\S+|notify\/unread):\d+\)$/,
        ],
      },
    });
    await page.goto('/');
    const before = await expectLoggedIn(page);
    await shoot(page, 'logged-in-from-a');

    // Forge the access token in both places the session keeps it; the refresh token stays.
    await page.evaluate((forged) => {
      const raw = window.localStorage.getItem('user') ?? '{}';
      const stored = JSON.parse(raw) as { state: Record<string, unknown> };
      stored.state.token = forged;
      window.localStorage.setItem('user', JSON.stringify(stored));
      window.localStorage.setItem('token', forged);
    }, FORGED_TOKEN);

    const statuses: Array<[string, number]> = [];
    let refreshCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/user/refresh_token')) refreshCalls += 1;
    });
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/api/v1/user/')) statuses.push([pathname, response.status()]);
    });
    const refreshed = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/user/refresh_token'),
      { timeout: UI_TIMEOUT_MS },
    );
    const infoAfterRefresh = refreshed.then(() =>
      page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/user/getinfo') && response.status() === 200,
        { timeout: UI_TIMEOUT_MS },
      ),
    );
    // The edit-profile dialog of one's own profile loads the user info (getinfo).
    await page.goto(`/userInfor/${encodeURIComponent(before.userId)}?edit=profile`);
    expect((await refreshed).status()).toBe(200);
    await infoAfterRefresh;
    await waitVisible(page.getByRole('dialog', { name: /Edit profile/ }));
    await shoot(page, 'edit-profile-after-silent-refresh');

    // A refused getinfo (and the live stream's ticket, ADR 0074), one refresh, the replays succeeded.
    expect(statuses).toContainEqual(['/api/v1/user/getinfo', 401]);
    const refusedPaths = new Set(
      statuses.filter(([, status]) => status === 401).map(([path]) => path),
    );
    expect([...refusedPaths].sort()).toEqual(
      ['/api/v1/user/getinfo', '/api/v1/user/stream_ticket'].filter((path) =>
        refusedPaths.has(path),
      ),
    );
    expect(await visible(text(page, EXPIRED_DIALOG)).count()).toBe(0);
    // However many calls were refused, the refresh token was used once.
    expect(refreshCalls).toBe(1);

    const after = await expectLoggedIn(page);
    expect(after.token).not.toBe(FORGED_TOKEN);
    expect(after.token).not.toBe(before.token);
    expect(after.userId).toBe(before.userId);
    // The new token is one the server accepts.
    const check = await page.evaluate(async (token) => {
      const response = await fetch('/api/v1/user/getinfo', {
        headers: { Authorization: `Bearer ${token}`, 'Content-Language': 'en' },
      });
      return { status: response.status, code: ((await response.json()) as { code: number }).code };
    }, after.token);
    expect(check).toEqual({ status: 200, code: 200 });
    watch.expectClean('silent refresh');
  });

  it('C: changes the password from account management (zh-CN), then logs in with it', async ({
    task,
  }) => {
    const { page, watch, shoot } = await openPage('zh-CN', task.name);
    await page.goto('/');
    await waitVisible(text(page, NAV.zh.discover));
    await logIn(page, account.email, account.password, shoot);

    await (await waitVisible(moreMenu(page))).click();
    await (await waitVisible(menuEntry(page, /^账号管理$/))).click();
    const dialog = await waitVisible(authDialog(page, 'setPassword'));
    const newPassword = 'Changed-pw-2';
    await dialog.getByLabel(FIELD.oldPassword).fill(account.password);
    await dialog.getByLabel(FIELD.newPassword).fill(newPassword);
    await dialog.getByLabel(FIELD.confirmPassword).fill(newPassword);
    await shoot(page, 'set-password-filled');
    await dialog.getByRole('button', { name: BUTTON.setPassword }).click();

    // SPEC 4: a successful change logs the user out; the dialog stays on the login panel.
    await waitVisible(text(page, /密码已修改，请重新登录。/));
    await waitVisible(authDialog(page, 'login'));
    await expectLoggedOut(page);
    await shoot(page, 'logged-out-after-change');
    account.password = newPassword;

    await logIn(page, account.email, account.password, shoot);
    watch.expectClean('password change');
  });

  it(
    'D: resets a forgotten password with an e-mail code, then logs in with it',
    async ({ task }) => {
      const { page, watch, shoot } = await openPage('en-US', task.name);
      // The register code of this address went out in beforeAll.
      const wait = resetCodeSentAt.getTime() + CODE_INTERVAL_MS - Date.now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));

      await page.goto('/');
      await waitVisible(text(page, NAV.en.discover));
      const login = await openLoginDialog(page);
      await login.getByRole('button', { name: BUTTON.toForgot }).click();
      const dialog = await waitVisible(authDialog(page, 'forgotPassword'));
      await dialog.getByLabel(FIELD.email).fill(resetAccount.email);
      await getEmailCode(dialog, resetAccount.email);
      const newPassword = 'After-reset-5';
      await dialog.getByLabel(FIELD.newPassword).fill(newPassword);
      await dialog.getByLabel(FIELD.confirmPassword).fill(newPassword);
      await shoot(page, 'reset-filled');
      await dialog.getByRole('button', { name: BUTTON.resetPassword }).click();

      await waitVisible(text(page, /Your password has been reset\./));
      await waitVisible(authDialog(page, 'login'));
      await shoot(page, 'reset-done');
      resetAccount.password = newPassword;

      await logIn(page, resetAccount.email, resetAccount.password, shoot);
      watch.expectClean('forgot password');
    },
    CODE_INTERVAL_MS + 120_000,
  );
});
