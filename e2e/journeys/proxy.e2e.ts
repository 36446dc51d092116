import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { e2eSkipReason } from '../support/e2e-context';
import { registerThroughApi, uniqueEmail } from '../support/outbox';
import { type IPageWatch, watchPage } from '../support/page-watch';
import {
  badgeCount,
  publishInBrowser,
  signUpInBrowser,
  watchStream,
  withTicket,
  workCard,
} from '../support/proxy-journey';
import {
  type IProxyStack,
  proxySkipReason,
  STREAM_HEARTBEAT_MS,
  STREAM_READ_TIMEOUT_S,
  startProxyStack,
} from '../support/proxy-stack';
import { createScreenshots, type TShoot } from '../support/screenshots';
import { loginThroughApi, signInContext } from '../support/session';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const STL = join(FIXTURES, 'box-40x20x10.stl');
const COVER = join(FIXTURES, 'cover.png');
const TITLE = `Cable box behind nginx ${Date.now().toString(36)}`;
const STREAM = /\/api\/v1\/notify\/stream\?/;
/** Marks the requests the journey sends to the balanced address, in nginx's log. */
const BALANCED_AGENT = 'layerline-proxy-journey';

const port = (origin: string) => new URL(origin).port;

/** The access log's lines of requests matching `path`, with the instance that answered each. */
const upstreamsOf = (log: string, path: RegExp): string[] =>
  log
    .split('\n')
    .filter((line) => path.test(line.split('"')[1] ?? ''))
    .map((line) => line.match(/upstream=(\S+)/)?.[1] ?? 'none');

interface IPerson {
  context: BrowserContext;
  page: Page;
  watch: IPageWatch;
  shoot: TShoot;
  /** The page's requests for the unread counts' stream. */
  streams: number[];
}

/**
 * Two instances on PostgreSQL, Redis and S3 behind nginx running
 * deploy/nginx/layerline.conf: A signs up and publishes through the address
 * in front of instance 1, B, behind instance 2, hears of A's follow live on
 * one stream that outlives nginx's read timeout, finds the work in a fresh
 * feed and downloads its design file; the balanced address serves from both.
 */
