import type { TestProject } from 'vitest/node';
import { chromiumPath, findChromium, INSTALL_HINT } from './support/chromium';
import { type IRunningServer, SERVER_LOG, startServer } from './support/server';

let server: IRunningServer | undefined;
let skipReason = '';

const banner = (lines: string[]): string => {
  const inner = Math.max(...lines.map((line) => line.length));
  const rule = '!'.repeat(inner + 6);
  const body = lines.map((line) => `!! ${line.padEnd(inner)} !!`).join('\n');
  return `\n${rule}\n${body}\n${rule}\n\n`;
};

const skipWarning = (): string =>
  banner([
    `BROWSER TESTS SKIPPED: no Chromium at ${chromiumPath()}`,
    'Not one e2e journey ran; this run proves nothing about the web app.',
    `Install it (as root): ${INSTALL_HINT}`,
    'or point CHROMIUM_PATH at a Chromium executable.',
    'Set REQUIRE_E2E=1 to make a missing browser fail the run (CI does).',
  ]);

export async function setup(project: TestProject): Promise<void> {
  if (!findChromium()) {
    if (process.env.REQUIRE_E2E === '1') {
      throw new Error(
        `REQUIRE_E2E=1 but Chromium was not found at ${chromiumPath()}. Install it: ${INSTALL_HINT} (or set CHROMIUM_PATH).`,
      );
    }
    skipReason = `Chromium not found at ${chromiumPath()}`;
    // console.warn goes to stderr and survives reporters that swallow stdout.
    console.warn(skipWarning());
    project.provide('e2eSkipReason', skipReason);
    project.provide('baseUrl', '');
    project.provide('dataDir', '');
    return;
  }
  server = await startServer();
  project.provide('e2eSkipReason', '');
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  process.stdout.write(`e2e: server at ${server.baseUrl} (log: ${SERVER_LOG})\n`);
}

export async function teardown(): Promise<void> {
  // Repeated at the end, where it cannot scroll away unseen.
  if (skipReason) console.warn(skipWarning());
  await server?.stop();
  server = undefined;
}
