import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSkipReason } from '../support/e2e-context';
import { journeyBrowser } from '../support/journey';
import {
  chooseLanguage,
  menuEntry,
  moreMenu,
  NAV,
  storedLocale,
  text,
  UI_TIMEOUT_MS,
  visible,
  waitForPath,
  waitVisible,
} from '../support/shell';

/**
 * The visitor's first minutes: the shell in both languages, the language
 * switch, the agreement, guarded and unknown routes, one API call, and no
 * errors in the console along the way.
 */
describe.skipIf(e2eSkipReason())('shell journey (visitor)', () => {
  const journey = journeyBrowser();

  /** A fresh visitor: new context, empty storage, browser language as given. */
  const openPage = (locale: 'en-US' | 'zh-CN', testName: string) =>
    journey.open({ locale, name: testName });

  const expectEnglishNav = async (page: Page) => {
    for (const label of [NAV.en.discover, NAV.en.talk, NAV.en.ai, NAV.en.publish, NAV.en.inform]) {
      await waitVisible(text(page, label));
    }
  };

  it('shows the English shell for an en-US browser', async ({ task }) => {
    const { page, watch, shoot } = await openPage('en-US', task.name);
    await page.goto('/');
    await expectEnglishNav(page);
    await page.waitForFunction(() => document.title === 'Layerline - Home', undefined, {
      timeout: UI_TIMEOUT_MS,
    });
    expect(await page.title()).toBe('Layerline - Home');
    // 'Mine' belongs to logged-in users only.
    expect(await visible(text(page, NAV.en.mine)).count()).toBe(0);
    expect(await visible(text(page, NAV.zh.discover)).count()).toBe(0);
    await shoot(page, 'home-en');
    watch.expectClean('home in English');
  });

  it('shows the Chinese shell for a zh-CN browser', async ({ task }) => {
    const { page, watch, shoot } = await openPage('zh-CN', task.name);
    await page.goto('/');
    for (const label of [NAV.zh.discover, NAV.zh.talk, NAV.zh.inform]) {
      await waitVisible(text(page, label));
    }
    expect(await visible(text(page, NAV.en.discover)).count()).toBe(0);
    await shoot(page, 'home-zh');
    watch.expectClean('home in Chinese');
  });

  it('switches the language with the dropdown and remembers it', async ({ task }) => {
    const { page, watch, shoot } = await openPage('en-US', task.name);
    await page.goto('/');
    await waitVisible(text(page, NAV.en.discover));
    await shoot(page, 'before-switch');

    await chooseLanguage(page, '中文');
    await waitVisible(text(page, NAV.zh.discover));
    // SPEC 4: a switch confirms itself, in the new language.
    await waitVisible(text(page, /语言已切换/));
    expect(await visible(text(page, NAV.en.discover)).count()).toBe(0);
    expect(await storedLocale(page)).toMatch(/^zh/);
    await shoot(page, 'switched-to-zh');

    // The stored choice wins over the browser's en-US on the next visit.
    await page.reload();
    await waitVisible(text(page, NAV.zh.discover));
    await shoot(page, 'zh-after-reload');

    await chooseLanguage(page, 'English');
    await waitVisible(text(page, NAV.en.discover));
    await waitVisible(text(page, /language is now English/i));
    expect(await storedLocale(page)).toMatch(/^en/);
    await shoot(page, 'switched-back-to-en');
    watch.expectClean('language switch');
  });

  for (const [locale, entry, title, cash] of [
    ['en-US', /^User agreement$/i, /User agreement/i, /Points are not convertible to cash/i],
    ['zh-CN', /^用户(服务)?协议$/, /用户(服务)?协议/, /积分不可兑换为?现金/],
  ] as const) {
    it(`reads the user agreement from the More menu (${locale})`, async ({ task }) => {
      const { page, watch, shoot } = await openPage(locale, task.name);
      await page.goto('/');
      await (await waitVisible(moreMenu(page))).click();
      await shoot(page, 'more-menu-open');
      await (await waitVisible(menuEntry(page, entry))).click();
      const dialog = await waitVisible(page.getByRole('dialog').filter({ hasText: title }));
      const body = (await dialog.textContent()) ?? '';
      // SPEC 1: the agreement says points are not convertible to cash.
      expect(body).toMatch(cash);
      // The text is in the current language: Chinese characters only in zh.
      const hasChinese = /[\u4e00-\u9fff]{4,}/.test(body);
      expect(hasChinese, `agreement language for ${locale}`).toBe(locale === 'zh-CN');
      await shoot(page, 'agreement-dialog');
      watch.expectClean(`agreement ${locale}`);
    });
  }

  it('sends visitors from guarded and unknown paths home, and shows /404', async ({ task }) => {
    const { page, watch, shoot } = await openPage('en-US', task.name);
    for (const path of ['/inform', '/publish', '/no/such/path']) {
      await page.goto(path);
      await waitForPath(page, '/');
      await waitVisible(text(page, NAV.en.discover));
      await shoot(page, `from-${path}`);
    }
    await page.goto('/404');
    await waitVisible(text(page, /404|not found|does not exist/i));
    expect(new URL(page.url()).pathname).toBe('/404');
    await shoot(page, 'not-found-page');
    watch.expectClean('redirects');
  });

  it('answers the category API with the envelope, from the page', async ({ task }) => {
    const { page, watch, shoot } = await openPage('en-US', task.name);
    await page.goto('/');
    await waitVisible(text(page, NAV.en.discover));
    const result = await page.evaluate(async () => {
      const response = await fetch('/api/v1/categroy/all', {
        headers: { 'Content-Language': 'en' },
      });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ code: 200, msg: expect.any(String) });
    const { data } = result.body as { data: unknown };
    expect(Array.isArray(data), 'data is a list of categories').toBe(true);
    expect((data as unknown[]).length, 'the demo seed has categories').toBeGreaterThan(0);
    await shoot(page, 'after-api-call');
    watch.expectClean('category API');
  });
});
