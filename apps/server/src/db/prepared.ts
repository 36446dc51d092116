import type { TDatabase } from './client';

const statements = new WeakMap<TDatabase, Map<string, unknown>>();

/**
 * A statement prepared once per database (or transaction) and reused by
 * every repository made on it: repositories are cheap objects made per
 * request, and building a query with drizzle's builder cost more of the
 * event loop than the database took to answer it (docs/PERFORMANCE.md,
 * "Signed-in readers"). `name` names the prepared statement on each
 * connection, so it must stand for one text only.
 */
export function preparedOnce<T>(db: TDatabase, name: string, prepare: () => T): T {
  let known = statements.get(db);
  if (!known) {
    known = new Map();
    statements.set(db, known);
  }
  const found = known.get(name) as T | undefined;
  if (found) return found;
  const statement = prepare();
  known.set(name, statement);
  return statement;
}

/**
 * Integer ids as one `int[]` parameter (`= any($n::int[])`): one parameter
 * whatever their number, so the statement's text, and its plan, stay the same.
 */
export function intArrayParam(ids: { join(separator: string): string }): string {
  return `{${ids.join(',')}}`;
}
