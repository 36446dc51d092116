import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
import { e2eSkipReason } from '../support/e2e-context';
import { accountJourney } from '../support/journey';
import { waitVisible } from '../support/shell';

/**
 * Opens the image-to-image style select by its box, as a person clicks it
 * (once it stands still); antd renders its list apart from the field.
 */
const styleOption = async (page: Page, name: string) => {
  await page
    .locator('.ant-select')
    .filter({ has: page.locator('#ai-option-style') })
    .click();
  return page.locator('.ant-select-item-option').filter({ hasText: name });
};
const pickStyle = async (page: Page, name: string) => (await styleOption(page, name)).click();

/**
 * Image-to-image on a server with no provider (DESIGN 5): its local styles
 * run end to end from the page: hatching as an SVG in mm, the cartoon as a
 * PNG, with no prompt asked for; the style names in Chinese too.
 */
describe.skipIf(e2eSkipReason())('AI image-to-image local styles journey', () => {
  const journey = accountJourney('styles', 'Ai-styles-1');

  it('turns a photo into hatching (SVG in mm) and a cartoon (PNG) without a provider', async ({
    task,
  }) => {
    const { page, watch, shoot } = await journey.openSignedIn({
      locale: 'en-US',
      name: task.name,
      acceptDownloads: true,
    });
    await openAiPage(page);
    await page.getByTestId('ai-tool-imageToImage').click();
    // Available on a default install, and no prompt is asked for.
    await pickSource(page, PHOTO);
    expect(await page.locator('#ai-prompt').count()).toBe(0);

    await pickStyle(page, 'Hatching (SVG)');
    await page.locator('#ai-option-widthMm').fill('80');
    await page.locator('#ai-option-widthMm').press('Tab');
    await shoot(page, 'hatching-options');
    await generate(page);
    await page.getByTestId('ai-svg-result').waitFor({ timeout: JOB_TIMEOUT_MS });
    await expectSvgSize(page, /^80(\.0)? × \d+(\.\d)? mm$/);
    await shoot(page, 'hatching-result');
    const { svg } = await downloadSvg(page);
    expect(svg).toMatch(/width="80mm"/);
    expect(svg).toContain('fill-rule="nonzero"');

    await pickStyle(page, 'Cartoon (PNG)');
    await generate(page);
    await waitForResult(page);
    await waitVisible(page.getByTestId('ai-result-image'));
    await shoot(page, 'cartoon-result');

    await page.evaluate(() => window.localStorage.setItem('locale', 'zh'));
    await openAiPage(page, 'laser', 'zh-CN');
    await page.getByTestId('ai-tool-imageToImage').click();
    await waitVisible(await styleOption(page, '点画（SVG）'));
    await shoot(page, 'zh-styles');
    watch.expectClean('AI image styles');
  });
});
