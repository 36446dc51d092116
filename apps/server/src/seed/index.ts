import { sql } from 'drizzle-orm';
import type { TDatabase } from '../db/client';
import type { FileStorage } from '../modules/files';
import { seedDemo, type TDemoSeedResult } from './demo/demo.seed';
import { seedDemoPosts } from './demo/posts.seed';
import { seedDemoSocial } from './demo/social.seed';
import { seedReference } from './reference.seed';
import { SEED_LOCK_KEY } from './seed.lock';

export type TSeedOptions = {
  db: TDatabase;
  storage: FileStorage;
  /** Demo users, works, banners and collections on top of the reference data. */
  demo: boolean;
  log: { info(msg: string): void };
};

export type TSeedResult = {
  /** Reference rows inserted or changed; 0 when the database was already up to date. */
  reference: number;
  demo: TDemoSeedResult | null;
  /** Demo community posts added (posts.seed). */
  posts: number;
  /** Demo comments, likes, favourites and follows added (social.seed). */
  social: number;
  ms: number;
};

/**
 * Seeds the reference data (categories, machines, materials) on every start
 * and, when asked, the demo content. Idempotent: reference rows are upserted
 * by slug and change only when the data files do; demo content is added only
 * where it is absent. Each part runs in its own transaction.
 */
export async function runSeed({ db, storage, demo, log }: TSeedOptions): Promise<TSeedResult> {
  const started = performance.now();
  const { written, ids } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return seedReference(tx);
  });
  log.info(
    written > 0
      ? `seed: reference data written (${written} rows)`
      : 'seed: reference data up to date',
  );
  if (!demo) {
    return { reference: written, demo: null, posts: 0, social: 0, ms: performance.now() - started };
  }

  const result = await seedDemo(db, storage, ids);
  const posts = await seedDemoPosts(db, storage);
  const social = await seedDemoSocial(db);
  const ms = performance.now() - started;
  const added = result.users + result.works + result.banners + result.collections + posts + social;
  log.info(
    added > 0
      ? `seed: demo content added (${result.users} users, ${result.works} works, ${result.banners} banners, ${result.collections} collections, ${posts} posts, ${social} comments, likes, favourites and follows) in ${Math.round(ms)} ms`
      : 'seed: demo content already present',
  );
  return { reference: written, demo: result, posts, social, ms };
}
