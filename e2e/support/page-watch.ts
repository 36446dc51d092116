import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface IPageWatch {
  /** Everything that went wrong so far, one line each. */
  readonly problems: readonly string[];
  /** Fails the test with the list of problems, if any. */
  expectClean: (when?: string) => void;
}

export interface IWatchOptions {
  /** Problems matching one of these are expected by the test and not reported. */
  ignore?: RegExp[];
}

/**
 * A request cancelled because the page navigated away is normal browser
 * behaviour, not a fault of the app.
 */
const BENIGN_FAILURES = [/net::ERR_ABORTED/];

/**
 * Records console errors, uncaught page errors, and failed or 5xx requests to
 * our own origin, so a journey can show the app ran without errors.
 */
export const watchPage = (page: Page, origin: string, options: IWatchOptions = {}): IPageWatch => {
  const problems: string[] = [];
  const ignore = options.ignore ?? [];
  const record = (line: string) => {
    if (!ignore.some((re) => re.test(line))) problems.push(line);
  };
  const isOurs = (url: string) => url.startsWith(origin);

  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const { url, lineNumber } = msg.location();
    record(`console.error: ${msg.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => {
    record(`pageerror: ${error.message}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'unknown';
    if (!isOurs(request.url()) || BENIGN_FAILURES.some((re) => re.test(reason))) return;
    record(`requestfailed: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (isOurs(response.url()) && response.status() >= 500) {
      record(`http ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  });

  return {
    problems,
    expectClean: (when) => {
      expect(problems, `errors in the page${when ? ` (${when})` : ''}`).toEqual([]);
    },
  };
};