describe.skipIf(e2eSkipReason() || proxySkipReason())('behind nginx', () => {
  let stack: IProxyStack;
  let browser: Browser;
  const people: IPerson[] = [];

  beforeAll(async () => {
    stack = await startProxyStack();
    browser = await launchBrowser();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const { page, shoot } of people) await shoot(page, 'failure').catch(() => undefined);
  });

  afterAll(async () => {
    for (const person of people) await person.context.close();
    await browser?.close();
    await stack?.stop();
  });

  const open = async (
    origin: string,
    name: string,
    session?: Parameters<typeof signInContext>[1],
  ) => {
    const context = await browser.newContext({
      baseURL: origin,
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    if (session) await signInContext(context, session);
    const page = await context.newPage();
    const streams: number[] = [];
    page.on('request', (request) => {
      if (STREAM.test(request.url())) streams.push(Date.now());
    });
    const person = {
      context,
      page,
      watch: watchPage(page, origin),
      shoot: createScreenshots(name),
      streams,
    };
    people.push(person);
    return person;
  };

  it('publishes through one instance and is seen, live, through the other', async ({ task }) => {
    const [one, two] = stack.pinned;
    const [first, second] = stack.instances;

    // B, a maker signed in on the address in front of instance 2, on the home page.
    const bAccount = { email: uniqueEmail('px-b'), password: 'Proxy-journey-B1' };
    await registerThroughApi(two, second.dataDir, bAccount.email, bAccount.password);
    const bSession = await loginThroughApi(two, bAccount.email, bAccount.password);
    const b = await open(two, `${task.name} B`, bSession);
    await b.page.goto('/');
    await waitVisible(b.page.getByRole('link', { name: /^Mine$/ }));
    await expect.poll(() => b.streams.length, { timeout: UI_TIMEOUT_MS }).toBe(1);
    expect(await badgeCount(b.page)).toBe(0);
    await b.shoot(b.page, 'home-before');

    // B's counts read raw through the balanced address too: no reconnect can hide a cut.
    const raw = await watchStream(
      await withTicket(`${stack.balanced}/api/v1/notify/stream`, bSession.token),
    );

    // A signs up in the browser through instance 1's address, then publishes with a design file.
    const a = await open(one, `${task.name} A`);
    await a.page.goto('/');
    await signUpInBrowser(a.page, first.dataDir, uniqueEmail('px-a'), 'Proxy-journey-A1');
    await a.shoot(a.page, 'signed-up');
    const workId = await publishInBrowser(
      a.page,
      { title: TITLE, design: STL, cover: COVER },
      (step) => a.shoot(a.page, step),
    );

    // The event must cross a stream older than twice nginx's read timeout: when
    // the steps above were quicker than that, the stream is given the rest.
    const needed = 2 * STREAM_READ_TIMEOUT_S * 1000 + 500;
    const age = Date.now() - (b.streams[0] as number);
    if (age < needed) await new Promise((resolve) => setTimeout(resolve, needed - age));

    // A follows B from B's profile; B's badge counts it without a reload, over
    // the stream it opened before A arrived (Redis carried it between instances).
    await a.page.goto(`/userInfor/${bSession.userId}`);
    const follow = await waitVisible(a.page.getByTestId('follow-button'));
    await follow.click();
    await expect
      .poll(() => follow.getAttribute('data-state'), { timeout: UI_TIMEOUT_MS })
      .toBe('following');
    await a.shoot(a.page, 'followed');
    await expect.poll(() => badgeCount(b.page), { timeout: UI_TIMEOUT_MS }).toBe(1);
    await b.shoot(b.page, 'badge-live');
    expect(b.streams).toHaveLength(1);
    // The journey is only a proof if the stream lived longer than nginx's read timeout.
    expect(Date.now() - (b.streams[0] as number)).toBeGreaterThan(2 * STREAM_READ_TIMEOUT_S * 1000);

    // The fresh feed on instance 2 holds A's work at the top.
    await b.page.reload();
    const card = workCard(b.page, TITLE);
    await waitVisible(card);
    await card.scrollIntoViewIfNeeded();
    await b.shoot(b.page, 'fresh-feed');

    // B opens it and downloads the design file: the bytes A uploaded, from S3.
    await card.getByTestId('work-card-link').click();
    await b.page.waitForURL(new RegExp(`/work/${workId}$`), { timeout: UI_TIMEOUT_MS });
    const row = await waitVisible(b.page.getByTestId('work-file-row'));
    await b.shoot(b.page, 'detail');
    const downloading = b.page.waitForEvent('download', { timeout: UI_TIMEOUT_MS });
    await row.getByTestId('work-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('box-40x20x10.stl');
    expect(readFileSync(await download.path()).equals(readFileSync(STL))).toBe(true);
    await b.shoot(b.page, 'downloaded');

    // The raw stream: heartbeats through nginx past twice its read timeout, still open.
    const enough = Math.ceil((2 * STREAM_READ_TIMEOUT_S * 1000) / STREAM_HEARTBEAT_MS) + 1;
    await expect
      .poll(() => raw.heartbeats, { timeout: UI_TIMEOUT_MS })
      .toBeGreaterThanOrEqual(enough);
    expect(raw.endedAt).toBeNull();
    expect(raw.messages.some((message) => message.includes('"follow"'))).toBe(true);
    raw.close();

    // The balanced address: answers from both instances, the same work on each.
    for (let ask = 0; ask < 4; ask += 1) {
      const answer = await fetch(`${stack.balanced}/api/v1/works/${workId}`, {
        headers: { 'user-agent': BALANCED_AGENT },
      });
      expect(answer.status).toBe(200);
      const text = JSON.stringify(await answer.json());
      expect(text).toContain(TITLE);
      // The cover A uploaded through instance 1 is an object of the S3 bucket.
      expect(text).toContain(stack.s3Endpoint);
    }

    // Assets keep the app's own headers through nginx: one encoding, a year's cache, the ETag.
    const html = await (await fetch(`${stack.balanced}/`)).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0] as string;
    expect(asset).toBeTruthy();
    const ask = { headers: { 'accept-encoding': 'br, gzip' } };
    const direct = await fetch(`${first.baseUrl}${asset}`, ask);
    const proxied = await fetch(`${stack.balanced}${asset}`, ask);
    for (const name of ['content-encoding', 'cache-control', 'etag']) {
      expect(proxied.headers.get(name), name).toBe(direct.headers.get(name));
    }
    expect(proxied.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);

    a.watch.expectClean('sign up, publish, follow');
    b.watch.expectClean('live badge, feed, download');

    // nginx's log: who answered what (written as each request ends, the streams' too).
    const log = stack.nginx.accessLog();
    const instance = (server: { baseUrl: string }) => `127.0.0.1:${port(server.baseUrl)}`;
    expect(upstreamsOf(log, /^POST \/api\/v1\/works\/create /)).toEqual([instance(first)]);
    const balanced = log.split('\n').filter((line) => line.includes(BALANCED_AGENT));
    expect(new Set(upstreamsOf(balanced.join('\n'), /^GET \/api\/v1\/works\/\d+ /))).toEqual(
      new Set([instance(first), instance(second)]),
    );
  });
});
