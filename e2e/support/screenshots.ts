import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** git-ignored; kept after the run so a failure can be looked at. */
export const ARTIFACTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9\u4e00-\u9fff]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'unnamed';

/** Long enough for a dialog or menu to finish opening; a screenshot never fails on it. */
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * Waits for finite animations (a modal fading in, a menu sliding open) so the
 * picture shows the settled screen; endless ones such as skeleton shimmer are ignored.
 */
const settleAnimations = (page: Page): Promise<unknown> =>
  page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: SETTLE_TIMEOUT_MS },
    )
    .catch(() => undefined);

export type TShoot = (page: Page, step: string) => Promise<string>;

/**
 * Screenshots of one test go to artifacts/<test-name>/<NN>-<step>.png. The
 * folder is emptied first so stale images of an earlier run never mislead.
 */
export const createScreenshots = (testName: string): TShoot => {
  const dir = join(ARTIFACTS_DIR, slug(testName));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  return async (page, step) => {
    count += 1;
    const path = join(dir, `${String(count).padStart(2, '0')}-${slug(step)}.png`);
    await settleAnimations(page);
    await page.screenshot({ path, fullPage: false });
    return path;
  };
};
