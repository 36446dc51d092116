import type { Browser, Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { baseUrl, dataDir, e2eSkipReason } from '../support/e2e-context';
import { journeyPages } from '../support/journey';
import { registerThroughApi, uniqueEmail } from '../support/outbox';
import { type IApiSession, loginThroughApi } from '../support/session';
import { UI_TIMEOUT_MS, visible, waitVisible } from '../support/shell';

/** SPEC 9: the feed's page size. */
const PAGE_SIZE = 50;
/** Seeded demo works: one titled '波纹花瓶 Wave vase', one '可动关节小龙 Articulated dragon'. */
const ZH_QUERY = '花瓶';
const EN_QUERY = 'dragon';

interface IHomeAnswer {
  url: URL;
  total: number;
  count: number;
}

const cards = (page: Page): Locator => page.getByTestId('works-grid').getByTestId('work-card');

/** Waits for the next /api/v1/works/home answer that matches. */
const homeAnswer = (page: Page, match: (url: URL) => boolean): Promise<IHomeAnswer> =>
  page
    .waitForResponse(
      (response: Response) => {
        const url = new URL(response.url());
        return url.pathname === '/api/v1/works/home' && match(url);
      },
      { timeout: UI_TIMEOUT_MS },
    )
    .then(async (response) => {
      const body = (await response.json()) as { data: unknown[]; total: number };
      return { url: new URL(response.url()), total: body.total, count: body.data.length };
    });

const searchBox = (page: Page): Locator => page.getByRole('combobox', { name: /search/i });

const search = async (page: Page, words: string): Promise<IHomeAnswer> => {
  const answer = homeAnswer(page, (url) => url.searchParams.get('query') === words);
  const box = await waitVisible(searchBox(page));
  await box.fill(words);
  await box.press('Enter');
  return answer;
};

const readHistory = async (origin: string, session: IApiSession): Promise<string[]> => {
  const response = await fetch(`${origin}/api/v1/works/search_record`, {
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Language': 'en' },
  });
  const body = (await response.json()) as { data: Array<{ words: string }> };
  return body.data.map((record) => record.words);
};

/**
 * Discovery end to end (issue 5): the feed's next page on scroll, a child
 * category, search in Chinese and English, deleting a history item, a
 * collection and a profile.
 */
describe.skipIf(e2eSkipReason())('discovery journey', () => {
  let browser: Browser;
  const pages = journeyPages();
  let origin: string;
  let session: IApiSession;

  beforeAll(async () => {
    origin = baseUrl();
    browser = await launchBrowser();
    const account = { email: uniqueEmail('dv'), password: 'Discovery-run-1' };
    await registerThroughApi(origin, dataDir(), account.email, account.password);
    session = await loginThroughApi(origin, account.email, account.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('scrolls, filters, searches in both languages, edits history, opens a collection and a profile', async ({
    task,
  }) => {
    const { page, watch, shoot } = await pages.open(browser, {
      locale: 'en-US',
      name: task.name,
      session,
    });

    // Feed page 1, then page 2 once the bottom is near (SPEC 4 Feed).
    const first = homeAnswer(page, (url) => url.searchParams.get('page') === '1');
    await page.goto('/');
    const page1 = await first;
    expect(page1.count).toBe(PAGE_SIZE);
    expect(page1.total).toBeGreaterThan(PAGE_SIZE);
    // The cards render as the visitor nears them (ADR 0031): a screen's worth
    // and one more at first, not the whole page of 50.
    await cards(page).first().waitFor({ timeout: UI_TIMEOUT_MS });
    await page.waitForTimeout(500);
    expect(await cards(page).count()).toBeLessThan(PAGE_SIZE);
    await shoot(page, 'feed-page-1');
    let page2: IHomeAnswer | undefined;
    let cardsWhenAsked = -1;
    const second = homeAnswer(page, (url) => url.searchParams.get('page') === '2').then(
      (answer) => {
        page2 = answer;
        return answer;
      },
    );
    // Held until counted, so page 2's own cards cannot be among them.
    const isPage2 = (url: URL) =>
      url.pathname === '/api/v1/works/home' && url.searchParams.get('page') === '2';
    await page.route(isPage2, async (route) => {
      if (cardsWhenAsked < 0) cardsWhenAsked = await cards(page).count();
      await route.continue();
    });
    await cards(page).first().hover();
    // Scrolling renders the rest of page 1, then loads page 2 and renders it too.
    for (let step = 0; step < 60; step += 1) {
      if (page2 && (await cards(page).count()) >= PAGE_SIZE + page2.count) break;
      await page.mouse.wheel(0, 2_000);
      await page.waitForTimeout(200);
    }
    const answer2 = await second;
    expect(answer2.count).toBe(Math.min(PAGE_SIZE, page1.total - PAGE_SIZE));
    // Page 2 was asked for only once every card of page 1 was there.
    expect(cardsWhenAsked).toBe(PAGE_SIZE);
    await expect
      .poll(() => cards(page).count(), { timeout: UI_TIMEOUT_MS })
      .toBe(PAGE_SIZE + answer2.count);
    await shoot(page, 'feed-page-2');
    await page.unroute(isPage2);

    // A parent with children selects its first child (SPEC 4 Category filter).
    await page.mouse.wheel(0, -100_000);
    const bar = await waitVisible(page.getByRole('navigation', { name: /categories/i }));
    const parent = visible(bar.getByRole('button', { name: /^3D Printing/ }));
    const filtered = homeAnswer(page, (url) => url.searchParams.has('category'));
    await parent.click();
    const byCategory = await filtered;
    expect(byCategory.total).toBeGreaterThan(0);
    expect(byCategory.total).toBeLessThan(page1.total);
    await expect
      .poll(() => cards(page).count(), { timeout: UI_TIMEOUT_MS })
      .toBe(Math.min(PAGE_SIZE, byCategory.total));
    await shoot(page, 'child-category');

    // Search in Chinese, then in English (SPEC 4 Search); the showcase hides.
    const zh = await search(page, ZH_QUERY);
    expect(zh.url.searchParams.has('category')).toBe(false);
    expect(zh.total).toBeGreaterThan(0);
    await waitVisible(cards(page).filter({ hasText: '波纹花瓶' }));
    await shoot(page, 'search-zh');
    const en = await search(page, EN_QUERY);
    expect(en.total).toBeGreaterThan(0);
    await waitVisible(cards(page).filter({ hasText: /Articulated dragon/ }));
    await shoot(page, 'search-en');
    await expect
      .poll(() => readHistory(origin, session), { timeout: UI_TIMEOUT_MS })
      .toEqual([EN_QUERY, ZH_QUERY]);

    // Two-step delete of one history item (SPEC 2, SPEC 8: the server's msg).
    const box = await waitVisible(searchBox(page));
    await box.fill('');
    await box.click();
    const panel = await waitVisible(page.getByRole('dialog', { name: /search/i }));
    await waitVisible(panel.getByText(ZH_QUERY, { exact: true }));
    await shoot(page, 'search-panel');
    await panel.getByRole('button', { name: /^Delete search history$/ }).click();
    await panel.getByRole('button', { name: `Delete “${ZH_QUERY}”` }).click();
    await waitVisible(page.getByText(/deleted/i));
    await expect
      .poll(() => readHistory(origin, session), { timeout: UI_TIMEOUT_MS })
      .toEqual([EN_QUERY]);
    await shoot(page, 'history-item-deleted');
    await page.keyboard.press('Escape');

    // A collection from the home strip, then a maker's profile from a card.
    await box.fill('');
    await box.press('Enter');
    const strip = page.locator('a[href^="/collections/"]');
    await (await waitVisible(strip)).click();
    await page.waitForURL(/\/collections\/\d+$/, { timeout: UI_TIMEOUT_MS });
    await waitVisible(page.getByTestId('collection-count'));
    await waitVisible(page.getByTestId('paged-works-grid').getByTestId('work-card'));
    await shoot(page, 'collection');
    const card = page.getByTestId('paged-works-grid').getByTestId('work-card').first();
    const maker = (await card.locator('.work-card__name').textContent()) ?? '';
    await card.locator('.work-card__author').click();
    await page.waitForURL(/\/userInfor\/\d+/, { timeout: UI_TIMEOUT_MS });
    await waitVisible(page.getByTestId('profile-card').filter({ hasText: maker.trim() }));
    await waitVisible(page.getByTestId('paged-works-grid').getByTestId('work-card'));
    await shoot(page, 'profile');
    watch.expectClean('feed, category, search, history, collection, profile');
  });

  // A search has its own address (/?q=): shared, reloaded, reached with Back;
  // leaving it empties the header box. A visitor, in each language.
  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`gives a search its own address, kept on reload and Back (${locale})`, async ({ task }) => {
      const { page, watch, shoot } = await pages.open(browser, { locale, name: task.name });
      const isZh = locale === 'zh-CN';
      const box = page.getByRole('combobox', { name: isZh ? '搜索' : 'Search' });
      const dragons = cards(page).filter({ hasText: /Articulated dragon/ });
      const vases = cards(page).filter({ hasText: '波纹花瓶' });

      // A shared link opens the search itself, its text in the box.
      const shared = homeAnswer(page, (url) => url.searchParams.get('query') === EN_QUERY);
      await page.goto(`/?q=${EN_QUERY}`);
      expect((await shared).total).toBeGreaterThan(0);
      await waitVisible(dragons);
      expect(await box.inputValue()).toBe(EN_QUERY);

      // Enter on new text: a new address, one history entry.
      const entries = await page.evaluate(() => history.length);
      const zh = homeAnswer(page, (url) => url.searchParams.get('query') === ZH_QUERY);
      await box.fill(ZH_QUERY);
      await box.press('Enter');
      await zh;
      await page.waitForURL((url) => url.searchParams.get('q') === ZH_QUERY, {
        timeout: UI_TIMEOUT_MS,
      });
      expect(await page.evaluate(() => history.length)).toBe(entries + 1);
      await waitVisible(vases);

      // A reload shows the same search.
      await page.reload();
      await waitVisible(vases);
      await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(ZH_QUERY);
      await shoot(page, 'search-reloaded');

      // Back returns to the search before.
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('q') === EN_QUERY, {
        timeout: UI_TIMEOUT_MS,
      });
      await waitVisible(dragons);
      await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(EN_QUERY);

      // Leaving for another screen empties the box; Back fills it again.
      await visible(page.locator('a[data-nav="community"]')).click();
      await page.waitForURL(/\/community$/, { timeout: UI_TIMEOUT_MS });
      await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe('');
      await shoot(page, 'search-left');
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('q') === EN_QUERY, {
        timeout: UI_TIMEOUT_MS,
      });
      await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(EN_QUERY);
      await waitVisible(dragons);

      // Typing that refines the search replaces the address: no entry per keystroke.
      const before = await page.evaluate(() => history.length);
      await box.press('End');
      await box.pressSequentially(' toy', { delay: 40 });
      await page.waitForURL((url) => url.searchParams.get('q') === `${EN_QUERY} toy`, {
        timeout: UI_TIMEOUT_MS,
      });
      expect(await page.evaluate(() => history.length)).toBe(before);

      // Clearing ends the search: the plain home, an empty box.
      await visible(
        page.getByRole('button', { name: isZh ? '清除搜索内容' : 'Clear search text' }),
      ).click();
      await page.waitForURL((url) => url.pathname === '/' && url.search === '', {
        timeout: UI_TIMEOUT_MS,
      });
      expect(await box.inputValue()).toBe('');
      await shoot(page, 'search-cleared');
      watch.expectClean('search address, reload, Back, leaving');
    });
  }

  it('opens a shared search on a phone, and Back returns to it (zh-CN, 390 px)', async ({
    task,
  }) => {
    const { page, watch, shoot } = await pages.open(browser, {
      locale: 'zh-CN',
      name: task.name,
      phone: true,
    });
    const vases = cards(page).filter({ hasText: '波纹花瓶' });
    // Folded, the box is out of the accessibility tree: its input by place.
    const box = page.getByTestId('header-search').locator('input');
    await page.goto(`/?q=${encodeURIComponent(ZH_QUERY)}`);
    await waitVisible(vases);
    // The folded search opens holding the address's search.
    await visible(page.getByRole('button', { name: '打开搜索' })).click();
    await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(ZH_QUERY);
    await shoot(page, 'search-phone');
    await visible(page.getByRole('button', { name: '关闭搜索' })).click();
    await visible(page.locator('a[data-nav="community"]')).click();
    await page.waitForURL(/\/community$/, { timeout: UI_TIMEOUT_MS });
    await expect.poll(() => box.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe('');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === ZH_QUERY, {
      timeout: UI_TIMEOUT_MS,
    });
    await waitVisible(vases);
    expect(await box.inputValue()).toBe(ZH_QUERY);
    watch.expectClean('search address on a phone');
  });
});
