import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { baseUrl, dataDir, e2eSkipReason } from '../support/e2e-context';
import { journeyPages } from '../support/journey';
import { registerThroughApi, uniqueEmail } from '../support/outbox';
import { loginThroughApi } from '../support/session';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

const JOB_TIMEOUT_MS = 60_000;
/** A scanned drawing, 448 × 295 px RGB with no alpha, pHYs 300 DPI: 37.93 × 24.98 mm. */
const SCAN_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'scan-300dpi.png',
);
const SCAN = { width: 448, height: 295 };

/**
 * Vectorising a 300 DPI scan shows and gives its real size; prompt
 * optimisation shows what it added, each phrase removable, and undoes
 * (DESIGN 5); in English and Chinese.
 */
describe.skipIf(e2eSkipReason())('AI sizes from DPI and prompt additions', () => {
  let browser: Browser;
  const pages = journeyPages();
  let origin: string;
  const account = { email: uniqueEmail('aidpi'), password: 'Ai-dpi-journey-1' };

  beforeAll(async () => {
    origin = baseUrl();
    browser = await launchBrowser();
    await registerThroughApi(origin, dataDir(), account.email, account.password);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('vectorises a 300 DPI scan at 37.9 mm, shown before it starts', async ({ task }) => {
    const session = await loginThroughApi(origin, account.email, account.password);
    const { page, shoot } = await pages.open(browser, {
      locale: 'en-US',
      name: task.name,
      session,
      acceptDownloads: true,
    });
    await page.goto('/aiCreate?tab=laser');
    await waitVisible(page.getByRole('heading', { name: 'AI create', level: 1 }));
    await page.getByTestId('ai-tool-vectorize').click();
    await page.getByTestId('ai-source-input').setInputFiles(SCAN_FILE);
    const size = await waitVisible(page.getByTestId('ai-source-size'));
    expect(await size.textContent()).toBe('Comes out 37.9 × 25.0 mm at 300 DPI');
    await shoot(page, 'size-before-start');

    const start = page.getByTestId('ai-start');
    await expect.poll(() => start.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
    await start.click();
    await page.getByTestId('ai-svg-result').waitFor({ timeout: JOB_TIMEOUT_MS });
    const downloading = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
    await page.getByTestId('ai-download-svg').click();
    const svg = readFileSync(await (await downloading).path(), 'utf8');
    const width = Number(svg.match(/<svg [^>]*width="([\d.]+)mm"/)?.[1]);
    expect(Math.abs(width - (SCAN.width / 300) * 25.4)).toBeLessThan(0.1);
    await shoot(page, 'vectorised');
  });

  it.each([
    {
      locale: 'en-US' as const,
      prompt: 'family photo for a wooden coaster',
      added: ['black and white', 'high contrast'],
      separator: ', ',
      optimise: /Optimise prompt/,
      undo: /Undo optimisation/,
      remove: (phrase: string) => `Remove “${phrase}”`,
    },
    {
      locale: 'zh-CN' as const,
      prompt: '全家福照片，刻在木杯垫上',
      added: ['黑白', '高对比度'],
      separator: '，',
      optimise: /优化提示词/,
      undo: /撤销优化/,
      remove: (phrase: string) => `移除“${phrase}”`,
    },
  ])(
    'optimises a photo prompt without line art, shows what it added and takes it back ($locale)',
    async ({ locale, prompt, added, separator, optimise, undo, remove }) => {
      const session = await loginThroughApi(origin, account.email, account.password);
      const { page, shoot } = await pages.open(browser, {
        locale,
        name: `prompt additions ${locale}`,
        session,
      });
      await page.goto('/aiCreate?tab=laser');
      await page.getByTestId('ai-tool-textToImage').click();
      const field = page.locator('#ai-prompt');
      await field.fill(prompt);
      await page.getByRole('button', { name: optimise }).click();
      const chips = await waitVisible(page.getByTestId('ai-prompt-added'));
      await expect
        .poll(() => field.inputValue(), { timeout: JOB_TIMEOUT_MS })
        .toBe([prompt, ...added].join(separator));
      for (const phrase of added) await waitVisible(chips.getByText(phrase, { exact: true }));
      await shoot(page, 'added-phrases');

      await chips.getByLabel(remove(added[1] as string)).click();
      await expect
        .poll(() => field.inputValue(), { timeout: UI_TIMEOUT_MS })
        .toBe([prompt, added[0]].join(separator));
      await page.getByRole('button', { name: undo }).click();
      await expect.poll(() => field.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(prompt);
      await page
        .getByTestId('ai-prompt-added')
        .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    },
  );
});
