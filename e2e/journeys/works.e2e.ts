import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, e2eSkipReason } from '../support/e2e-context';
import { accountJourney } from '../support/journey';
import { fillPublishForm } from '../support/publish-form';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
/** A closed 40 x 20 x 10 mm box (binary STL), so the viewer's dimensions can be checked. */
const STL_FILE = join(FIXTURES, 'box-40x20x10.stl');
const COVER_FILE = join(FIXTURES, 'cover.png');
/** WebGL in software (SwiftShader) takes a moment on a 2-core machine. */
const VIEWER_TIMEOUT_MS = 45_000;

const TITLE = 'Parametric cable box';
const EDITED_TITLE = 'Parametric cable box, version 2';

const detail = (page: Page): Locator => page.getByTestId('work-detail');

/**
 * Works end to end (issue 4): publish with a cover, an STL and a guide; the
 * detail with the 3D preview drawn; edit; download; delete.
 */
describe.skipIf(e2eSkipReason())('works journey', () => {
  const journey = accountJourney('w', 'Works-journey-1');

  it('publishes a work, previews its STL in 3D, edits, downloads and deletes it', async ({
    task,
  }) => {
    const { page, watch, shoot, session } = await journey.openSignedIn({
      locale: 'en-US',
      name: task.name,
      acceptDownloads: true,
    });

    // Publish (SPEC 2 /publish, SPEC 3 Project fields, SPEC 5 rules).
    await page.goto('/publish');
    const submit = await fillPublishForm(page, {
      title: TITLE,
      summary: 'A box that hides a power strip and its cables.',
      designFile: STL_FILE,
      coverFile: COVER_FILE,
      guide: 'Print at 0.2 mm layers, no supports needed.',
    });
    await waitVisible(page.locator('img[src*="/files/"]'));
    await shoot(page, 'publish-filled');
    await submit.click();

    const result = await waitVisible(page.getByTestId('publish-result'));
    expect(await result.getAttribute('data-status')).toBe('published');
    await shoot(page, 'publish-result');

    // The detail modal (SPEC 2) through the shareable /work/{id} URL.
    await result.getByRole('link', { name: /view/i }).click();
    await page.waitForURL(/\/work\/\d+$/, { timeout: UI_TIMEOUT_MS });
    const workId = Number(new URL(page.url()).pathname.split('/').pop());
    await waitVisible(detail(page));
    await waitVisible(page.getByTestId('work-title').filter({ hasText: TITLE }));
    await waitVisible(detail(page).getByTestId('work-tag').filter({ hasText: 'cable management' }));
    await shoot(page, 'detail');
    await detail(page)
      .getByRole('tab', { name: /^Production documents$/ })
      .click();
    await waitVisible(
      detail(page)
        .getByTestId('work-guide')
        .getByText('Print at 0.2 mm layers, no supports needed.'),
    );
    await shoot(page, 'detail-guide');

    // 3D preview of the STL, drawn by three.js in Chromium's software WebGL.
    const row = await waitVisible(detail(page).getByTestId('work-file-row'));
    await row.getByTestId('work-preview').click();
    const viewer = page.getByTestId('model-viewer');
    await viewer.and(page.locator('[data-state="ready"]')).waitFor({ timeout: VIEWER_TIMEOUT_MS });
    const dimensions = await waitVisible(page.getByTestId('model-dimensions'));
    expect(await dimensions.textContent()).toMatch(/40(\.0)?\D+20(\.0)?\D+10(\.0)?\s*mm/);
    await shoot(page, 'stl-preview-3d');
    const pixels = await viewer.locator('canvas').screenshot();
    expect(pixels.byteLength).toBeGreaterThan(5_000);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

    // Download the file: the same bytes come back under their original name.
    const downloading = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
    await row.getByTestId('work-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('box-40x20x10.stl');
    const savedPath = await download.path();
    expect(readFileSync(savedPath).equals(readFileSync(STL_FILE))).toBe(true);
    // SPEC 5/6: the download is counted, and the open detail shows it without a reload.
    const downloads = detail(page).getByTestId('work-stat-downloads').locator('dd');
    await expect.poll(() => downloads.textContent(), { timeout: UI_TIMEOUT_MS }).toMatch(/^\s*1\b/);
    // The preview's Download is the same counted endpoint, never the stored file's URL.
    await row.getByTestId('work-preview').click();
    const previewDownload = await waitVisible(page.getByTestId('preview-download'));
    expect(await page.locator('.file-preview a[download]').count()).toBe(0);
    const again = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
    await previewDownload.click();
    expect((await again).suggestedFilename()).toBe('box-40x20x10.stl');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

    // Edit: the owner's edit button opens /publish?productId= prefilled.
    await detail(page).getByTestId('work-edit').click();
    await page.waitForURL(/\/publish\?productId=\d+/, { timeout: UI_TIMEOUT_MS });
    const title = await waitVisible(page.getByTestId('publish-title'));
    await expect.poll(() => title.inputValue(), { timeout: UI_TIMEOUT_MS }).toBe(TITLE);
    await title.fill(EDITED_TITLE);
    await shoot(page, 'edit-filled');
    await page.getByTestId('publish-submit').click();
    await waitVisible(page.getByTestId('publish-result'));
    await page.goto(`/work/${workId}`);
    await waitVisible(page.getByTestId('work-title').filter({ hasText: EDITED_TITLE }));
    await shoot(page, 'detail-after-edit');

    // Delete with confirmation; the work is gone for everybody.
    await detail(page).getByTestId('work-delete').click();
    // The confirmation opens over the detail modal, which also says 'Delete'.
    const confirm = await waitVisible(page.locator('.ant-modal-confirm'));
    await shoot(page, 'delete-confirm');
    await confirm.getByRole('button', { name: /^Delete$/ }).click();
    await detail(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    const gone = await fetch(`${baseUrl()}/api/v1/works/${workId}`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(gone.status).toBe(404);
    await shoot(page, 'after-delete');
    watch.expectClean('publish, preview, download, edit, delete');
  });
});
