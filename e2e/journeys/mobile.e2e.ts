import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { collisions } from '../support/boxes';
import { e2eSkipReason } from '../support/e2e-context';
import { journeyBrowser, PHONE_VIEWPORT } from '../support/journey';
import { horizontalOverflow } from '../support/overflow';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

/** SPEC 9: a feed page is 50 works. */
const FEED_PAGE_SIZE = 50;

/** The login dialog's forms, fetched while the page is idle (features/auth/auth-panels-chunk.ts). */
const AUTH_PANELS_CHUNK = /\/assets\/AuthPanels-[\w-]+\.js$/;

interface IFrameState {
  windowScrollY: number;
  documentHeight: number;
  headerTop: number;
  contentScrollTop: number;
}

/** Where the window, the document and the shell's scroll area stand. */
const frameState = (page: Page): Promise<IFrameState> =>
  page.evaluate(() => ({
    windowScrollY: window.scrollY,
    documentHeight: document.documentElement.scrollHeight,
    headerTop: document.querySelector('.app-header')?.getBoundingClientRect().top ?? -1,
    contentScrollTop: document.querySelector('[data-testid="home-scroll"]')?.scrollTop ?? -1,
  }));

/**
 * Elements sticking out of the viewport, except those clipped by a scroll or
 * overflow-hidden box that itself fits (carousels, marquees, ellipsis text),
 * the shell's scroll area among them.
 */
const overflowing = async (page: Page): Promise<string[]> =>
  (await horizontalOverflow(page, { frameClips: true })).elements;

/**
 * The sizes and weights (px/weight) of the text on the first screen that
 * index.html's unseen .boot-fonts texts do not lay out with the first paint.
 */
const fontsNotWarmed = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const fontOf = (element: Element) => {
      const style = getComputedStyle(element);
      return `${Number.parseFloat(style.fontSize)}/${style.fontWeight}`;
    };
    const warmed = new Set([...document.querySelectorAll('.boot-fonts span')].map(fontOf));
    const missing = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim()) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.bottom < 0 || rect.top > window.innerHeight) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (element.closest('[aria-hidden="true"]')) continue;
      if (!warmed.has(fontOf(element))) missing.add(fontOf(element));
    }
    return warmed.size > 0 ? [...missing] : ['no .boot-fonts texts'];
  });

/** Wheels down the shell's content area until its end (the feed loads pages on the way). */
const scrollToEnd = async (page: Page): Promise<void> => {
  const area = await waitVisible(page.getByTestId('home-scroll'));
  const box = await area.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  let last = -1;
  for (let step = 0; step < 40; step += 1) {
    await page.mouse.wheel(0, 3_000);
    await page.waitForTimeout(150);
    const { contentScrollTop } = await frameState(page);
    // A few wheels past the end: that is what used to scroll the window.
    if (contentScrollTop === last && step > 4) break;
    last = contentScrollTop;
  }
  for (let step = 0; step < 5; step += 1) {
    await page.mouse.wheel(0, 3_000);
    await page.waitForTimeout(100);
  }
};

/** The frame stays put: the window never scrolls and the document is one screen tall. */
const expectFixedFrame = async (page: Page): Promise<IFrameState> => {
  const state = await frameState(page);
  expect(state.windowScrollY).toBe(0);
  expect(state.headerTop).toBe(0);
  expect(state.documentHeight).toBeLessThanOrEqual(PHONE_VIEWPORT.height);
  return state;
};

const widthOf = async (page: Page, selector: string): Promise<number> =>
  (await page.locator(selector).first().boundingBox())?.width ?? 0;

/** The home carousel's parts that must not cover one another (the shown slide's). */
const CAROUSEL_PARTS = {
  badge: '.hero-slide .icon-type-badge',
  title: '.hero-slide__title',
  subtitle: '.hero-slide__subtitle',
  button: '.hero-slide__button',
  dots: '.hero-carousel__dots',
  previous: '.hero-carousel__arrow--prev',
  next: '.hero-carousel__arrow--next',
};

/** How far the shown slide still is from its place (0 once its slide-in has ended). */
const slideOffset = (carousel: Locator): Promise<number> =>
  carousel.evaluate((root) => {
    const slide = root.querySelector('.hero-slide[aria-hidden="false"]');
    if (!slide) return Number.POSITIVE_INFINITY;
    return Math.abs(slide.getBoundingClientRect().left - root.getBoundingClientRect().left);
  });

/**
 * Browsing on a phone (DESIGN 3; ADR 0015): a visitor at 390 x 844 in each
 * language scrolls the home feed and a collection to the end with the header
 * in place, opens the folded search full width, a work as a full-screen
 * sheet, a demo maker's profile, and the login dialog with its benefits.
 */
