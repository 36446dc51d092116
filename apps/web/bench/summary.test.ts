import { describe, expect, it } from 'vitest';
import { formatSummary, type TPageSummary } from './summary';

const page = (over: Partial<TPageSummary>): TPageSummary => ({
  name: 'home',
  path: '/',
  isSignedIn: false,
  runs: 3,
  score: 73,
  lcp: 1920,
  tbt: 1452,
  bytes: 361 * 1024,
  requests: 45,
  scriptBytes: 194 * 1024,
  scriptRequests: 12,
  benchmarkIndex: 1408,
  firstCards: Number.NaN,
  firstCardsAfterLcp: Number.NaN,
  ...over,
});

describe('formatSummary', () => {
  const table = formatSummary([
    page({ firstCards: 2100, firstCardsAfterLcp: 180 }),
    page({ name: 'work', path: '/work/26', score: 42, lcp: 6000, tbt: 3921, firstCards: 2500 }),
    page({ name: 'work-signed-in', path: '/work/26', isSignedIn: true, score: 80 }),
  ]);

  it("gives each page's score against the home's, the home itself none", () => {
    expect(table).toContain('| `/` | 73 |  | 1.92 s | 1452 ms | 361 KiB / 45 | 194 KiB / 12 |');
    expect(table).toContain('| `/work/26` | 42 | -31 | 6.00 s | 3921 ms |');
    expect(table).toContain('| `/work/26`, signed in | 80 | +7 |');
  });

  it("reports the home's first-cards mark and its distance to the LCP", () => {
    expect(table).toMatch(/`\/` first-cards mark: 2\.10 s after navigation, \+180 ms from the LCP/);
    expect(table).not.toMatch(/`\/work\/26` first-cards/);
  });
});
