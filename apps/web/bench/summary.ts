/** One landing page's medians in `npm run bench:web`. */
export type TPageSummary = {
  name: string;
  path: string;
  isSignedIn: boolean;
  runs: number;
  score: number;
  /** Milliseconds, Lighthouse's simulated figures. */
  lcp: number;
  tbt: number;
  bytes: number;
  requests: number;
  scriptBytes: number;
  scriptRequests: number;
  benchmarkIndex: number;
  /** The first-cards mark, as the run saw it (ms after navigation); NaN on pages without it. */
  firstCards: number;
  /** The mark's distance to the LCP the run saw (ms, negative when before). */
  firstCardsAfterLcp: number;
};

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const signed = (value: number) => (value > 0 ? `+${value}` : `${value}`);

/**
 * The table of every page audited, in the order audited, each page's score
 * against the home's of the same run (the goal: within 5 points), then
 * the home's first-cards mark (the goal: ≤ 2.5 s, ≤ 300 ms after the LCP).
 */
export function formatSummary(pages: TPageSummary[]): string {
  const home = pages.find((page) => page.path === '/' && !page.isSignedIn);
  const rows = pages.map((page) => {
    const versus = home && page !== home ? signed(page.score - home.score) : '';
    const who = page.isSignedIn ? ', signed in' : '';
    return `| \`${page.path}\`${who} | ${page.score} | ${versus} | ${sec(page.lcp)} | ${Math.round(page.tbt)} ms | ${kib(page.bytes)} / ${page.requests} | ${kib(page.scriptBytes)} / ${page.scriptRequests} |`;
  });
  const lines = [
    `Every landing page, Lighthouse mobile, medians of ${pages[0]?.runs ?? 0} runs each (CPU benchmark index ${pages.map((page) => page.benchmarkIndex).join(', ')}):`,
    '',
    '| page | score | vs home | LCP | TBT | bytes / requests | script / requests |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ];
  // The feed also renders under a work's page; the goal is the home's.
  for (const page of home && Number.isFinite(home.firstCards) ? [home] : []) {
    lines.push(
      '',
      `\`${page.path}\` first-cards mark: ${sec(page.firstCards)} after navigation, ${signed(Math.round(page.firstCardsAfterLcp))} ms from the LCP the run saw (both unthrottled, as Lighthouse observed them)`,
    );
  }
  return lines.join('\n');
}
