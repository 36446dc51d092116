import type { Locator, Page } from 'playwright-core';

/** Generous for a cold 2-core machine, still far below the test timeout. */
export const UI_TIMEOUT_MS = 15_000;

/** Nav labels of the side navigation in each language (SPEC 2, side navigation). */
export const NAV = {
  en: {
    discover: /^Discover$/i,
    talk: /^Model talk$/i,
    ai: /^AI create$/i,
    publish: /^Publish$/i,
    inform: /^Inform$/i,
    mine: /^Mine$/i,
  },
  zh: { discover: /^发现$/, talk: /^模型圈$/, inform: /^消息$/ },
} as const;

/** The first visible element matching the locator. */
export const visible = (locator: Locator): Locator => locator.filter({ visible: true }).first();

export const waitVisible = async (locator: Locator): Promise<Locator> => {
  const target = visible(locator);
  await target.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  return target;
};

export const text = (page: Page, pattern: RegExp): Locator => page.getByText(pattern);

/**
 * Roles first, visible text second, a test id last: the shell is free to
 * render the switch as a button, a Select or plain text.
 */
export const languageSwitch = (page: Page): Locator =>
  page
    .getByTestId('language-switch')
    .or(page.getByRole('button', { name: /^(language|语言|English|中文)$/i }))
    .or(page.getByRole('combobox', { name: /language|语言/i }))
    .or(page.getByText(/^(English|中文)$/));

/** An entry of an open menu (a choice, as the language menu's, or an action) or Select list. */
export const menuEntry = (page: Page, name: RegExp): Locator =>
  page
    .getByRole('menuitemradio', { name })
    .or(page.getByRole('menuitem', { name }))
    .or(page.locator('.ant-select-item-option, .ant-dropdown-menu-item').filter({ hasText: name }));

export const moreMenu = (page: Page): Locator =>
  page
    .getByTestId('more-menu')
    .or(page.getByRole('button', { name: /^(More|更多)$/i }))
    .or(page.getByText(/^(More|更多)$/i));

export const chooseLanguage = async (page: Page, label: '中文' | 'English'): Promise<void> => {
  await (await waitVisible(languageSwitch(page))).click();
  await (await waitVisible(menuEntry(page, new RegExp(`^${label}$`)))).click();
};

export const storedLocale = (page: Page): Promise<string | null> =>
  page.evaluate(() => window.localStorage.getItem('locale'));

/** Resolves once the SPA has moved the browser to the given path. */
export const waitForPath = (page: Page, path: string): Promise<void> =>
  page.waitForURL((url) => url.pathname === path, { timeout: UI_TIMEOUT_MS });
