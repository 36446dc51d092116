/**
 * Whether a suspension holds at `now`: set, and without an end or with one
 * still ahead. One that ran out counts as lifted wherever it is read (the
 * session check, the profile, the console) before the sweep clears it.
 */
export function isSuspended(
  row: { suspendedAt: Date | null; suspendedUntil?: Date | null },
  now: Date,
): boolean {
  if (!row.suspendedAt) return false;
  return !row.suspendedUntil || row.suspendedUntil.getTime() > now.getTime();
}
