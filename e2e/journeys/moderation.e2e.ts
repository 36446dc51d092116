import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { baseUrl, e2eSkipReason } from '../support/e2e-context';
import { journeyPages } from '../support/journey';
import { E2E_ADMIN } from '../support/server';
import { type IApiSession, loginThroughApi } from '../support/session';
import { menuEntry, moreMenu, UI_TIMEOUT_MS, visible, waitVisible } from '../support/shell';

/**
 * The moderation console (ADR 0014): the admin the server creates at start
 * finds it in the More menu, sees the queue counts and the tabs, on a desktop
 * window and on a phone; a visitor at /admin gets the 404 page.
 */
describe.skipIf(e2eSkipReason())('moderation journey', () => {
  let browser: Browser;
  const pages = journeyPages();
  let admin: IApiSession;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await loginThroughApi(baseUrl(), E2E_ADMIN.email, E2E_ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens the console from the More menu and shows the queue counts', async ({ task }) => {
    const { page, watch, shoot } = await pages.open(browser, {
      locale: 'en-US',
      name: task.name,
      session: admin,
    });
    await page.goto('/');
    await (await waitVisible(moreMenu(page))).click();
    await (await waitVisible(menuEntry(page, /^Moderation console$/))).click();
    await page.waitForURL(/\/admin$/, { timeout: UI_TIMEOUT_MS });
    const summary = await waitVisible(page.getByTestId('admin-summary'));
    for (const label of ['Works in review', 'Open appeals', 'Open reports', 'Open feedback']) {
      await waitVisible(summary.getByText(label));
    }
    await expect
      .poll(async () => (await summary.textContent())?.match(/\d/g)?.length ?? 0, {
        timeout: UI_TIMEOUT_MS,
      })
      .toBeGreaterThanOrEqual(4);
    for (const tab of ['Review', 'Appeals', 'Reports', 'Feedback', 'Users', 'Audit log']) {
      await waitVisible(page.getByRole('tab', { name: tab }));
    }
    await shoot(page, 'console');
    await page.getByRole('tab', { name: 'Users' }).click();
    await waitVisible(page.getByText(E2E_ADMIN.email));
    await shoot(page, 'users');
    watch.expectClean('moderation console');
  });

  it('fits a phone', async ({ task }) => {
    const { page, shoot } = await pages.open(browser, {
      locale: 'en-US',
      name: task.name,
      session: admin,
      phone: true,
    });
    await page.goto('/admin');
    await waitVisible(page.getByTestId('admin-summary'));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'console-phone');
  });

  it('shows a visitor the 404 page at /admin', async ({ task }) => {
    const { page, shoot } = await pages.open(browser, { locale: 'en-US', name: task.name });
    await page.goto('/admin');
    await waitVisible(page.getByText('Page not found'));
    expect(page.url()).toMatch(/\/admin$/);
    expect(await visible(page.getByTestId('admin-console')).count()).toBe(0);
    await shoot(page, 'visitor-404');
  });
});
