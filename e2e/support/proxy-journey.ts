import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForCode } from './outbox';
import { fillPublishForm } from './publish-form';
import { waitVisible } from './shell';

/**
 * What the proxy journey does in a browser, as a person would: sign up
 * through the login dialog, publish, read the unread badge; and a raw
 * reader of a live stream.
 */

/** Signs up on the page's origin with the e-mail code the instance behind it mailed. */
export const signUpInBrowser = async (
  page: Page,
  instanceDataDir: string,
  email: string,
  password: string,
): Promise<void> => {
  await (await waitVisible(page.getByRole('button', { name: /^Log in \/ Sign up$/ }))).click();
  const login = await waitVisible(page.getByRole('dialog', { name: /Log in$/ }));
  await login.getByRole('button', { name: /^No account yet\? Sign up$/ }).click();
  const register = await waitVisible(page.getByRole('dialog', { name: /Sign up$/ }));
  await register.getByLabel(/^E-mail$/).fill(email);
  const since = new Date(Date.now() - 1_000);
  await register.getByRole('button', { name: /^Get code$/ }).click();
  const { code } = await waitForCode(instanceDataDir, email, since);
  await register.getByLabel(/^Verification code$/).fill(code);
  await register.getByLabel(/^Password$/).fill(password);
  await register.getByLabel(/^Confirm password$/).fill(password);
  await register.getByRole('checkbox', { name: /^I have read and agree to the$/ }).check();
  await register.getByRole('button', { name: /^Sign up$/ }).click();
  await waitVisible(page.getByText(/Your account is ready\. Welcome!/));
  await waitVisible(page.getByRole('link', { name: /^Mine$/ }));
};

/** Fills /publish with a design file and a cover, submits, and returns the new work's id. */
export const publishInBrowser = async (
  page: Page,
  work: { title: string; design: string; cover: string },
  shoot: (step: string) => Promise<unknown>,
): Promise<number> => {
  await page.goto('/publish');
  // The submit button is enabled once both uploads (to S3, through this address's instance) ended.
  const submit = await fillPublishForm(page, {
    title: work.title,
    summary: 'A box for the cables behind the desk.',
    designFile: work.design,
    coverFile: work.cover,
    guide: 'Print at 0.2 mm layers, no supports needed.',
  });
  await shoot('publish-filled');
  await submit.click();
  const result = await waitVisible(page.getByTestId('publish-result'));
  expect(await result.getAttribute('data-status')).toBe('published');
  await shoot('published');
  const href = await result.getByRole('link', { name: /view/i }).getAttribute('href');
  const id = Number(href?.match(/\/work\/(\d+)/)?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
};

/** The unread figure of the side navigation's badge (0 when there is none). */
export const badgeCount = async (page: Page): Promise<number> => {
  const badge = page.getByTestId('inform-badge');
  if ((await badge.count()) === 0) return 0;
  const shown = await badge.first().locator('[aria-hidden="true"]').textContent();
  const digits = shown?.replace(/\D/g, '') ?? '';
  return digits ? Number(digits) : 0;
};

export const workCard = (page: Page, title: string): Locator =>
  page.getByTestId('work-card').and(page.getByRole('article', { name: title }));

export interface IStreamWatch {
  /** Comment lines received so far. */
  heartbeats: number;
  /** `data:` messages received so far. */
  messages: string[];
  /** Set once the stream ended, by either side. */
  endedAt: number | null;
  openedAt: number;
  close: () => void;
}

/**
 * Reads a Server-Sent Events stream as it arrives (fetch, no reconnects: an
 * EventSource would hide a cut stream by opening a new one).
 */
/**
 * `url` of a live stream with a ticket of the session of `accessToken`,
 * asked on the same origin (POST /api/v1/user/stream_ticket, ADR 0074).
 */
export const withTicket = async (url: string, accessToken: string): Promise<string> => {
  const target = new URL(url);
  const answer = await fetch(`${target.origin}/api/v1/user/stream_ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { data: { ticket: string } };
  target.searchParams.set('ticket', body.data.ticket);
  return target.toString();
};

export const watchStream = async (url: string): Promise<IStreamWatch> => {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const watch: IStreamWatch = {
    heartbeats: 0,
    messages: [],
    endedAt: null,
    openedAt: Date.now(),
    close: () => controller.abort(),
  };
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          if (block.startsWith(':')) watch.heartbeats += 1;
          else if (block.includes('data: ')) watch.messages.push(block);
        }
      }
    } catch {
      // Aborted by close().
    }
    watch.endedAt = Date.now();
  })();
  return watch;
};
