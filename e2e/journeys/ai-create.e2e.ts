import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeEveryAiOutput } from '../support/ai-outputs';
import {
  downloadSvg,
  expectSvgSize,
  generate,
  JOB_TIMEOUT_MS,
  openAiPage,
  PHOTO,
  pickSource,
  waitForResult,
} from '../support/ai-page';
import { cutPlaceholders } from '../support/boxes';
import { baseUrl, dataDir, e2eSkipReason } from '../support/e2e-context';
import { accountJourney } from '../support/journey';
import { registerThroughApi, uniqueEmail } from '../support/outbox';
import { E2E_CAPTCHA, E2E_DAILY_POINTS } from '../support/server';
import { loginThroughApi } from '../support/session';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

const VIEWER_TIMEOUT_MS = 45_000;

const balanceText = async (page: Page): Promise<number> => {
  const text = (await page.getByTestId('ai-points').textContent()) ?? '';
  const match = text.match(/(\d+)\s*(points|积分)/);
  return match ? Number(match[1]) : Number.NaN;
};

/**
 * The AI creation page on the real server with no provider configured
 * (issue 13): background removal, vectorising and the SVG download, a relief
 * STL in the 3D view with its size in mm, cancelling a 3D job and the
 * refund, and publishing a result as a work; in English and Chinese.
 */
