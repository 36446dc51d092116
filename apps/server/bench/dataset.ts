import { sql } from 'drizzle-orm';
import { queryRows, type TDatabase } from '../src/db/client';
import { SearchIndexer } from '../src/modules/search';
import { EN_ADJECTIVES, EN_NOUNS, MATERIALS, TAGS, ZH_ADJECTIVES, ZH_NOUNS } from './dataset.words';

export type TDatasetSize = { works: number; users: number; likes: number };
export type TDatasetReport = TDatasetSize & {
  reused: boolean;
  publishedWorks: number;
  likeRows: number;
  /** Where the likes went: work_likes rows, or only works.like_count when that table is absent. */
  likesStoredAs: 'work_likes' | 'like_count only';
  /** The build's phases; `indexes`: the secondary indexes made again after the load. */
  seconds: { data: number; indexes: number; searchIndex: number; vacuum: number; total: number };
};

/** Tables the build fills; their secondary indexes are made after the load, not row by row. */
const LOADED_TABLES = ['works', 'work_categories', 'work_likes'];

/** A SQL array literal of strings, for picking words by index inside generate_series. */
const arr = (words: readonly string[]) =>
  sql.raw(`array[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(',')}]::text[]`);
const pick = (words: readonly string[], index: string) =>
  sql`(${arr(words)})[1 + ((${sql.raw(index)}) % ${sql.raw(String(words.length))})]`;

async function one<T extends Record<string, unknown>>(
  db: TDatabase,
  query: ReturnType<typeof sql>,
) {
  const [row] = await queryRows<T>(db, query);
  if (!row) throw new Error('query returned no row');
  return row;
}

async function hasTable(db: TDatabase, name: string): Promise<boolean> {
  const row = await one<{ found: boolean }>(
    db,
    sql`select to_regclass(${name}) is not null as found`,
  );
  return row.found;
}

/**
 * Issue 5 data set in SQL (INSERT ... SELECT generate_series): users, works
 * in Chinese and English with categories, tags and materials, and likes.
 * Kept when a previous run built the same sizes (bench_meta).
 */
export async function buildDataset(
  db: TDatabase,
  size: TDatasetSize,
  log: (line: string) => void,
): Promise<TDatasetReport> {
  await db.execute(
    sql`create table if not exists bench_meta (key text primary key, value text not null)`,
  );
  const wanted = JSON.stringify(size);
  const [meta] = await queryRows<{ value: string }>(
    db,
    sql`select value from bench_meta where key = 'size'`,
  );
  const likesStoredAs = (await hasTable(db, 'work_likes')) ? 'work_likes' : 'like_count only';
  if (meta?.value === wanted) {
    log('dataset: reusing the one built by an earlier run (BENCH_FRESH=1 rebuilds it)');
    return {
      ...size,
      ...(await counts(db)),
      reused: true,
      likesStoredAs,
      seconds: { data: 0, indexes: 0, searchIndex: 0, vacuum: 0, total: 0 },
    };
  }
  if (meta) throw new Error('this database holds another data set: use BENCH_FRESH=1');

  const started = performance.now();
  const indexes = await dropSecondaryIndexes(db);
  log(`dataset: ${size.users} users`);
  await db.execute(sql`
    insert into users (email, password_hash, nickname, bio)
    select 'bench' || g || '@bench.test', 'x',
      case when g % 3 = 0 then '创客' || g else 'Maker ' || g end,
      'Bench user ' || g
    from generate_series(1, ${size.users}) g`);
  const { first_user: firstUser } = await one<{ first_user: number }>(
    db,
    sql`select min(id)::int as first_user from users where email like 'bench%@bench.test'`,
  );

  log(`dataset: ${size.works} works`);
  const craft = ['3D printing', 'laser', 'UV printing'];
  await db.execute(sql`
    insert into works (user_id, title, summary, tags, use_material, software, status,
      rejection_reason, download_count, created_at, updated_at, published_at, deleted_at)
    select ${firstUser} + (g * 7919) % ${size.users},
      case when g % 2 = 0
        then ${pick(EN_ADJECTIVES, 'g / 2')} || ' ' || ${pick(EN_NOUNS, 'g / 40')}
        else ${pick(ZH_ADJECTIVES, 'g / 2')} || ${pick(ZH_NOUNS, 'g / 40')} end,
      case when g % 2 = 0
        then 'A ' || lower(${pick(EN_ADJECTIVES, 'g / 2')}) || ' ' || lower(${pick(EN_NOUNS, 'g / 40')})
          || ' designed for ' || ${pick(craft, 'g')} || ' makers. Prints without supports.'
        else '适合' || ${pick(['3D打印', '激光雕刻', 'UV打印'], 'g')} || '的' || ${pick(ZH_ADJECTIVES, 'g / 2')}
          || ${pick(ZH_NOUNS, 'g / 40')} || '，无需支撑，新手友好。' end,
      jsonb_build_array(${pick(TAGS, 'g')}, ${pick(TAGS, 'g / 7 + 3')}),
      jsonb_build_array(${pick(MATERIALS, 'g')}),
      'PrusaSlicer',
      case when g % 50 = 0 then 'in_review' when g % 97 = 0 then 'rejected' else 'published' end,
      case when g % 50 <> 0 and g % 97 = 0 then 'Bench rejection' else '' end,
      (g * 37) % 500,
      now() - g * interval '3 minutes' - interval '1 day',
      now() - g * interval '3 minutes',
      case when g % 50 = 0 or g % 97 = 0 then null else now() - g * interval '3 minutes' end,
      case when g % 101 = 0 then now() else null end
    from generate_series(1::bigint, ${size.works}) g`);
  const { first_work: firstWork } = await one<{ first_work: number }>(
    db,
    sql`select min(w.id)::int as first_work from works w join users u on u.id = w.user_id
        where u.email like 'bench%@bench.test'`,
  );

  log('dataset: categories (one child each, every tenth work a second one)');
  await db.execute(sql`
    with leaves as (
      select array_agg(id order by id) as ids from categories where parent_id is not null
    )
    insert into work_categories (work_id, category_id)
    select distinct w.id, c.id from works w, leaves,
      lateral (values
        (leaves.ids[1 + (w.id % array_length(leaves.ids, 1))]),
        (case when w.id % 10 = 0 then leaves.ids[1 + ((w.id * 7) % array_length(leaves.ids, 1))] end)
      ) as c(id)
    where w.id >= ${firstWork} and c.id is not null`);

  log(`dataset: ${size.likes} likes (${likesStoredAs})`);
  await insertLikes(db, size, firstUser, firstWork, likesStoredAs);

  const data = (performance.now() - started) / 1000;
  log(`dataset: ${indexes.length} secondary indexes made again`);
  const indexed = performance.now();
  for (const definition of indexes) await db.execute(sql.raw(definition));
  const indexSeconds = (performance.now() - indexed) / 1000;
  await db.execute(sql`insert into bench_meta (key, value) values ('size', ${wanted})`);

  log('dataset: search documents (Chinese words, pairs, typo vocabulary)');
  const searchStarted = performance.now();
  await new SearchIndexer(db).refresh({ full: true });
  const searchIndex = (performance.now() - searchStarted) / 1000;

  log('dataset: vacuum analyze');
  const vacuumed = performance.now();
  await db.execute(sql`vacuum analyze`);
  const vacuum = (performance.now() - vacuumed) / 1000;
  const total = (performance.now() - started) / 1000;
  log(
    `dataset: built in ${total.toFixed(0)} s (rows ${data.toFixed(0)} s, indexes ${indexSeconds.toFixed(0)} s, ` +
      `search ${searchIndex.toFixed(0)} s, vacuum ${vacuum.toFixed(0)} s)`,
  );
  return {
    ...size,
    ...(await counts(db)),
    reused: false,
    likesStoredAs,
    seconds: { data, indexes: indexSeconds, searchIndex, vacuum, total },
  };
}

