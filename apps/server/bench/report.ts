import type { TLoadResult } from './processes';
import { formatTable, type TLatencyStats } from './stats';
import type { TGoal, TTarget } from './targets';
import { UPLOAD_P99_TARGET_MS } from './uploads';

/**
 * What `npm run bench` prints: the table of every target measured, and the
 * issue's rows beside their goals (targets.ts), each 'met' or 'NOT MET'.
 */

/** One target's figures: the app, the same SQL sent to the database alone, a bare server. */
export type TBenchRow = {
  target: TTarget;
  /** Statements of the request when nothing is kept in memory, and once kept (ADR 0018). */
  statements: number;
  warmStatements: number;
  bytes: number;
  brBytes: number;
  gzipBytes: number;
  encodings: string;
  app: TLoadResult;
  database: TLatencyStats;
  raw: TLoadResult;
};

export function report(rows: TBenchRow[]): string {
  return formatTable(
    [
      'target',
      'req/s',
      'p50',
      'p97.5',
      'p99',
      'db req/s',
      'db p99',
      'raw req/s',
      '% raw',
      'SQL cold',
      'SQL kept',
      'KiB',
      'KiB br',
      'goal',
      '',
    ],
    rows.map((row) => [
      row.target.name,
      Math.round(row.app.rps),
      row.app.p50,
      row.app.p97_5,
      row.app.p99,
      Math.round(row.database.rps),
      row.database.p99,
      Math.round(row.raw.rps),
      `${((100 * row.app.rps) / Math.max(1, row.raw.rps)).toFixed(1)}%`,
      row.statements,
      row.warmStatements,
      (row.bytes / 1024).toFixed(1),
      (row.brBytes / 1024).toFixed(1),
      goalText(row.target.goal),
      verdict(row),
    ]),
  );
}
export const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

function goalText(goal: TGoal | undefined): string {
  if (!goal) return '';
  return [
    goal.minRps === undefined ? '' : `>= ${thousands(goal.minRps)}/s`,
    goal.minRawShare === undefined ? '' : `>= ${goal.minRawShare * 100}% raw`,
    goal.maxP99 === undefined ? '' : `p99 <= ${goal.maxP99} ms`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The goals (targets.ts) at 10 connections: 'met' or 'NOT MET'. */
function verdict(row: TBenchRow): string {
  const { goal } = row.target;
  if (!goal) return '';
  const failed = row.app.non2xx > 0 || row.app.errors > 0;
  const rpsOk = goal.minRps === undefined || row.app.rps >= goal.minRps;
  const p99Ok = goal.maxP99 === undefined || row.app.p99 <= goal.maxP99;
  const shareOk = goal.minRawShare === undefined || row.app.rps >= goal.minRawShare * row.raw.rps;
  return !failed && rpsOk && p99Ok && shareOk ? 'met' : 'NOT MET';
}

type TSummaryRow = [string, string, string, string];

/** The table: each row's figure beside its target, from this run. */ export function summary(
  rows: TBenchRow[],
  extra: { pglite?: TBenchRow; healthz?: { p99: number; uploads: string } },
): string {
  const find = (pattern: RegExp) => rows.filter((row) => pattern.test(row.target.name));
  const out: TSummaryRow[] = [];
  const [feed] = find(/^feed page 1$/);
  if (feed) {
    out.push([
      'feed page 1 with total',
      `${thousands(feed.app.rps)} req/s, p99 ${feed.app.p99} ms; bare server ${thousands(feed.raw.rps)} req/s (${((100 * feed.app.rps) / feed.raw.rps).toFixed(1)}%)`,
      goalText(feed.target.goal),
      verdict(feed),
    ]);
  }
  const [detail] = find(/^work detail$/);
  if (detail) {
    out.push([
      'work detail',
      `${thousands(detail.app.rps)} req/s, ${detail.statements} SQL uncached, ${detail.warmStatements} kept`,
      goalText(detail.target.goal),
      verdict(detail),
    ]);
  }
  const repeated = find(/^search .*repeated/);
  if (repeated.length > 0) {
    const rps = repeated.map((row) => row.app.rps);
    const dbRps = repeated.map((row) => row.database.rps);
    out.push([
      'search, repeated (小猫, keychain, keychian)',
      `${thousands(Math.min(...rps))}–${thousands(Math.max(...rps))} req/s, p99 ${Math.max(...repeated.map((row) => row.app.p99))} ms; database alone ${thousands(Math.min(...dbRps))}–${thousands(Math.max(...dbRps))}`,
      goalText(repeated[0]?.target.goal),
      repeated.every((row) => verdict(row) === 'met') ? 'met' : 'NOT MET',
    ]);
  }
  const [fresh] = find(/^search, new text/);
  if (fresh) {
    out.push([
      'search, new text each request',
      `${thousands(fresh.app.rps)} req/s, p99 ${fresh.app.p99} ms; database alone p99 ${fresh.database.p99} ms`,
      goalText(fresh.target.goal),
      verdict(fresh),
    ]);
  }
  const { pglite } = extra;
  if (pglite) {
    out.push([
      `PGlite, ${pglite.target.name}`,
      `${thousands(pglite.app.rps)} req/s, p99 ${pglite.app.p99} ms`,
      goalText(pglite.target.goal),
      verdict(pglite),
    ]);
  }
  if (feed) {
    const encoded = feed.encodings === 'br/gzip';
    out.push([
      'compression (feed page 1)',
      `${(feed.bytes / 1024).toFixed(1)} KiB raw; br ${(feed.brBytes / 1024).toFixed(1)} KiB, gzip ${(feed.gzipBytes / 1024).toFixed(1)} KiB`,
      'brotli/gzip on every text answer',
      encoded ? 'met' : 'NOT MET',
    ]);
  }
  if (extra.healthz) {
    out.push([
      '/healthz during uploads',
      `p99 ${extra.healthz.p99} ms (${extra.healthz.uploads})`,
      `p99 < ${UPLOAD_P99_TARGET_MS} ms`,
      extra.healthz.p99 < UPLOAD_P99_TARGET_MS ? 'met' : 'NOT MET',
    ]);
  }
  return formatTable(['issue row', 'this run', 'target', ''], out);
}
