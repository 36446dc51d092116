import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's package path; CHROMIUM_PATH overrides it for other machines. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export const INSTALL_HINT = 'apt-get install -y chromium fonts-noto-cjk';

/**
 * Flags for a root container without a GPU or a display. The network flags stop
 * Chromium from calling Google services, which are unreachable here and would
 * otherwise slow start-up and add noise to the logs.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumPath = (): string => process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;

/** The executable path when it exists, else null (the caller decides: skip or fail). */
export const findChromium = (): string | null => {
  const path = chromiumPath();
  return existsSync(path) ? path : null;
};

export const launchBrowser = async (): Promise<Browser> => {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error(`Chromium not found at ${chromiumPath()}; install it: ${INSTALL_HINT}`);
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
};
