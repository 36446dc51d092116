import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSkipReason } from '../support/e2e-context';
import { journeyBrowser } from '../support/journey';
import { registerThroughApi, uniqueEmail } from '../support/outbox';
import { fillPublishForm } from '../support/publish-form';
import { type IS3Server, startS3Server } from '../support/s3';
import { type IRunningServer, startServer } from '../support/server';
import { loginThroughApi } from '../support/session';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const STL_FILE = join(FIXTURES, 'box-40x20x10.stl');
const COVER_FILE = join(FIXTURES, 'cover.png');
/** WebGL in software (SwiftShader) takes a moment on a 2-core machine. */
const VIEWER_TIMEOUT_MS = 45_000;
const TITLE = 'Cable box kept in S3';
const PASSWORD = 'Works-s3-journey-1';

/**
 * Works with files in an object store (DESIGN 2 scale-out): a Layerline
 * server of its own (embedded database, no demo content) storing files in a
 * real S3 server (s3rver, SigV4-checked, the production bucket policy and
 * CORS rule). The browser uploads, sees the cover from the bucket, previews
 * the design file through its presigned URL (a cross-origin GET the bucket's
 * CORS rule allows), downloads it, and deletes the work.
 */
describe.skipIf(e2eSkipReason())('works on S3 journey', () => {
  const journey = journeyBrowser();
  let s3: IS3Server | undefined;
  let server: IRunningServer | undefined;

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startServer({
      env: { ...s3.env, SEED_DEMO: '0' },
      logName: 'server-s3.log',
      embedded: true,
    });
  });

  afterAll(async () => {
    await server?.stop();
    await s3?.stop();
  });

  it('publishes with files in S3, previews through a presigned URL, downloads and deletes', async ({
    task,
  }) => {
    if (!server || !s3) throw new Error('the servers did not start');
    const origin = server.baseUrl;
    const bucketUrl = `${s3.endpoint}/${s3.bucket}/`;
    const email = uniqueEmail('s3');
    await registerThroughApi(origin, server.dataDir, email, PASSWORD);
    const session = await loginThroughApi(origin, email, PASSWORD);
    const { page, watch, shoot } = await journey.open({
      locale: 'en-US',
      name: task.name,
      session,
      origin,
      acceptDownloads: true,
    });
    // Every answer of the bucket the page asked for, to judge them after.
    const fromBucket: Array<{ url: string; status: number; allowOrigin: string | null }> = [];
    page.on('response', (response) => {
      if (!response.url().startsWith(bucketUrl)) return;
      fromBucket.push({
        url: response.url(),
        status: response.status(),
        allowOrigin: response.headers()['access-control-allow-origin'] ?? null,
      });
    });

    await page.goto('/publish');
    const submit = await fillPublishForm(page, {
      title: TITLE,
      summary: 'Its design file and cover live in the object store.',
      designFile: STL_FILE,
      coverFile: COVER_FILE,
      guide: 'Print flat.',
    });
    // The cover's preview is the bucket's public object.
    const coverPreview = await waitVisible(page.locator(`img[src^="${bucketUrl}"]`));
    await coverPreview.scrollIntoViewIfNeeded();
    await shoot(page, 'publish-filled');
    await submit.click();
    const result = await waitVisible(page.getByTestId('publish-result'));
    expect(await result.getAttribute('data-status')).toBe('published');

    await result.getByRole('link', { name: /view/i }).click();
    await page.waitForURL(/\/work\/\d+$/, { timeout: UI_TIMEOUT_MS });
    const workId = Number(new URL(page.url()).pathname.split('/').pop());
    const detail = page.getByTestId('work-detail');
    await waitVisible(page.getByTestId('work-title').filter({ hasText: TITLE }));
    await waitVisible(detail.locator(`img[src^="${bucketUrl}"]`));
    await shoot(page, 'detail');

    // The preview reads the private object through its presigned URL, across origins.
    const row = await waitVisible(detail.getByTestId('work-file-row'));
    const presignedGet = page.waitForResponse(
      (response) =>
        response.url().startsWith(`${bucketUrl}private/`) && response.request().method() === 'GET',
      { timeout: UI_TIMEOUT_MS },
    );
    await row.getByTestId('work-preview').click();
    const fetched = await presignedGet;
    expect(fetched.status()).toBe(200);
    expect(fetched.url()).toMatch(/X-Amz-Signature=[0-9a-f]{64}$/);
    expect(fetched.headers()['access-control-allow-origin']).toBe(origin);
    const viewer = page.getByTestId('model-viewer');
    await viewer.and(page.locator('[data-state="ready"]')).waitFor({ timeout: VIEWER_TIMEOUT_MS });
    await shoot(page, 'preview-from-s3');
    // Without its signature the same object is refused.
    const unsigned = fetched.url().slice(0, fetched.url().indexOf('?'));
    expect((await fetch(unsigned)).status).toBe(403);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

    // The counted download streams the same bytes out of the bucket.
    const downloading = page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
    await row.getByTestId('work-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('box-40x20x10.stl');
    expect(readFileSync(await download.path()).equals(readFileSync(STL_FILE))).toBe(true);

    await detail.getByTestId('work-delete').click();
    const confirm = await waitVisible(page.locator('.ant-modal-confirm'));
    await confirm.getByRole('button', { name: /^Delete$/ }).click();
    await detail.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    const gone = await fetch(`${origin}/api/v1/works/${workId}`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(gone.status).toBe(404);
    await shoot(page, 'after-delete');
    expect(fromBucket.filter(({ status }) => status !== 200)).toEqual([]);
    expect(fromBucket.some(({ url }) => !url.startsWith(`${bucketUrl}private/`))).toBe(true);
    watch.expectClean('publish, preview and download from S3, delete');
  });
});