describe.skipIf(e2eSkipReason())('AI creation journey', () => {
  const journey = accountJourney('ai', 'Ai-journey-1');

  it('removes a background, vectorises, makes a relief, cancels a 3D job and publishes a result', async ({
    task,
  }) => {
    const { page, watch, shoot } = await journey.openSignedIn({
      locale: 'en-US',
      name: task.name,
      acceptDownloads: true,
    });

    await openAiPage(page);
    // The first points read of the day tops the balance up to the allowance.
    await expect.poll(() => balanceText(page), { timeout: UI_TIMEOUT_MS }).toBe(E2E_DAILY_POINTS);

    // Background removal (laser tab's first tool) on the shipped photo.
    await page.getByTestId('ai-tool-removeBackground').click();
    await pickSource(page, PHOTO);
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
    await expectSvgSize(page, /^\d+(\.\d)? × \d+(\.\d)? mm$/);
    await shoot(page, 'vectorised');
    const { name, svg } = await downloadSvg(page);
    expect(name).toMatch(/\.svg$/);
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
    await openAiPage(page, 'printer3d', 'zh-CN');
    await waitVisible(page.getByText('我的 AI 记录'));
    await shoot(page, 'zh-page');
    watch.expectClean('AI creation');
  });

  it('at 1440 x 900: a visitor’s job goes on after logging in, each bar starts at 0, progress and result come into view, cancelling asks, the Chinese records have no English', async ({
    task,
  }) => {
    const maker = { email: uniqueEmail('ai-desk'), password: 'Ai-desktop-1' };
    await registerThroughApi(baseUrl(), dataDir(), maker.email, maker.password);
    const { page, watch, shoot } = await journey.open({ locale: 'en-US', name: task.name });
    const inView = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight && box.bottom > 0;
      });

    // A visitor fills in a logo and presses Generate: the login dialog, then the job itself.
    await openAiPage(page);
    await page.getByTestId('ai-tool-textToLogo').click();
    await page.getByLabel('Logo text').fill('枫木工坊');
    await page.getByTestId('ai-start').click();
    const dialog = page.getByRole('dialog', { name: /^(Log in|登录)$/ });
    await waitVisible(dialog.getByRole('button', { name: /^Captcha image/ }).locator('img'));
    await dialog.getByLabel(/^E-mail$/).fill(maker.email);
    await dialog.getByLabel(/^Password$/).fill(maker.password);
    await dialog.getByLabel(/^Captcha$/).fill(E2E_CAPTCHA);
    await dialog.getByRole('checkbox', { name: /^I have read and agree to the$/ }).check();
    await dialog.getByRole('button', { name: /^Log in$/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    // No second click: the logo is made with what the visitor entered.
    await waitForResult(page);
    await waitVisible(page.getByTestId('ai-svg-result'));
    await expect.poll(() => inView('ai-result'), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await shoot(page, 'visitor-job-after-login');

    // Two background removals in a row: every value each bar shows, from its first.
    await page.getByTestId('ai-tool-removeBackground').click();
    await pickSource(page, PHOTO);
    await page.evaluate(() => {
      const seen: number[][] = [];
      (window as unknown as { barValues: number[][] }).barValues = seen;
      let shown: Element | null = null;
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="ai-progress"] [role="progressbar"]');
        if (!bar) {
          shown = null;
          return;
        }
        if (bar !== shown) {
          shown = bar;
          seen.push([]);
        }
        const value = Number(bar.getAttribute('aria-valuenow'));
        const values = seen[seen.length - 1] as number[];
        if (values[values.length - 1] !== value) values.push(value);
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    for (const round of [1, 2]) {
      await generate(page);
      await waitVisible(page.getByTestId('ai-progress'));
      await expect.poll(() => inView('ai-progress'), { timeout: UI_TIMEOUT_MS }).toBe(true);
      await shoot(page, `removal-${round}-progress`);
      await waitForResult(page);
      await expect.poll(() => inView('ai-result'), { timeout: UI_TIMEOUT_MS }).toBe(true);
      await shoot(page, `removal-${round}-result`);
    }
    const bars = await page.evaluate(
      () => (window as unknown as { barValues: number[][] }).barValues,
    );
    expect(bars.length).toBeGreaterThanOrEqual(2);
    for (const values of bars) {
      // Each job's bar starts low (the second one used to start at the first one's 100) ...
      expect(values[0]).toBeLessThanOrEqual(10);
      // ... and never goes back.
      expect([...values].sort((a, b) => a - b)).toEqual(values);
    }

    // Cancelling a quick job asks first, as for 3D; keeping it lets it finish.
    await generate(page);
    const progress = await waitVisible(page.getByTestId('ai-progress'));
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await waitVisible(page.getByText('Cancel this generation?'));
    await shoot(page, 'quick-cancel-confirm');
    await page.getByRole('button', { name: 'Keep waiting' }).click();
    await waitForResult(page);

    // The 3D view's size label reads light on its dark stage (it was near-black).
    await page.getByRole('tab', { name: '3D printer' }).click();
    await page.getByTestId('ai-tool-relief').click();
    await waitVisible(page.getByTestId('ai-source-preview'));
    await generate(page);
    await page
      .getByTestId('ai-mesh-result')
      .getByTestId('model-viewer')
      .and(page.locator('[data-state="ready"]'))
      .waitFor({ timeout: JOB_TIMEOUT_MS + VIEWER_TIMEOUT_MS });
    const sizeLabel = await waitVisible(
      page.getByTestId('ai-mesh-result').getByTestId('model-dimensions'),
    );
    const luminance = await sizeLabel.evaluate((element) => {
      const [r = 0, g = 0, b = 0] = (getComputedStyle(element).color.match(/\d+/g) ?? []).map(
        Number,
      );
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });
    expect(luminance).toBeGreaterThan(0.7);
    await shoot(page, 'relief-size-label');

    // The records in Chinese: no English word but "AI", "Logo" (the catalog's loanword),
    // units and file formats.
    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await openAiPage(page, 'laser', 'zh-CN');
    const records = page.getByTestId('ai-records');
    await waitVisible(records.getByTestId('ai-record').first());
    const words = ((await records.textContent()) ?? '').match(/[A-Za-z]{2,}/g) ?? [];
    const kept = ['AI', 'Logo', 'mm', 'PNG', 'SVG', 'STL', 'MF', 'GLB'];
    expect(
      words.filter((word) => !kept.includes(word) && !kept.includes(word.toUpperCase())),
    ).toEqual([]);
    await records.scrollIntoViewIfNeeded();
    await shoot(page, 'zh-records');
    watch.expectClean('AI creation at 1440 x 900');
  });

  it('fits the options’ placeholders and asks for the logo text by its name, at 390 and 1440 px in both languages', async ({
    task,
  }) => {
    for (const locale of ['en-US', 'zh-CN'] as const) {
      for (const phone of [true, false]) {
        const { page, watch, shoot } = await journey.open({
          locale,
          name: `${phone ? 'phone' : 'desktop'} ${locale} ${task.name}`,
          phone,
        });
        await openAiPage(page, 'laser', locale);
        await page.getByTestId('ai-tool-vectorize').click();
        const options = await waitVisible(page.getByTestId('ai-options'));
        const threshold = options.getByRole('spinbutton', { name: /^(Threshold|阈值)$/ });
        expect(await threshold.getAttribute('placeholder')).toMatch(/^(Auto|自动)$/);
        expect(await cutPlaceholders(options)).toEqual([]);
        await shoot(page, 'vectorise-options');
        await page.getByTestId('ai-tool-textToLogo').click();
        const hint = await waitVisible(page.getByTestId('ai-start-hint'));
        expect(await hint.textContent()).toBe(
          locale === 'en-US' ? 'Enter the logo text first.' : '请先输入 Logo 文字。',
        );
        await shoot(page, 'logo-hint');
        watch.expectClean(`AI page words (${locale})`);
      }
    }
  });

  it('makes one file of each kind from the running server, and a slicer takes every 3MF', async () => {
    // The same maker: the e2e allowance (40) pays for this after the journey above.
    const { account } = journey;
    const session = await loginThroughApi(baseUrl(), account.email, account.password);
    await makeEveryAiOutput(journey.browser(), session);
  });
});
