/**
 * PostgreSQL errors that mean "too busy now, try again soon": no connection
 * could be had in time (too_many_connections, cannot_connect_now).
 */
const BUSY_SQLSTATES = new Set(['53300', '57P03']);

/** node-postgres's pool gave no connection within its acquire timeout. */
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * Whether `error` (or an error it wraps: Drizzle's query errors carry the
 * driver's as `cause`) says the database could not be reached in time
 * because it is busy, as opposed to a failed statement. The error handler
 * answers these 503 with Retry-After instead of 500 (ADR 0050).
 */
export function isDatabaseBusy(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current.message === POOL_TIMEOUT) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && BUSY_SQLSTATES.has(code)) return true;
    current = current.cause;
  }
  return false;
}
