import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eSkipReason } from '../support/e2e-context';
import { journeyBrowser } from '../support/journey';
import { type IRunningServer, REPO_ROOT, startServer } from '../support/server';
import { NAV, UI_TIMEOUT_MS, visible, waitVisible } from '../support/shell';

const WEB_DIST = join(REPO_ROOT, 'apps', 'web', 'dist');
/** index.html of the "new build" carries it, so the test sees which build the page runs. */
const NEXT_MARKER = '<meta name="layerline-build" content="next">';

/**
 * A copy of the built app as the next deploy's build: the community page's
 * chunk and the entry get new names, as a build names a changed file, and so
 * does every file that names a renamed one (their hashes would change too),
 * with their brotli and gzip copies dropped. The old names are gone.
 */
function nextBuild(from: string, to: string): { goneChunk: string } {
  cpSync(from, to, { recursive: true });
  const assets = join(to, 'assets');
  const index = readFileSync(join(to, 'index.html'), 'utf8');
  const entry = /data-entry="\/assets\/([^"]+)"/.exec(index)?.[1];
  const community = readdirSync(assets).find((name) => /^CommunityPage-[\w-]+\.js$/.test(name));
  if (!entry || !community) throw new Error('the build has no entry or community chunk');
  const renamed = new Map<string, string>();
  const rename = (name: string) => {
    const next = name.replace(/\.(js|css)$/, 'n2.$1');
    renameSync(join(assets, name), join(assets, next));
    for (const copy of ['.br', '.gz']) rmSync(join(assets, name + copy), { force: true });
    renamed.set(name, next);
  };
  rename(entry);
  rename(community);
  const rewrite = (file: string): boolean => {
    const text = readFileSync(file, 'utf8');
    let next = text;
    for (const [old, name] of renamed) next = next.replaceAll(old, name);
    if (next === text) return false;
    writeFileSync(file, next);
    for (const copy of ['.br', '.gz']) rmSync(file + copy, { force: true });
    return true;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of readdirSync(assets)) {
      if (!/\.(js|css)$/.test(name)) continue;
      if (
        rewrite(join(assets, name)) &&
        !renamed.has(name) &&
        ![...renamed.values()].includes(name)
      ) {
        rename(name);
        changed = true;
      }
    }
  }
  rewrite(join(to, 'index.html'));
  const html = readFileSync(join(to, 'index.html'), 'utf8').replace(
    '</head>',
    `${NEXT_MARKER}</head>`,
  );
  writeFileSync(join(to, 'index.html'), html);
  for (const copy of ['.br', '.gz']) rmSync(join(to, `index.html${copy}`), { force: true });
  return { goneChunk: community };
}

describe.skipIf(e2eSkipReason())('deploy while a page is open (ADR 0054)', () => {
  const journey = journeyBrowser();
  const root = mkdtempSync(join(tmpdir(), 'layerline-deploy-'));
  const dataDir = join(root, 'data');
  const oldDist = join(root, 'old');
  const newDist = join(root, 'new');
  let goneChunk = '';
  let server: IRunningServer | undefined;

  beforeAll(() => {
    if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error('run `npm run build` first');
    cpSync(WEB_DIST, oldDist, { recursive: true });
    goneChunk = nextBuild(WEB_DIST, newDist).goneChunk;
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const start = (dist: string, port?: number) =>
    startServer({
      env: { WEB_DIST_DIR: dist, SEED_DEMO: '0', SHUTDOWN_GRACE_MS: '2000' },
      logName: 'server-deploy.log',
      embedded: true,
      dataDir,
      ...(port ? { port } : {}),
    });

  it('reloads the old page onto the new build when its next chunk is gone', async ({ task }) => {
    server = await start(oldDist);
    const origin = server.baseUrl;
    const { page, watch, shoot } = await journey.open({
      locale: 'en-US',
      name: task.name,
      origin,
      // The one chunk the old page asks for and the new server no longer has.
      watch: {
        ignore: [
          new RegExp(goneChunk.replace('.', '\\.')),
          /404 \(Not Found\)/,
          /dynamically imported module/,
        ],
      },
    });
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/');
    const talk = await waitVisible(page.getByRole('link', { name: NAV.en.talk }));
    expect(loads).toBe(1);
    await shoot(page, 'old-build');

    // The deploy: the old server stops, the new build's takes its place.
    await server.stop();
    server = await start(newDist, Number(new URL(origin).port));

    await talk.click();
    await expect
      .poll(() => page.locator('meta[name="layerline-build"]').count(), { timeout: UI_TIMEOUT_MS })
      .toBe(1);
    await waitVisible(page.getByRole('heading', { name: NAV.en.talk }));
    expect(page.url()).toBe(`${origin}/community`);
    await shoot(page, 'new-build');
    expect(loads).toBe(2);
    // The build it reloaded from is remembered, so a page of that build never reloads twice.
    const reloaded = await page.evaluate(() => sessionStorage.getItem('layerline:reloaded-build'));
    expect(reloaded).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(await visible(page.getByText(/Page navigation failed/)).count()).toBe(0);
    watch.expectClean();
  });
});
