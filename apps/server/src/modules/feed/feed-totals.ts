/**
 * List totals (SPEC 7 `total`) cached per works_feed_version. Triggers move
 * the version whenever a work is published, hidden, deleted or
 * re-categorised, so a cached total is exact until then, and a first page
 * costs one indexed query instead of counting 100,000 rows on every request.
 * Versions only grow: an answer counted at an older version never replaces
 * a newer one.
 */
export class FeedTotals {
  private version = -1;
  private readonly totals = new Map<string, number>();

  get(version: number, key: string): number | undefined {
    return version === this.version ? this.totals.get(key) : undefined;
  }

  set(version: number, key: string, total: number): void {
    if (version < this.version) return;
    if (version > this.version) {
      this.version = version;
      this.totals.clear();
    }
    this.totals.set(key, total);
  }
}