describe.skipIf(e2eSkipReason())('mobile journey', () => {
  const journey = journeyBrowser();

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`browses on a phone without the frame moving (${locale})`, async ({ task }) => {
      const { page, shoot } = await journey.open({
        locale,
        name: task.name,
        phone: true,
      });

      // The home's first answers (carousel, banners, collections, categories,
      // feed page 1) come with its HTML: a visitor's home asks the API for none.
      const asked: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
      });
      const firstAnswers =
        /^\/api\/v1\/(banner\/list|collection\/getAllCollection|categroy\/all|works\/home\?page=1&pageSize=50$)/;

      // Home: scrolled to the end, the header and bottom navigation stay.
      await page.goto('/');
      const cards = page.getByTestId('works-grid').getByTestId('work-card');
      await cards.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      // The category bar shows its parents (not only 'All'), from the page's own answer.
      await page
        .locator('.category-bar .category-bar__chip')
        .nth(1)
        .waitFor({ timeout: UI_TIMEOUT_MS });
      expect(asked.filter((url) => firstAnswers.test(url))).toEqual([]);
      // Every text style of the first screen had its fonts looked up with the
      // first paint (index.html's .boot-fonts, docs/PERFORMANCE.md tenth pass).
      expect(await fontsNotWarmed(page)).toEqual([]);
      await shoot(page, 'home');
      expect(await overflowing(page)).toEqual([]);
      const card = cards.first();
      const avatar = await card.locator('.work-card__author .user-avatar').boundingBox();
      expect(avatar?.width).toBe(avatar?.height);
      // The author's name shows whole, or cut only past 100 px.
      const name = await card
        .locator('.work-card__name')
        .evaluate((element) => ({ full: element.scrollWidth, shown: element.clientWidth }));
      expect(name.shown).toBeGreaterThanOrEqual(Math.min(name.full, 100));
      // The collection strip moves left by itself (SPEC 4), as the user sees it.
      const track = page.locator('.collection-strip.is-looping .collection-strip__track');
      await track.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      const shift = () =>
        track.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).m41);
      const before = await shift();
      await expect.poll(shift, { timeout: UI_TIMEOUT_MS }).toBeLessThan(before - 5);
      const collectionHref = await page
        .locator('a[href*="/collections/"]')
        .first()
        .getAttribute('href', { timeout: 2_000 })
        .catch(() => null);
      // Only the cards near the screen are rendered at first (ADR 0031); the
      // rest of the page follow as it scrolls.
      const shownAtFirst = await cards.count();
      expect(shownAtFirst).toBeGreaterThan(0);
      expect(shownAtFirst).toBeLessThan(FEED_PAGE_SIZE);
      await scrollToEnd(page);
      expect(await cards.count()).toBeGreaterThanOrEqual(FEED_PAGE_SIZE);
      const home = await expectFixedFrame(page);
      expect(home.contentScrollTop).toBeGreaterThan(PHONE_VIEWPORT.height);
      await expect
        .poll(async () => (await page.locator('.side-nav').boundingBox())?.y ?? 0)
        .toBeGreaterThan(PHONE_VIEWPORT.height - 80);
      await shoot(page, 'home-scrolled-to-end');

      // Search: the icon opens a full-width box with its panel.
      await page.mouse.wheel(0, -1_000_000);
      await (await waitVisible(page.getByTestId('header-search-toggle'))).click();
      const box = page.getByRole('combobox', { name: /search|搜索/i });
      await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await widthOf(page, '.app-header__search .search-box')).toBeGreaterThanOrEqual(300);
      await page.locator('.search-panel').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      expect(await widthOf(page, '.search-panel')).toBeGreaterThanOrEqual(PHONE_VIEWPORT.width - 2);
      await shoot(page, 'search-open');
      await page.getByTestId('header-search-close').click();
      await waitVisible(page.getByTestId('header-search-toggle'));

      // Work detail: a full-screen sheet.
      await cards.first().getByTestId('work-card-link').click();
      const detail = await waitVisible(page.getByTestId('work-detail'));
      await page.getByTestId('work-title').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      // Measured once its opening zoom has ended.
      await expect
        .poll(() => widthOf(page, '.work-detail-modal'), { timeout: UI_TIMEOUT_MS })
        .toBeGreaterThanOrEqual(380);
      expect((await detail.boundingBox())?.width).toBeGreaterThanOrEqual(340);
      expect(await widthOf(page, '.work-social-bar .comment-composer')).toBeGreaterThanOrEqual(300);
      // A maker on a phone comes for the files: the author and the file list
      // with its download right under the pictures, the details after, the
      // comments last.
      await waitVisible(detail.locator('[data-testid^="work-info-"]').first());
      await waitVisible(detail.getByTestId('comment-panel'));
      const tops = await detail.evaluate((root) => {
        const top = (selector: string) =>
          root.querySelector(selector)?.getBoundingClientRect().top ?? null;
        return {
          author: top('[data-testid="work-author"]'),
          file: top('[data-testid="work-file-row"]'),
          info: top('[data-testid^="work-info-"]'),
          comments: top('[data-testid="comment-panel"]'),
        };
      });
      expect(tops.author).not.toBeNull();
      expect(tops.author ?? 0).toBeLessThan(tops.info ?? 0);
      if (tops.file !== null) expect(tops.file).toBeLessThan(tops.info ?? 0);
      expect(tops.info ?? 0).toBeLessThan(tops.comments ?? 0);
      await shoot(page, 'work-detail-sheet');
      expect(await overflowing(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('work-detail').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

      // A collection: scrolled to the end, the frame stays.
      if (collectionHref) {
        await page.goto(collectionHref);
        await page
          .locator('[data-testid="work-card"]')
          .first()
          .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
        await scrollToEnd(page);
        await expectFixedFrame(page);
        expect(await overflowing(page)).toEqual([]);
        await shoot(page, 'collection-scrolled-to-end');
      }

      // Community: the frame stays and nothing is wider than the screen.
      await page.goto('/community');
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await scrollToEnd(page);
      await expectFixedFrame(page);
      expect(await overflowing(page)).toEqual([]);
      await shoot(page, 'community');

      // A demo maker's profile (or the login dialog, where visitors may not open it).
      await page.goto('/');
      await cards.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await cards.first().locator('.work-card__author').click();
      await page
        .getByTestId('profile-card')
        .or(page.locator('.login-dialog'))
        .first()
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      if (await page.getByTestId('profile-card').isVisible()) {
        await page.waitForLoadState('networkidle').catch(() => undefined);
        expect(await overflowing(page)).toEqual([]);
        await shoot(page, 'profile');
        await scrollToEnd(page);
        await expectFixedFrame(page);
      } else {
        await page.keyboard.press('Escape');
      }

      // Login: the forms' chunk came while the page was idle, so the click
      // asks the network for nothing and the fields come at once.
      await page.goto('/');
      await cards.first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      const loginButton = await waitVisible(page.locator('.user-badge__login'));
      await page.waitForFunction(
        (pattern) =>
          performance
            .getEntriesByType('resource')
            .some((entry) => new RegExp(pattern).test(entry.name)),
        AUTH_PANELS_CHUNK.source,
        { timeout: UI_TIMEOUT_MS },
      );
      const afterClick: string[] = [];
      page.on('request', (request) => afterClick.push(request.url()));
      await loginButton.click();
      await page
        .locator('.login-dialog input')
        .first()
        .waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      expect(afterClick.filter((url) => AUTH_PANELS_CHUNK.test(url))).toEqual([]);
      const benefits = page.locator('.login-dialog__benefits');
      await benefits.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      expect(await benefits.locator('li').count()).toBe(3);
      await shoot(page, 'login-dialog');
      expect(await overflowing(page)).toEqual([]);
    });

    it(`shows each carousel slide with nothing on top of another, at 390 and 1440 px (${locale})`, async ({
      task,
    }) => {
      for (const phone of [true, false]) {
        const { page, shoot } = await journey.open({
          locale,
          name: `${phone ? 'phone' : 'desktop'} ${task.name}`,
          phone,
        });
        await page.goto('/');
        const carousel = await waitVisible(page.locator('.hero-carousel'));
        const dots = carousel.locator('.hero-carousel__dot');
        const count = Math.max(await dots.count(), 1);
        for (let index = 0; index < count; index += 1) {
          // A dot moves to its slide and, focused, holds the autoplay (SPEC 4).
          if (count > 1) await dots.nth(index).click();
          await expect
            .poll(() => slideOffset(carousel), { timeout: UI_TIMEOUT_MS })
            .toBeLessThan(1);
          // A mouse over the carousel shows the arrows on a desktop.
          if (!phone) await carousel.hover();
          expect(await collisions(carousel, CAROUSEL_PARTS)).toEqual([]);
          await shoot(page, `carousel-slide-${index + 1}`);
        }
        expect(await overflowing(page)).toEqual([]);
      }
    });
  }
});
