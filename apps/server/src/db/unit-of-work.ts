import type { TDatabase } from './client';
import { repositoriesOn, type TRepositories } from './repositories';

export type { TRepositories } from './repositories';

/**
 * The one way a transaction is opened (ADR 0045). `run` begins one
 * transaction and hands its callback the repositories bound to it (`tx.works`,
 * `tx.points`, ...; each made on first use): everything written through them
 * commits when the callback returns and is rolled back when it throws.
 * Code that must write in a caller's transaction (points rewards,
 * notifications, audit entries, search documents) takes that `tx` and uses
 * its repositories. Row locks are the repositories' (`for update`, `skip
 * locked`, ...); the transaction runs at the database's default isolation
 * (read committed), as every one did before. The same on PGlite and on
 * node-postgres: drizzle's transaction holds one connection (PGlite has only
 * one) for the callback's statements.
 */
export class UnitOfWork {
  /**
   * The repositories on the database itself, outside any transaction: each
   * statement commits on its own. For reads, single statements, and calls
   * of code that takes a `tx` from a path that needs no transaction.
   */
  readonly repositories: TRepositories;

  constructor(private readonly db: TDatabase) {
    this.repositories = repositoriesOn(db);
  }

  run<T>(work: (tx: TRepositories) => Promise<T>): Promise<T> {
    return this.db.transaction((handle) => work(repositoriesOn(handle)));
  }
}
