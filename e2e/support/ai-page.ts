import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { UI_TIMEOUT_MS, waitVisible } from './shell';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** The local engines on a 2-core machine: ISNet loads once per thread, meshes take seconds. */
export const JOB_TIMEOUT_MS = 120_000;

/** A photo of a dark cat on a wooden table in front of a light wall. */
export const PHOTO = join(FIXTURES, 'cat-on-table.jpg');

/** The AI creation page's title in each language. */
export const AI_TITLE = { 'en-US': 'AI create', 'zh-CN': 'AI 创作' } as const;

/** Opens /aiCreate on a machine's tab and waits for its title. */
export const openAiPage = async (
  page: Page,
  tab: 'laser' | 'printer3d' = 'laser',
  locale: keyof typeof AI_TITLE = 'en-US',
): Promise<void> => {
  await page.goto(`/aiCreate?tab=${tab}`);
  await waitVisible(page.getByRole('heading', { name: AI_TITLE[locale], level: 1 }));
};

/**
 * Picks a picture for the chosen tool as a signed-in maker, and waits until it
 * is uploaded and shown: the upload's progress bar comes and goes under the
 * preview, moving the options below it until then.
 */
export const pickSource = async (page: Page, file: string): Promise<void> => {
  await page.getByTestId('ai-source-input').setInputFiles(file);
  const preview = page.locator('[data-testid="ai-source-preview"][data-uploaded="yes"]');
  await preview.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  await expect
    .poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), {
      timeout: UI_TIMEOUT_MS,
    })
    .toBeGreaterThan(0);
};

/** Clicks Start once the page lets it (the balance and the picture are read first). */
export const generate = async (page: Page): Promise<void> => {
  const start = page.getByTestId('ai-start');
  await expect.poll(() => start.isEnabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
  await start.click();
};

/** Waits for a job's result to show. */
export const waitForResult = (page: Page): Promise<void> =>
  page.getByTestId('ai-result').waitFor({ state: 'visible', timeout: JOB_TIMEOUT_MS });

/** Waits until the SVG result's size label reads as `pattern` (e.g. /^80 × \d+ mm$/). */
export const expectSvgSize = async (page: Page, pattern: RegExp): Promise<void> => {
  await expect
    .poll(async () => (await page.getByTestId('ai-svg-size').textContent()) ?? '', {
      timeout: UI_TIMEOUT_MS,
    })
    .toMatch(pattern);
};

/** Downloads the SVG result through its button; its file name and text. */
export const downloadSvg = async (page: Page): Promise<{ name: string; svg: string }> => {
  const downloading = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
  await page.getByTestId('ai-download-svg').click();
  const download = await downloading;
  return { name: download.suggestedFilename(), svg: readFileSync(await download.path(), 'utf8') };
};
