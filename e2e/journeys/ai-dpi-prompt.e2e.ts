import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { downloadSvg, generate, openAiPage } from '../support/ai-page';
import { e2eSkipReason } from '../support/e2e-context';
import { accountJourney } from '../support/journey';
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
  const journey = accountJourney('aidpi', 'Ai-dpi-journey-1');

  it('vectorises a 300 DPI scan at 37.9 mm, shown before it starts', async ({ task }) => {
    const { page, shoot } = await journey.openSignedIn({
      locale: 'en-US',
      name: task.name,
      acceptDownloads: true,
    });
    await openAiPage(page);
    await page.getByTestId('ai-tool-vectorize').click();
    await page.getByTestId('ai-source-input').setInputFiles(SCAN_FILE);
    const size = await waitVisible(page.getByTestId('ai-source-size'));
    expect(await size.textContent()).toBe('Comes out 37.9 × 25.0 mm at 300 DPI');
    await shoot(page, 'size-before-start');

    await generate(page);
    await page.getByTestId('ai-svg-result').waitFor({ timeout: JOB_TIMEOUT_MS });
    const { svg } = await downloadSvg(page);
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
      const { page, shoot } = await journey.openSignedIn({
        locale,
        name: `prompt additions ${locale}`,
      });
      await openAiPage(page, 'laser', locale);
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
