import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { baseUrl, e2eSkipReason } from '../support/e2e-context';
import { journeyPages, PHONE_VIEWPORT } from '../support/journey';
import { E2E_ADMIN } from '../support/server';
import { type IApiSession, loginThroughApi } from '../support/session';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

const COVER = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'cover.png'),
);

const MENU = {
  en: [
    'My profile',
    'My works',
    'AI records',
    /^Points: [\d,]+$/,
    'Feedback',
    'Language: 中文',
    'Log out',
  ],
  zh: [
    '我的主页',
    '我的作品',
    'AI 记录',
    /^积分：[\d,]+$/,
    '意见反馈',
    '语言：English',
    '退出登录',
  ],
} as const;

const SHORT = {
  en: ['Discover', 'Talk', 'AI', 'Publish', 'Inbox', 'More'],
  zh: ['发现', '模型圈', 'AI', '发布', '消息', '更多'],
} as const;

/** The visible short labels under the bottom bar's icons. */
const shortLabels = (page: Page) =>
  page
    .locator('.side-nav .side-nav__short')
    .evaluateAll((nodes) =>
      nodes
        .filter((node) => (node as HTMLElement).offsetParent !== null)
        .map((node) => node.textContent),
    );

/**
 * The account's own places and the phone's bar: the header avatar opens the
 * account menu (desktop and phone, both languages); the bottom bar carries
 * short labels; picking 12 feedback pictures keeps 9 and says so.
 */
describe.skipIf(e2eSkipReason())('account menu and phone bar journey', () => {
  let browser: Browser;
  let admin: IApiSession;
  const pages = journeyPages();

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await loginThroughApi(baseUrl(), E2E_ADMIN.email, E2E_ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const [locale, lang, phone] of [
    ['en-US', 'en', false],
    ['zh-CN', 'zh', true],
    ['en-US', 'en', true],
  ] as const) {
    it(`opens the account menu from the avatar (${lang}, ${phone ? '390' : '1440'} px)`, async () => {
      const { page, shoot, watch } = await pages.open(browser, {
        locale,
        name: `account menu ${lang} ${phone ? 'phone' : 'desktop'}`,
        session: admin,
        phone,
      });
      await page.goto('/');
      await (await waitVisible(page.getByTestId('account-menu-toggle'))).click();
      const menu = await waitVisible(page.getByTestId('account-menu'));
      const items = menu.getByRole('menuitem');
      await expect.poll(() => items.count(), { timeout: UI_TIMEOUT_MS }).toBe(7);
      const names = await items.allTextContents();
      MENU[lang].forEach((name, index) => {
        if (typeof name === 'string') expect(names[index]).toBe(name);
        else expect(names[index]).toMatch(name);
      });
      // The whole menu is on screen, a phone's too.
      const box = await menu.boundingBox();
      const width = phone ? PHONE_VIEWPORT.width : 1440;
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      await shoot(page, 'account-menu');
      await items.nth(1).click();
      await page.waitForURL(/\/userInfor\/\d+\?tab=works$/, { timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('account-menu').count()).toBe(0);
      watch.expectClean('account menu');
    });
  }

  for (const [locale, lang] of [
    ['en-US', 'en'],
    ['zh-CN', 'zh'],
  ] as const) {
    it(`labels the phone's bottom bar (${lang})`, async () => {
      const { page, shoot, watch } = await pages.open(browser, {
        locale,
        name: `bottom bar ${lang}`,
        phone: true,
      });
      await page.goto('/');
      await waitVisible(page.locator('.side-nav'));
      await expect.poll(() => shortLabels(page), { timeout: UI_TIMEOUT_MS }).toEqual(SHORT[lang]);
      // Every label sits inside the 390 px screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, 'bottom-bar');
      watch.expectClean('bottom bar');
    });
  }

  it('has no short labels on the desktop side navigation', async () => {
    const { page } = await pages.open(browser, { locale: 'en-US', name: 'side nav desktop' });
    await page.goto('/');
    await waitVisible(page.locator('.side-nav'));
    expect(await shortLabels(page)).toEqual([]);
  });

  for (const [locale, lang, said] of [
    ['zh-CN', 'zh', '最多保留 9 张图片：你选择的图片中有 3 张未添加。'],
    ['en-US', 'en', 'Only 9 images are kept: 3 of the pictures you picked were left out.'],
  ] as const) {
    it(`keeps 9 of 12 feedback pictures and says so (${lang}, 390 px)`, async () => {
      const { page, shoot, watch } = await pages.open(browser, {
        locale,
        name: `feedback twelve ${lang}`,
        session: admin,
        phone: true,
      });
      await page.goto('/feedback');
      const input = page.getByTestId('feedback-image-input');
      await input.waitFor({ state: 'attached', timeout: UI_TIMEOUT_MS });
      await input.setInputFiles(
        Array.from({ length: 12 }, (_, index) => ({
          name: `picture-${index + 1}.png`,
          mimeType: 'image/png',
          buffer: COVER,
        })),
      );
      const note = await waitVisible(page.getByTestId('feedback-images-dropped'));
      expect(await note.textContent()).toBe(said);
      await expect
        .poll(() => page.getByTestId('feedback-image').count(), { timeout: UI_TIMEOUT_MS })
        .toBe(9);
      await expect.poll(() => page.getByTestId('feedback-image-count').textContent()).toBe('9/9');
      await note.scrollIntoViewIfNeeded();
      await shoot(page, 'twelve-picked');
      watch.expectClean('feedback pictures');
    });
  }
});