/**
 * The loaded tables' indexes that no constraint owns, dropped: a million
 * works and ten million likes load far faster into bare tables, and each
 * index is then built once, sorted (the migrations' own definitions, made
 * again as they were).
 */
async function dropSecondaryIndexes(db: TDatabase): Promise<string[]> {
  const tables = sql.raw(LOADED_TABLES.map((name) => `'${name}'`).join(','));
  const rows = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${tables})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const row of rows) await db.execute(sql.raw(`drop index "${row.name}"`));
  return rows.map((row) => row.definition);
}

/**
 * Distinct (user, work) pairs without a random source: the k-th like of
 * user u goes to work (u * 7919 + k * 997) mod W, and 997 is prime to W.
 * Like i is user i mod U's like number i div U; they are made user by user
 * (the same pairs, in the primary key's order), with the foreign keys'
 * row-by-row checks off for the load (every id comes from the ranges just
 * made).
 */
async function insertLikes(
  db: TDatabase,
  size: TDatasetSize,
  firstUser: number,
  firstWork: number,
  storedAs: TDatasetReport['likesStoredAs'],
) {
  const perUser = Math.ceil(size.likes / size.users);
  const pairs = sql`
    select ${firstUser} + u as user_id,
      ${firstWork} + ((u * 7919 + k * 997) % ${size.works}) as work_id
    from generate_series(0::bigint, ${size.users - 1}) u, generate_series(0::bigint, ${perUser - 1}) k
    where k * ${size.users} + u < ${size.likes}`;
  if (storedAs === 'work_likes') {
    await db.transaction(async (tx) => {
      const [role] = await queryRows<{ is_superuser: string }>(
        tx,
        sql`select current_setting('is_superuser') as is_superuser`,
      );
      if (role?.is_superuser === 'on') {
        await tx.execute(sql`set local session_replication_role = replica`);
      }
      await tx.execute(
        sql`insert into work_likes (user_id, work_id) ${pairs} order by 1, 2 on conflict do nothing`,
      );
    });
    await db.execute(sql`
      update works w set like_count = c.n
      from (select work_id, count(*)::int as n from work_likes group by work_id) c
      where c.work_id = w.id`);
    return;
  }
  await db.execute(sql`
    update works w set like_count = c.n
    from (select work_id, count(*)::int as n from (${pairs}) p group by work_id) c
    where c.work_id = w.id`);
}

async function counts(db: TDatabase) {
  const row = await one<{ published: number; likes: number }>(
    db,
    sql`select
      (select count(*)::int from works where status = 'published' and deleted_at is null) as published,
      (select coalesce(sum(like_count), 0)::int from works) as likes`,
  );
  return { publishedWorks: row.published, likeRows: row.likes };
}
