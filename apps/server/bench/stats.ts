/** Throughput and latency percentiles (milliseconds) of one measured run. */
export type TLatencyStats = {
  requests: number;
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
};

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export function latencyStats(latencies: number[], seconds: number): TLatencyStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: round(sorted.length / seconds, 1),
    p50: round(percentile(sorted, 50)),
    p97_5: round(percentile(sorted, 97.5)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** A plain-text table with right-aligned numbers. */
export function formatTable(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) =>
    Math.max(...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(r.map(String))),
  ].join('\n');
}
