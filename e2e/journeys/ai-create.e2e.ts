import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEveryAiOutput } from '../support/ai-outputs';
import { launchBrowser } from '../support/chromium';
import { baseUrl, dataDir, e2eSkipReason } from '../support/e2e-context';
import { journeyPages } from '../support/journey';
import { registerThroughApi, uniqueEmail } from '../support/outbox';
import { E2E_DAILY_POINTS } from '../support/server';
import { loginThroughApi } from '../support/session';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
/** A photo of a dark cat on a wooden table in front of a light wall. */
const PHOTO = join(FIXTURES, 'cat-on-table.jpg');
/** The local engines on a 2-core machine: ISNet loads once per thread, meshes take seconds. */
const JOB_TIMEOUT_MS = 120_000;
const VIEWER_TIMEOUT_MS = 45_000;

const balanceText = async (page: Page): Promise<number> => {
  const text = (await page.getByTestId('ai-points').textContent()) ?? '';
  const match = text.match(/(\d+)\s*(points|积分)/);
  return match ? Number(match[1]) : Number.NaN;
};

const waitForResult = async (page: Page) =>
  page.getByTestId('ai-result').waitFor({ state: 'visible', timeout: JOB_TIMEOUT_MS });

const generate = async (page: Page) => {
  const start = page.getByTestId('ai-start');
  await expect.poll(() => start.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
  await start.click();
};

/**
 * The AI creation page on the real server with no provider configured
 * (issue 13): background removal, vectorising and the SVG download, a relief
 * STL in the 3D view with its size in mm, cancelling a 3D job and the
 * refund, and publishing a result as a work; in English and Chinese.
 */
describe.skipIf(e2eSkipReason())('AI creation journey', () => {
  let browser: Browser;
  const pages = journeyPages();
  let origin: string;
  const account = { email: uniqueEmail('ai'), password: 'Ai-journey-1' };

  beforeAll(async () => {
    origin = baseUrl();
    browser = await launchBrowser();
    await registerThroughApi(origin, dataDir(), account.email, account.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('removes a background, vectorises, makes a relief, cancels a 3D job and publishes a result', async ({
    task,
  }) => {
    const session = await loginThroughApi(origin, account.email, account.password);
    const { page, watch, shoot } = await pages.open(browser, {
      locale: 'en-US',
      name: task.name,
      session,
      acceptDownloads: true,
    });

    await page.goto('/aiCreate?tab=laser');
    await waitVisible(page.getByRole('heading', { name: 'AI create', level: 1 }));
    // The first points read of the day tops the balance up to the allowance.
    await expect.poll(() => balanceText(page), { timeout: UI_TIMEOUT_MS }).toBe(E2E_DAILY_POINTS);

    // Background removal (laser tab's first tool) on the shipped photo.
    await page.getByTestId('ai-tool-removeBackground').click();
    await page.getByTestId('ai-source-input').setInputFiles(PHOTO);
    await waitVisible(page.getByTestId('ai-source-preview'));
    await shoot(page, 'photo-picked');
    await generate(page);
    await waitVisible(page.getByTestId('ai-progress'));
    await waitForResult(page);
    await waitVisible(page.getByTestId('ai-result-image'));
    await shoot(page, 'background-removed');

    // Vectorise the cut-out and download the SVG.
    await page.getByRole('button', { name: 'Use as picture' }).first().click();
    await page.getByTestId('ai-tool-vectorize').click();
    await generate(page);
    await page.getByTestId('ai-svg-result').waitFor({ timeout: JOB_TIMEOUT_MS });
    await expect
      .poll(async () => (await page.getByTestId('ai-svg-size').textContent()) ?? '', {
        timeout: UI_TIMEOUT_MS,
      })
      .toMatch(/^\d+(\.\d)? × \d+(\.\d)? mm$/);
    await shoot(page, 'vectorised');
    const downloading = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
    await page.getByTestId('ai-download-svg').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.svg$/);
    const svg = readFileSync(await download.path(), 'utf8');
    expect(svg).toContain('<svg');
    expect(svg).toMatch(/width="[\d.]+mm"/);

    // A relief STL from the same picture, in the 3D view with its size in mm.
    await page.getByRole('tab', { name: '3D printer' }).click();
    await page.getByTestId('ai-tool-relief').click();
    await waitVisible(page.getByTestId('ai-source-preview'));
    await generate(page);
    const viewer = page.getByTestId('ai-mesh-result').getByTestId('model-viewer');
    await viewer
      .and(page.locator('[data-state="ready"]'))
      .waitFor({ timeout: JOB_TIMEOUT_MS + VIEWER_TIMEOUT_MS });
    const dimensions = await waitVisible(page.getByTestId('model-dimensions'));
    // 100 mm wide by default, 2 mm base + 3 mm relief at most.
    expect(await dimensions.textContent()).toMatch(/^100(\.0)?\D.*mm/);
    await waitVisible(page.getByTestId('ai-download-stl'));
    await shoot(page, 'relief-3d');
    const reliefId = Number(
      await page.getByTestId('ai-record').first().getAttribute('data-job-id'),
    );

    // Cancel a long 3D job: background removal first, then the most detailed relief
    // (a million height samples, three files) takes many seconds on this machine.
    const before = await balanceText(page);
    await page.getByLabel('Remove background first').click();
    await page.getByLabel('Detail').fill('1000');
    await page.getByLabel('Detail').press('Tab');
    await generate(page);
    const progress = await waitVisible(page.getByTestId('ai-progress'));
    await expect.poll(() => balanceText(page), { timeout: UI_TIMEOUT_MS }).toBeLessThan(before);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await waitVisible(page.getByText('Cancel this generation?'));
    await shoot(page, 'cancel-confirm');
    await page.getByRole('button', { name: 'Cancel generation' }).click();
    await waitVisible(page.getByTestId('ai-job-error').filter({ hasText: /refunded/ }));
    await expect.poll(() => balanceText(page), { timeout: UI_TIMEOUT_MS }).toBe(before);
    await shoot(page, 'cancelled-refunded');

    // Publish the relief as a work: /publish opens with its files, a cover and the AI flag.
    await page
      .locator(`[data-testid="ai-record"][data-job-id="${reliefId}"]`)
      .getByRole('button', { name: 'Open' })
      .click();
    await page.getByTestId('ai-mesh-result').waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Publish as a work' }).click();
    await page.waitForURL(/\/publish$/, { timeout: UI_TIMEOUT_MS * 2 });
    await waitVisible(page.getByText(/\.stl$/));
    await waitVisible(page.getByText(/\.3mf$/));
    await waitVisible(page.locator('img.publish-cover__image'));
    expect(
      await page.getByRole('switch', { name: 'AI-assisted' }).getAttribute('aria-checked'),
    ).toBe('true');
    await shoot(page, 'publish-prefilled');

    // The page in Chinese.
    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await page.goto('/aiCreate?tab=printer3d');
    await waitVisible(page.getByRole('heading', { name: 'AI 创作', level: 1 }));
    await waitVisible(page.getByText('我的 AI 记录'));
    await shoot(page, 'zh-page');
    watch.expectClean('AI creation');
  });

  it('makes one file of each kind from the running server, and a slicer takes every 3MF', async () => {
    // The same maker: the e2e allowance (40) pays for this after the journey above.
    const session = await loginThroughApi(origin, account.email, account.password);
    await makeEveryAiOutput(browser, session);
  });
});
