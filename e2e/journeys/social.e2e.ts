import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/chromium';
import { baseUrl, dataDir, e2eSkipReason } from '../support/e2e-context';
import { type IJourneyPage, journeyPages } from '../support/journey';
import { registerThroughApi, uniqueEmail } from '../support/outbox';
import { type IApiSession, loginThroughApi, publishThroughApi } from '../support/session';
import { UI_TIMEOUT_MS, waitVisible } from '../support/shell';

const STL = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'box-40x20x10.stl');
const COMMENT = 'Lovely design, printing it tonight!';
const REPLY = 'Thanks, tell me how it goes.';

const badgeCount = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('inform-badge');
  if ((await badge.count()) === 0) return 0;
  // The visible figure; a screen-reader sentence beside it repeats the count.
  const shown = await badge.first().locator('[aria-hidden="true"]').textContent();
  const digits = shown?.replace(/\D/g, '') ?? '';
  return digits ? Number(digits) : 0;
};

/** The innermost comment item with the text: a reply sits inside its comment's item. */
const commentItem = (page: Page, text: string): Locator =>
  page.getByTestId('comment-item').filter({ hasText: text }).last();

/** A new or linked comment is highlighted for 3000 ms (SPEC 9). */
const expectHighlighted = (item: Locator) =>
  expect.poll(() => item.getAttribute('data-highlighted'), { timeout: UI_TIMEOUT_MS }).toBe('true');

/** Opens /inform, the comments tab, and the newest comment notification. */
const openNewestCommentNotification = async (page: Page): Promise<void> => {
  await page.goto('/inform');
  await (await waitVisible(page.getByTestId('inform-tab-comment'))).click();
  await (await waitVisible(page.getByTestId('notification-item'))).click();
  await page.waitForURL(/\/work\/\d+\?.*comment=\d+/, { timeout: UI_TIMEOUT_MS });
};

/**
 * Social end to end (issue 6) with two people in two browser contexts: A
 * follows B and B's badge counts it live; A likes and comments on B's work;
 * B replies from the notification; A sees the reply highlighted; the counts
 * hold after a reload.
 */
describe.skipIf(e2eSkipReason())('social journey', () => {
  let browser: Browser;
  const pages = journeyPages();
  let origin: string;
  let sessionA: IApiSession;
  let sessionB: IApiSession;
  let workId = 0;

  beforeAll(async () => {
    origin = baseUrl();
    browser = await launchBrowser();
    const a = { email: uniqueEmail('sa'), password: 'Social-journey-A1' };
    const b = { email: uniqueEmail('sb'), password: 'Social-journey-B1' };
    await registerThroughApi(origin, dataDir(), a.email, a.password);
    await registerThroughApi(origin, dataDir(), b.email, b.password);
    sessionA = await loginThroughApi(origin, a.email, a.password);
    sessionB = await loginThroughApi(origin, b.email, b.password);
    workId = await publishThroughApi(origin, sessionB, 'Hex pen holder', {
      name: 'pen-holder.stl',
      bytes: readFileSync(STL),
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const openActor = (session: IApiSession, name: string): Promise<IJourneyPage> =>
    pages.open(browser, { locale: 'en-US', name, session });

  it('follows, likes, comments and replies between two people, live', async ({ task }) => {
    const a = await openActor(sessionA, `${task.name} A`);
    const b = await openActor(sessionB, `${task.name} B`);

    await b.page.goto('/');
    await waitVisible(b.page.getByRole('link', { name: /^Mine$/ }));
    expect(await badgeCount(b.page)).toBe(0);

    // A follows B from the work's author block (SPEC 2, 4 Social actions).
    await a.page.goto(`/work/${workId}`);
    const follow = await waitVisible(a.page.getByTestId('follow-button'));
    await follow.click();
    await expect
      .poll(() => follow.getAttribute('data-state'), { timeout: UI_TIMEOUT_MS })
      .toBe('following');

    // B's side navigation counts it without a reload (server-sent events).
    await expect.poll(() => badgeCount(b.page), { timeout: UI_TIMEOUT_MS }).toBe(1);
    await b.shoot(b.page, 'badge-after-follow');

    // A likes and comments.
    await a.page.getByTestId('like-button').click();
    await expect
      .poll(() => a.page.getByTestId('work-likes').textContent(), { timeout: UI_TIMEOUT_MS })
      .toBe('1');
    await a.page.getByTestId('comment-input').fill(COMMENT);
    await a.page.getByTestId('comment-send').click();
    await waitVisible(commentItem(a.page, COMMENT));
    await a.shoot(a.page, 'liked-and-commented');
    await expect.poll(() => badgeCount(b.page), { timeout: UI_TIMEOUT_MS }).toBe(3);

    // B opens the comment notification: the comment is highlighted; B replies.
    await openNewestCommentNotification(b.page);
    const aComment = commentItem(b.page, COMMENT);
    await waitVisible(aComment);
    await expectHighlighted(aComment);
    await b.shoot(b.page, 'comment-highlighted');
    await aComment.getByTestId('reply-button').first().click();
    const input = b.page.getByTestId('comment-input');
    await expect.poll(() => input.inputValue(), { timeout: UI_TIMEOUT_MS }).toMatch(/^@\S+ $/);
    await input.press('End');
    await input.pressSequentially(REPLY);
    await b.page.getByTestId('comment-send').click();
    await waitVisible(commentItem(b.page, REPLY));

    // A hears of the reply live and sees it highlighted from the notification.
    await expect.poll(() => badgeCount(a.page), { timeout: UI_TIMEOUT_MS }).toBe(1);
    await openNewestCommentNotification(a.page);
    const reply = commentItem(a.page, REPLY);
    await waitVisible(reply);
    await expectHighlighted(reply);
    await a.shoot(a.page, 'reply-highlighted');

    // The counts survive a reload.
    await a.page.goto(`/work/${workId}`);
    await waitVisible(a.page.getByTestId('work-detail'));
    await expect
      .poll(() => a.page.getByTestId('work-likes').textContent(), { timeout: UI_TIMEOUT_MS })
      .toBe('1');
    await expect
      .poll(() => a.page.getByTestId('work-comments').textContent(), { timeout: UI_TIMEOUT_MS })
      .toBe('2');
    expect(await a.page.getByTestId('follow-button').getAttribute('data-state')).toBe('following');
    await a.shoot(a.page, 'after-reload');

    const detail = await fetch(`${origin}/api/v1/works/${workId}`, {
      headers: { Authorization: `Bearer ${sessionA.token}` },
    });
    const body = (await detail.json()) as {
      data: { like: number; comment_count: number; is_like: boolean };
    };
    expect(body.data).toMatchObject({ like: 1, comment_count: 2, is_like: true });
    a.watch.expectClean('A');
    b.watch.expectClean('B');
  });
});
