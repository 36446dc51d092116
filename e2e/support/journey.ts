import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './chromium';
import { baseUrl, dataDir } from './e2e-context';
import { registerThroughApi, uniqueEmail } from './outbox';
import { type IPageWatch, type IWatchOptions, watchPage } from './page-watch';
import { createScreenshots, type TShoot } from './screenshots';
import { type IApiSession, loginThroughApi, signInContext } from './session';

export type TStorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface IJourneyPage {
  context: BrowserContext;
  page: Page;
  watch: IPageWatch;
  shoot: TShoot;
}

export interface IJourneyPageOptions {
  /** Browser language; the app picks its own from it unless a stored choice wins. */
  locale: 'en-US' | 'zh-CN';
  /** Names the screenshot folder, usually the test's name. */
  name: string;
  /** Starts signed in as this API session (the app's language follows `locale`). */
  session?: IApiSession;
  /** Starts from storage saved by an earlier test. */
  storageState?: TStorageState;
  acceptDownloads?: boolean;
  watch?: IWatchOptions;
  /** A phone (390 x 844, touch, mobile meta viewport) instead of the desktop window. */
  phone?: boolean;
  /** Another server than the global setup's (a journey that starts its own). */
  origin?: string;
}

/** The desktop layout every journey is written against. */
const VIEWPORT = { width: 1440, height: 900 };

/** A common phone's CSS size, below SPEC 9's mobile threshold (780 px). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * The browser pages of one describe block's tests. Call it inside `describe`:
 * after each test it takes a 'failure' screenshot of every page the test
 * opened (the state at the moment of failure explains most failures) and
 * closes their contexts.
 */
export const journeyPages = () => {
  const contexts: BrowserContext[] = [];
  const opened: IJourneyPage[] = [];

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      for (const { page, shoot } of opened) await shoot(page, 'failure').catch(() => undefined);
    }
    for (const context of contexts) await context.close();
    contexts.length = 0;
    opened.length = 0;
  });

  /** A fresh context and page against the e2e server, watched for errors. */
  const open = async (browser: Browser, options: IJourneyPageOptions): Promise<IJourneyPage> => {
    const origin = options.origin ?? baseUrl();
    const context = await browser.newContext({
      baseURL: origin,
      locale: options.locale,
      ...(options.phone
        ? { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true }
        : { viewport: VIEWPORT }),
      ...(options.storageState ? { storageState: options.storageState } : {}),
      ...(options.acceptDownloads ? { acceptDownloads: true } : {}),
    });
    contexts.push(context);
    if (options.session) {
      await signInContext(context, options.session, options.locale === 'zh-CN' ? 'zh' : 'en');
    }
    const page = await context.newPage();
    const journeyPage = {
      context,
      page,
      watch: watchPage(page, origin, options.watch),
      shoot: createScreenshots(options.name),
    };
    opened.push(journeyPage);
    return journeyPage;
  };

  return { open };
};

/**
 * One browser for a describe block's tests, launched before them and closed
 * after, and journeyPages' pages opened in it. Call it inside `describe`.
 */
export const journeyBrowser = () => {
  let browser: Browser | undefined;
  const pages = journeyPages();

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const launched = (): Browser => {
    if (!browser) throw new Error('the journey browser is not launched yet');
    return browser;
  };

  const open = (options: IJourneyPageOptions): Promise<IJourneyPage> =>
    pages.open(launched(), options);

  return { browser: launched, open };
};

export interface IAccount {
  email: string;
  password: string;
}

/** Registers a new account (email tagged `tag`) and logs it in through the API. */
export const signedUpSession = async (
  tag: string,
  password: string,
): Promise<{ account: IAccount; session: IApiSession }> => {
  const account = { email: uniqueEmail(tag), password };
  await registerThroughApi(baseUrl(), dataDir(), account.email, account.password);
  return { account, session: await loginThroughApi(baseUrl(), account.email, account.password) };
};

/**
 * journeyBrowser plus one account registered before the block's tests
 * (email tagged `tag`); `openSignedIn` logs it in through the API and opens a
 * page already signed in as it. Call it inside `describe`.
 */
export const accountJourney = (tag: string, password: string) => {
  const journey = journeyBrowser();
  const account: IAccount = { email: uniqueEmail(tag), password };

  beforeAll(async () => {
    await registerThroughApi(baseUrl(), dataDir(), account.email, account.password);
  });

  const openSignedIn = async (
    options: Omit<IJourneyPageOptions, 'session'>,
  ): Promise<IJourneyPage & { session: IApiSession }> => {
    const session = await loginThroughApi(baseUrl(), account.email, account.password);
    return { ...(await journey.open({ ...options, session })), session };
  };

  return { ...journey, account, openSignedIn };
};
