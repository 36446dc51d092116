import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { baseUrl, dataDir, e2eSkipReason } from '../support/e2e-context';
import { journeyPages } from '../support/journey';
import { registerThroughApi, uniqueEmail } from '../support/outbox';
import { type IApiSession, loginThroughApi, publishThroughApi } from '../support/session';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const STL_FILE = join(FIXTURES, 'box-40x20x10.stl');
/** WebGL in software (SwiftShader) takes a moment on a 2-core machine. */
const VIEWER_TIMEOUT_MS = 45_000;

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation the page reports, from before the app's first script. */
const listenForViolations = async (page: Page, seen: string[]): Promise<void> => {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (msg.text().includes('Content Security Policy')) seen.push(`console: ${msg.text()}`);
  });
};

/** The page has loaded and the app has drawn its shell (the SSE stream never lets the network idle). */
const settled = async (page: Page): Promise<void> => {
  await page.waitForLoadState('load');
  await waitVisible(page.locator('#root > *').first());
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
};

const violationsIn = async (page: Page): Promise<string[]> =>
  page.evaluate(() => window.__cspViolations ?? []);

/**
 * ADR 0010: every main page runs under the app's Content-Security-Policy
 * without a single violation, the 3D preview (three.js, blob: URLs) and the
 * live notification stream included.
 */
describe.skipIf(e2eSkipReason())('security headers journey', () => {
  let browser: Browser;
  const pages = journeyPages();
  let origin: string;
  let session: IApiSession;
  let workId: number;
  const account = { email: uniqueEmail('csp'), password: 'Csp-journey-1' };

  beforeAll(async () => {
    origin = baseUrl();
    browser = await launchBrowser();
    await registerThroughApi(origin, dataDir(), account.email, account.password);
    session = await loginThroughApi(origin, account.email, account.password);
    workId = await publishThroughApi(origin, session, 'Header check box', {
      name: 'box-40x20x10.stl',
      bytes: readFileSync(STL_FILE),
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('visits every main page without a CSP violation', async ({ task }) => {
    const { page, watch, shoot } = await pages.open(browser, {
      locale: 'en-US',
      name: task.name,
      session,
    });
    const consoleViolations: string[] = [];
    await listenForViolations(page, consoleViolations);
    const all: string[] = [];
    const check = async (where: string) => {
      for (const v of await violationsIn(page)) all.push(`${where}: ${v}`);
    };

    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await waitVisible(page.getByTestId('works-grid').getByTestId('work-card').first());
    await check('home');

    // Search from the header box.
    const searched = page.waitForResponse(
      (r) => new URL(r.url()).searchParams.get('query') === 'box',
      { timeout: UI_TIMEOUT_MS },
    );
    const box = await waitVisible(page.getByRole('combobox', { name: /search/i }));
    await box.fill('box');
    await box.press('Enter');
    await searched;
    await check('search');

    // Work detail with the 3D preview drawn.
    await page.goto(`/work/${workId}`);
    const row = await waitVisible(page.getByTestId('work-detail').getByTestId('work-file-row'));
    await row.getByTestId('work-preview').click();
    await page
      .getByTestId('model-viewer')
      .and(page.locator('[data-state="ready"]'))
      .waitFor({ timeout: VIEWER_TIMEOUT_MS });
    await shoot(page, 'work-3d-preview');
    await check('work detail');

    // A collection, reached as a visitor would from the home strip.
    await page.goto('/');
    const strip = page.locator('a[href^="/collections/"]').first();
    if ((await strip.count()) > 0) {
      await strip.click();
      await page.waitForURL(/\/collections\/\d+$/, { timeout: UI_TIMEOUT_MS });
      await settled(page);
      await check('collection');
    }

    for (const [where, path] of [
      ['profile', `/userInfor/${session.userId}`],
      ['publish', '/publish'],
      ['notifications', '/inform'],
      ['ai create', '/aiCreate'],
      ['community', '/community'],
      ['not found', '/404'],
    ] as const) {
      await page.goto(path);
      await settled(page);
      await check(where);
    }
    await shoot(page, 'last-page');

    expect(all).toEqual([]);
    expect(consoleViolations).toEqual([]);
    watch.expectClean('main pages under the CSP');
  });
});
